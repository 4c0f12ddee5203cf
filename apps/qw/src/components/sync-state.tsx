// A work space's sync: a progress bar with the phase while running, else its outcome.
import { Progress, Space, Tag, Typography } from 'antd';
import type { SyncProgress } from '@scrm/contracts/qw';
import { formatMinute } from '@scrm/web-kit';
import { T } from '../texts';

export function SyncState({ sync }: { sync: SyncProgress }) {
  if (sync.status === 'running') {
    const detail = sync.total > 0 ? `（${sync.done}/${sync.total}）` : '';
    return (
      <div data-testid="sync-progress">
        <Typography.Text type="secondary">
          {T.syncing}：{T.phase[sync.phase] ?? ''}
          {detail}
        </Typography.Text>
        <Progress percent={sync.percent} size="small" status="active" />
      </div>
    );
  }
  if (sync.status === 'failed') {
    return (
      <Space>
        <Tag color="error">{T.syncFailed}</Tag>
        <Typography.Text type="danger">{sync.error}</Typography.Text>
      </Space>
    );
  }
  if (sync.status === 'done') {
    return (
      <Space>
        <Tag color="success">{T.syncDone}</Tag>
        {sync.syncedAt ? (
          <Typography.Text type="secondary">
            {T.syncedAt} {formatMinute(sync.syncedAt)}
          </Typography.Text>
        ) : null}
      </Space>
    );
  }
  return <Tag>{T.syncIdle}</Tag>;
}
