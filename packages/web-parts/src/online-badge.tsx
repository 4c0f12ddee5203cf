// A member's state on a code: receiving adds, or why not.
import { Badge, Tooltip } from 'antd';
import type { CodeMember } from '@scrm/contracts/contact-way';
import { T } from './texts';

export interface OnlineBadgeProps {
  member: Pick<CodeMember, 'receiving' | 'switchOn' | 'offlineReasons'>;
}

/** 「接待中」 (green) when receiving; else grey when switched off by the operator, orange when held off automatically, labelled with the reasons. */
export function OnlineBadge({ member }: OnlineBadgeProps) {
  if (member.receiving) return <Badge status="success" text={T.online.receiving} data-testid="online-badge" />;
  const reasons = member.offlineReasons.length ? member.offlineReasons : [member.switchOn ? T.online.offline : T.online.manual];
  const label = reasons.join('、');
  return (
    <Tooltip title={reasons.length > 1 ? reasons.map((r) => <div key={r}>{r}</div>) : label}>
      <Badge
        status={member.switchOn ? 'warning' : 'default'}
        text={label}
        data-testid="online-badge"
        style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
