// A plan's members in a table cell: the first few avatars and names, then 「等 N 人」 (all in a tooltip).
import { Avatar, Flex, Tag, Tooltip, Typography } from 'antd';
import type { PlanMember } from '@scrm/contracts/risk';
import { RISK as T } from '../texts';

/** Members named before 「等 N 人」. */
export const SHOWN_MEMBERS = 3;

export function MemberName({ member, muted }: { member: Pick<PlanMember, 'name' | 'avatar'>; muted?: boolean }) {
  return (
    <Flex align="center" gap={6} style={{ minWidth: 0 }}>
      <Avatar size={22} src={member.avatar || undefined} style={{ flex: 'none', fontSize: 12 }}>
        {member.name.slice(0, 1)}
      </Avatar>
      <Typography.Text ellipsis type={muted ? 'secondary' : undefined} style={{ maxWidth: 120 }}>
        {member.name}
      </Typography.Text>
    </Flex>
  );
}

/** `members` empty with `allWhenEmpty`: every member of the corp (a limit plan). */
export function PlanMembers({ members, allWhenEmpty }: { members: PlanMember[]; allWhenEmpty?: boolean }) {
  if (!members.length) {
    return allWhenEmpty ? (
      <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="plan-members-all">
        {T.allMembers}
      </Tag>
    ) : (
      <Typography.Text type="secondary">{T.none}</Typography.Text>
    );
  }
  const shown = members.slice(0, SHOWN_MEMBERS);
  const rest = members.length - shown.length;
  return (
    <Tooltip title={members.length > SHOWN_MEMBERS ? members.map((m) => m.name).join('、') : undefined}>
      <Flex gap={10} wrap align="center" data-testid="plan-members">
        {shown.map((m) => (
          <MemberName key={m.userid} member={m} />
        ))}
        {rest > 0 ? <Typography.Text type="secondary">{T.moreMembers(members.length)}</Typography.Text> : null}
      </Flex>
    </Tooltip>
  );
}
