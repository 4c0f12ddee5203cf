// How a push's state reads everywhere: the status tag (colour per state) and its figures.
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, MinusCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PUSH_MEMBER_STATUS_LABEL, PUSH_STATUS_LABEL, PUSH_TARGET_STATUS_LABEL, type PushCounts, type PushMemberStatus, type PushStatus, type PushTargetStatus } from '@scrm/contracts/push';
import { T } from './texts';

const STATUS_LOOK: Record<PushStatus, { color: string; icon: ReactNode }> = {
  scheduled: { color: 'gold', icon: <ClockCircleOutlined /> },
  sending: { color: 'processing', icon: <SyncOutlined spin /> },
  done: { color: 'success', icon: <CheckCircleOutlined /> },
  cancelled: { color: 'default', icon: <MinusCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** 待发送 / 发送中 / 已完成 / 已取消 / 失败, with the reason of a failure on hover. */
export function PushStatusTag({ status, error }: { status: PushStatus; error?: string | null }) {
  const look = STATUS_LOOK[status];
  const tag = (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid="push-status" data-status={status}>
      {PUSH_STATUS_LABEL[status]}
    </Tag>
  );
  return status === 'failed' && error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}

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
