// The status of a connection with a 「检测连接」 button, polling while a sync runs.
import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { runAction } from '@scrm/web-kit';
import { useCheckStatus } from '../api/check-status';
import { useWorkSpace } from '../api/get-work-space';
import { T } from '../texts';
import { StatusBadges } from './status-badges';
import { SyncState } from './sync-state';

export function ConnectionCheck({ initial }: { initial: WorkSpaceInfo }) {
  const checkMutation = useCheckStatus();
  const [checking, setChecking] = useState(false);
  const query = useWorkSpace(initial.id, {
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.sync.status === 'running' ? 1000 : false),
  });
  // Never empty (the card's own info is the initial data); the type cannot know it through the hook.
  const info = query.data ?? initial;
  const check = async () => {
    setChecking(true);
    try {
      await runAction(() => checkMutation.mutateAsync(initial.id), { success: T.checked });
    } catch {
      /* toast shown */
    } finally {
      setChecking(false);
    }
  };
  return (
    <div>
      <Typography.Title level={5}>{T.statusTitle}</Typography.Title>
      <Flex vertical gap={12}>
        <StatusBadges status={info.status} />
        <SyncState sync={info.sync} />
        <div>
          <Button onClick={check} loading={checking}>
            {T.check}
          </Button>
        </div>
      </Flex>
    </div>
  );
}
