// A member's state on a code as the pages show it: receiving, online and waiting for a turn, or off (and why).
import { Badge, Flex, Tooltip, Typography } from 'antd';
import type { CodeMember, Distribution } from '@scrm/contracts/contact-way';
import { T } from '../texts';

/** kept: off by every rule, but still on WeCom's list because a contact way cannot be empty. */
export type MemberStateKind = 'receiving' | 'kept' | 'waiting' | 'offline';

export interface MemberState {
  kind: MemberStateKind;
  label: string;
  /** Lines for a tooltip: the reasons it is off, or what it waits for. */
  detail: string[];
}

export const STATE_COLOR: Record<MemberStateKind, string> = { receiving: '#52c41a', kept: '#faad14', waiting: '#1677ff', offline: '#bfbfbf' };

export function memberState(m: Pick<CodeMember, 'receiving' | 'switchOn' | 'offlineReasons' | 'backup'>, distribution: Distribution): MemberState {
  // WeCom keeps the last list when nobody is eligible: such a member still receives, and the reasons say why it should not.
  if (m.receiving) return m.offlineReasons.length ? { kind: 'kept', label: T.state.kept, detail: [...m.offlineReasons, T.keptHint] } : { kind: 'receiving', label: T.state.receiving, detail: [] };
  if (m.switchOn && !m.offlineReasons.length) {
    return m.backup
      ? { kind: 'waiting', label: T.state.waitingBackup, detail: [T.waitingHint.backup!] }
      : { kind: 'waiting', label: T.state.waiting, detail: [T.waitingHint[distribution]!] };
  }
  return { kind: 'offline', label: T.state.offline, detail: m.offlineReasons.length ? m.offlineReasons : [T.switchOff] };
}

/** Receiving by the code's own rules (not only kept on WeCom's list). */
export const isReceiving = (m: Pick<CodeMember, 'receiving' | 'offlineReasons'>) => m.receiving && !m.offlineReasons.length;

/** A member's name with a state dot; the tooltip tells the state and why. */
export function MemberChip({ member, distribution }: { member: CodeMember; distribution: Distribution }) {
  const state = memberState(member, distribution);
  return (
    <Tooltip
      title={
        <div data-testid="member-chip-tip">
          <div style={{ fontWeight: 500 }}>
            {member.name}
            {member.backup ? `（${T.backupMark}）` : ''}：{state.label}
          </div>
          {state.detail.map((line) => (
            <div key={line} style={{ opacity: 0.85 }}>
              {line}
            </div>
          ))}
        </div>
      }
    >
      <Flex
        align="center"
        gap={4}
        data-testid="member-chip"
        data-state={state.kind}
        style={{ padding: '0 6px', height: 22, borderRadius: 11, background: '#f5f5f5', maxWidth: 120, cursor: 'default' }}
      >
        <Badge color={STATE_COLOR[state.kind]} />
        <Typography.Text ellipsis style={{ fontSize: 12, color: state.kind === 'offline' ? 'rgba(0,0,0,.45)' : undefined }}>
          {member.name}
        </Typography.Text>
        {member.backup ? <span style={{ fontSize: 11, color: '#fa8c16', flex: 'none' }}>{T.backupMark}</span> : null}
      </Flex>
    </Tooltip>
  );
}
