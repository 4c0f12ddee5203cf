// How a push's members, customers and figures read (the push's own state: marketing/send-status.tsx).
import { Flex, Tag, Typography } from 'antd';
import { PUSH_MEMBER_STATUS_LABEL, PUSH_TARGET_STATUS_LABEL, type PushCounts, type PushMemberStatus, type PushTargetStatus } from '@scrm/contracts/push';
import { T } from './texts';

const MEMBER_COLOR: Record<PushMemberStatus, string> = { unsent: 'gold', sent: 'success', cancelled: 'default', failed: 'error' };
export function MemberStatusTag({ status }: { status: PushMemberStatus }) {
  return (
    <Tag color={MEMBER_COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="member-status">
      {PUSH_MEMBER_STATUS_LABEL[status]}
    </Tag>
  );
}

const TARGET_COLOR: Record<PushTargetStatus, string> = { unsent: 'gold', sent: 'success', not_friend: 'default', received_other: 'orange', refused: 'error', over_cap: 'purple' };
export function TargetStatusTag({ status }: { status: PushTargetStatus }) {
  return (
    <Tag color={TARGET_COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="target-status">
      {PUSH_TARGET_STATUS_LABEL[status]}
    </Tag>
  );
}

/** 预计 / 已送达 / 未送达 / 失败 of a list row, two figures a line. */
export function CountsCell({ counts }: { counts: PushCounts }) {
  const item = (label: string, n: number, color?: string) => (
    <Flex gap={6} align="baseline">
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {label}
      </Typography.Text>
      <span style={{ fontVariantNumeric: 'tabular-nums', color }}>{n}</span>
    </Flex>
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', columnGap: 16, rowGap: 2 }} data-testid="push-counts">
      {item(T.count.targets, counts.targets)}
      {item(T.count.sent, counts.sent, '#52c41a')}
      {item(T.count.unsent, counts.unsent)}
      {item(T.count.failed, counts.failed, counts.failed ? '#ff4d4f' : undefined)}
    </div>
  );
}
