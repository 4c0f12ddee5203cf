// A code's status as a badge; a failed code shows WeCom's reason on hover.
import { Badge, Tooltip } from 'antd';
import { CODE_STATUS_LABEL, type CodeStatus } from '@scrm/contracts/contact-way';
import { T } from '../texts';

const STATUS_BADGE: Record<CodeStatus, 'processing' | 'success' | 'error' | 'default'> = { creating: 'processing', active: 'success', failed: 'error', expired: 'default' };

export function CodeStatusBadge({ status, error }: { status: CodeStatus; error: string | null }) {
  const badge = <Badge status={STATUS_BADGE[status]} text={CODE_STATUS_LABEL[status]} data-testid="code-status" />;
  if (status === 'failed') return <Tooltip title={error ?? T.failedHint}>{badge}</Tooltip>;
  if (status === 'creating') return <Tooltip title={T.creatingHint}>{badge}</Tooltip>;
  return badge;
}
