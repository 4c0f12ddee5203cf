// A batch's status as a badge, and how long its codes still work.
import { Badge, Tooltip, Typography } from 'antd';
import { DAY_MS, HOUR_MS } from '@scrm/contracts/china-time';
import { LEAD_BATCH_STATUS_LABEL, type LeadBatch, type LeadBatchStatus } from '@scrm/contracts/lead';
import { formatTime } from '@scrm/web-parts';
import { T } from '../texts';

const STATUS_BADGE: Record<LeadBatchStatus, 'processing' | 'success' | 'warning' | 'default'> = { creating: 'processing', ready: 'success', partial: 'warning', expired: 'default' };

export function BatchStatusBadge({ batch }: { batch: Pick<LeadBatch, 'status' | 'failed'> }) {
  const badge = <Badge status={STATUS_BADGE[batch.status]} text={LEAD_BATCH_STATUS_LABEL[batch.status]} data-testid="batch-status" />;
  return batch.status === 'partial' ? <Tooltip title={T.failedCounts(batch.failed)}>{badge}</Tooltip> : badge;
}

/** 「7 天后过期」, 「5 小时后过期」, 「即将过期」 or 「已过期」. */
export function expiryText(expiresAt: number, now = Date.now()): string {
  const left = expiresAt - now;
  if (left <= 0) return T.expired;
  if (left < HOUR_MS) return T.expiresSoon;
  if (left < DAY_MS) return T.expiresInHours(Math.ceil(left / HOUR_MS));
  return T.expiresIn(Math.ceil(left / DAY_MS));
}

/** The expiry time with how long is left under it (orange within a day, grey once past). */
export function Expiry({ expiresAt }: { expiresAt: number }) {
  const left = expiresAt - Date.now();
  return (
    <div data-testid="batch-expiry">
      <div style={{ whiteSpace: 'nowrap' }}>{formatTime(expiresAt).slice(0, 16)}</div>
      <Typography.Text type={left <= 0 ? 'secondary' : left < DAY_MS ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
        {expiryText(expiresAt)}
      </Typography.Text>
    </div>
  );
}
