// The ordered receiving members of a code: add with the member picker, reorder by dragging or with the
// arrows, a daily cap of their own (empty = the code's), and the 备用成员 switch.
import { useState, type DragEvent } from 'react';
import { Avatar, Button, Flex, InputNumber, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, InfoCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { CODE_MAX_MEMBERS, type CodeMemberInput } from '@scrm/contracts/contact-way';
import type { MemberOption } from '@scrm/contracts/customer';
import type { MemberGroupMember } from '@scrm/contracts/member-group';
import { toast } from '@scrm/web-kit';
import { MemberSelect } from '@scrm/web-parts';
import { T } from '../../texts';

export interface MemberLook {
  name: string;
  avatar: string;
  departmentNames?: string[];
}

export interface MemberListEditorProps {
  value?: CodeMemberInput[];
  onChange?: (value: CodeMemberInput[]) => void;
  /** The code's own daily cap, shown as what an empty member cap means. */
  codeCap: number;
  /** Names and avatars of the members already on the code (editing). */
  looks?: ReadonlyMap<string, MemberLook>;
  /** Set by Form.Item. */
  id?: string;
}

const GRID = '24px 36px minmax(0, 1fr) 150px 96px 108px';

/** Moves the item at `from` to `to` (both in the list before the move). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function MemberListEditor({ value, onChange, codeCap, looks, id }: MemberListEditorProps) {
  const members = value ?? [];
  const [added, setAdded] = useState<ReadonlyMap<string, MemberLook>>(new Map());
  // A new picker after each pick, so it shows its placeholder again.
  const [pickerKey, setPickerKey] = useState(0);
  // Dragging starts only from the handle, so the cap box and switch keep their own mouse behaviour.
  const [armed, setArmed] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const lookOf = (userid: string): MemberLook => added.get(userid) ?? looks?.get(userid) ?? { name: userid, avatar: '' };
  const set = (next: CodeMemberInput[]) => onChange?.(next);
  const patch = (i: number, p: Partial<CodeMemberInput>) => set(members.map((m, j) => (j === i ? { ...m, ...p } : m)));

  const add = (userid: string | undefined, member: MemberOption | undefined) => {
    if (!userid) return;
    setPickerKey((k) => k + 1);
    const look = member ? { name: member.name, avatar: member.avatar, departmentNames: member.departmentNames } : lookOf(userid);
    if (members.some((m) => m.userid === userid)) {
      toast.info(T.memberAlready(look.name));
      return;
    }
    if (members.length >= CODE_MAX_MEMBERS) {
      toast.info(T.memberMax(CODE_MAX_MEMBERS));
      return;
    }
    setAdded((prev) => new Map(prev).set(userid, look));
    set([...members, { userid, dailyCap: null, backup: false }]);
  };

  // 「按分组选择」: the group's members after those already on the code, up to the code's limit.
  const addGroup = (group: MemberGroupMember[]) => {
    setPickerKey((k) => k + 1);
    const fresh = group.filter((g) => !members.some((m) => m.userid === g.userid));
    const room = Math.max(0, CODE_MAX_MEMBERS - members.length);
    const taken = fresh.slice(0, room);
    if (fresh.length > room) toast.info(T.memberMax(CODE_MAX_MEMBERS));
    if (!taken.length) {
      if (fresh.length <= room) toast.info(T.groupAdded(0, group.length));
      return;
    }
    setAdded((prev) => {
      const next = new Map(prev);
      for (const g of taken) next.set(g.userid, { name: g.name, avatar: g.avatar, departmentNames: g.departmentNames });
      return next;
    });
    set([...members, ...taken.map((g) => ({ userid: g.userid, dailyCap: null, backup: false }))]);
    toast.success(T.groupAdded(taken.length, group.length - fresh.length));
  };

  const endDrag = () => {
    setArmed(null);
    setDragging(null);
    setOver(null);
  };
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragging !== null && dragging !== to) set(moveItem(members, dragging, to));
    endDrag();
  };

  const regular = members.filter((m) => !m.backup).length;

  return (
    <Flex id={id} vertical gap={12} data-testid="member-list-editor">
      <Flex gap={12} align="center" wrap>
        <MemberSelect key={pickerKey} value={null} onChange={add} onPickGroup={addGroup} placeholder={T.memberAdd} allowClear={false} style={{ width: 320 }} data-testid="member-add" />
        {members.length ? (
          <Typography.Text type="secondary" data-testid="member-count">
            {T.memberCount(regular, members.length - regular)}
          </Typography.Text>
        ) : null}
      </Flex>
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
        <div
          style={{ display: 'grid', gridTemplateColumns: GRID, gap: 12, alignItems: 'center', padding: '8px 12px', background: '#fafafa', borderBottom: '1px solid #f0f0f0', fontSize: 13, color: 'rgba(0,0,0,.65)' }}
        >
          <span />
          <span>{T.memberCol.order}</span>
          <span>{T.memberCol.member}</span>
          <span>
            {T.memberCol.cap}{' '}
            <Tooltip title={T.memberCapHint}>
              <InfoCircleOutlined style={{ color: 'rgba(0,0,0,.35)' }} />
            </Tooltip>
          </span>
          <span>
            {T.memberCol.backup}{' '}
            <Tooltip title={T.backupHint}>
              <InfoCircleOutlined style={{ color: 'rgba(0,0,0,.35)' }} />
            </Tooltip>
          </span>
          <span style={{ textAlign: 'right' }}>{T.memberCol.actions}</span>
        </div>
        {members.length === 0 ? (
          <Flex vertical align="center" gap={6} style={{ padding: '28px 12px', color: 'rgba(0,0,0,.45)' }} data-testid="member-list-empty">
            <TeamOutlined style={{ fontSize: 28, color: 'rgba(0,0,0,.2)' }} />
            {T.memberEmpty}
          </Flex>
        ) : (
          members.map((m, i) => {
            const look = lookOf(m.userid);
            return (
              <div
                key={m.userid}
                data-testid="member-row"
                data-userid={m.userid}
                draggable={armed === i}
                onDragStart={(e) => {
                  setDragging(i);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', m.userid);
                }}
                onDragOver={(e) => {
                  if (dragging === null) return;
                  e.preventDefault();
                  if (over !== i) setOver(i);
                }}
                onDrop={(e) => drop(e, i)}
                onDragEnd={endDrag}
                style={{
                  display: 'grid',
                  gridTemplateColumns: GRID,
                  gap: 12,
                  alignItems: 'center',
                  padding: '10px 12px',
                  borderTop: i ? '1px solid #f0f0f0' : undefined,
                  background: dragging === i ? '#f5f5f5' : m.backup ? '#fffbf0' : '#fff',
                  opacity: dragging === i ? 0.6 : 1,
                  boxShadow: over === i && dragging !== null && dragging !== i ? `inset 0 ${dragging < i ? -2 : 2}px 0 #1677ff` : undefined,
                }}
              >
                <Tooltip title={T.drag}>
                  <HolderOutlined
                    style={{ cursor: 'grab', color: 'rgba(0,0,0,.35)' }}
                    onMouseDown={() => setArmed(i)}
                    onMouseUp={() => setArmed(null)}
                    aria-label={T.drag}
                    data-testid="member-drag"
                  />
                </Tooltip>
                <Typography.Text type="secondary" data-testid="member-order">
                  {i + 1}
                </Typography.Text>
                <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                  <Avatar size={28} src={look.avatar || undefined} style={{ flex: 'none' }}>
                    {look.name.slice(0, 1)}
                  </Avatar>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Flex align="center" gap={6}>
                      <Typography.Text ellipsis data-testid="member-name">
                        {look.name}
                      </Typography.Text>
                      {m.backup ? (
                        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                          {T.backupMark}
                        </Tag>
                      ) : null}
                    </Flex>
                    {look.departmentNames?.length ? (
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }} data-testid="member-departments">
                        {look.departmentNames.join('、')}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                </Flex>
                <InputNumber<number>
                  min={0}
                  max={100_000}
                  precision={0}
                  value={m.dailyCap ?? null}
                  placeholder={T.memberCapPlaceholder(codeCap)}
                  suffix={T.capUnit}
                  onChange={(v) => patch(i, { dailyCap: v ?? null })}
                  style={{ width: '100%' }}
                  aria-label={`${look.name} ${T.memberCol.cap}`}
                  data-testid="member-cap"
                />
                <div>
                  <Switch size="small" checked={Boolean(m.backup)} onChange={(backup) => patch(i, { backup })} aria-label={`${look.name} ${T.memberCol.backup}`} data-testid="member-backup" />
                </div>
                <Flex justify="flex-end" gap={0}>
                  <Tooltip title={T.moveUp}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => set(moveItem(members, i, i - 1))} aria-label={T.moveUp} data-testid="member-up" />
                  </Tooltip>
                  <Tooltip title={T.moveDown}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === members.length - 1}
                      onClick={() => set(moveItem(members, i, i + 1))}
                      aria-label={T.moveDown}
                      data-testid="member-down"
                    />
                  </Tooltip>
                  <Tooltip title={T.remove}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => set(members.filter((_, j) => j !== i))} aria-label={T.remove} data-testid="member-remove" />
                  </Tooltip>
                </Flex>
              </div>
            );
          })
        )}
      </div>
    </Flex>
  );
}
