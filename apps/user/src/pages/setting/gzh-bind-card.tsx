// 公众号绑定 (main accounts; child accounts skip the binding, spec §6): the state, and re-binding by a scan
// in the shared binding panel. The bound scan hands out a fresh session: it replaces this one (the token
// is kept, the old session ended), so the device list shows one entry for this browser.
import { useState } from 'react';
import { Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { getToken, setToken, store, toast, type UserInfo } from '@scrm/web-kit';
import { GzhBindPanel } from '@scrm/web-parts';
import { useQueryClient } from '@tanstack/react-query';
import { revokeSession } from '../../api/revoke-session';
import { sessionsKey, listSessions } from '../../api/list-sessions';
import { T } from '../../texts';

/** Takes the fresh token and ends the session it replaces; a failure there only leaves one more device listed. */
async function switchSession(token: string) {
  const old = getToken() ? (await listSessions().catch(() => null))?.list.find((s) => s.current)?.id : undefined;
  setToken(token);
  if (old) await revokeSession(old).catch(() => undefined);
}

export function GzhBindCard({ user }: { user: UserInfo }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const onToken = async (token: string) => {
    setOpen(false);
    await switchSession(token);
    store.mergeUserInfo({ isBindGzh: true });
    toast.success(T.rebindDone);
    void client.invalidateQueries({ queryKey: sessionsKey });
  };
  return (
    <Card title={T.gzhTitle} variant="borderless" style={{ height: '100%' }} data-testid="gzh-card">
      <Flex vertical gap={16} align="flex-start">
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{T.gzhState}：</Typography.Text>
          {user.isBindGzh ? (
            <Tag color="success" data-testid="gzh-state">
              {T.gzhBound}
            </Tag>
          ) : (
            <Tag data-testid="gzh-state">{T.gzhUnbound}</Tag>
          )}
        </Flex>
        <Typography.Text type="secondary">{user.isBindGzh ? T.gzhBoundHint : T.gzhUnboundHint}</Typography.Text>
        <Button type={user.isBindGzh ? 'default' : 'primary'} onClick={() => setOpen(true)} data-testid="gzh-rebind">
          {user.isBindGzh ? T.rebind : T.bind}
        </Button>
      </Flex>
      <Modal open={open} title={T.rebindTitle} onCancel={() => setOpen(false)} footer={null} centered width={420} destroyOnHidden>
        {open ? <GzhBindPanel hint={T.rebindHint} after={T.rebindAfter} onToken={(token) => void onToken(token)} /> : null}
      </Modal>
    </Card>
  );
}
