// How far a batch has come, as one bar: codes made (blue) and leads who added the member (green).
import { Flex, Progress, Tooltip, Typography } from 'antd';
import type { LeadBatch } from '@scrm/contracts/lead';
import { T } from '../texts';

const pct = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);

export function BatchProgress({ batch }: { batch: Pick<LeadBatch, 'total' | 'created' | 'failed' | 'added'> }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: 260 }} data-testid="batch-progress">
      <Typography.Text>{T.counts(batch.added, batch.total)}</Typography.Text>
      <Tooltip title={`${T.creatingCounts(batch.created, batch.total)}，${T.counts(batch.added, batch.total)}`}>
        <Progress percent={pct(batch.created, batch.total)} success={{ percent: pct(batch.added, batch.total) }} size="small" showInfo={false} />
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.creatingCounts(batch.created, batch.total)}
        {batch.failed ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{`，${T.failedCounts(batch.failed)}`}</Typography.Text> : null}
      </Typography.Text>
    </Flex>
  );
}
