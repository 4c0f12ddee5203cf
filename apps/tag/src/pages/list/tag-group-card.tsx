// One tag group as a card: its name and tag count, move up/down, rename, add tags, delete; its tags as
// chips with their customer counts, each with a menu (rename, move, delete).
import { Button, Card, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { CorpTagGroup } from '@scrm/contracts/customer';
import { T } from '../../texts';

type CorpTag = CorpTagGroup['tags'][number];

export interface TagGroupActions {
  moveGroup(groupId: string, dir: -1 | 1): void;
  renameGroup(group: CorpTagGroup): void;
  addTags(group: CorpTagGroup): void;
  deleteGroup(group: CorpTagGroup): void;
  moveTag(group: CorpTagGroup, tagId: string, dir: -1 | 1): void;
  renameTag(group: CorpTagGroup, tag: CorpTag): void;
  deleteTag(group: CorpTagGroup, tag: CorpTag): void;
}

export interface TagGroupCardProps {
  group: CorpTagGroup;
  first: boolean;
  last: boolean;
  busy: boolean;
  /** Absent for a caller without tag.manage: the group and its tags are shown read-only. */
  actions?: TagGroupActions;
}

function TagChip({ group, tag, index, busy, actions }: { group: CorpTagGroup; tag: CorpTag; index: number; busy: boolean; actions?: TagGroupActions }) {
  const chip = (
    <Tag
      role={actions ? 'button' : undefined}
      aria-label={actions ? T.tagActions(tag.name) : undefined}
      data-testid="tag-chip"
      data-tag-id={tag.id}
      color="blue"
      variant="outlined"
      style={{ cursor: actions ? 'pointer' : undefined, padding: '2px 8px', fontSize: 13, marginInlineEnd: 0 }}
    >
      <span data-testid="tag-name">{tag.name}</span>
      <Tooltip title={T.customersHint}>
        <span data-testid="tag-customers" style={{ marginInlineStart: 6, color: '#8c8c8c' }}>
          <UserOutlined style={{ fontSize: 11 }} /> {T.customersShort(tag.customers ?? 0)}
        </span>
      </Tooltip>
    </Tag>
  );
  if (!actions) return chip;
  const items = [
    { key: 'rename', icon: <EditOutlined />, label: T.rename },
    { key: 'up', icon: <ArrowUpOutlined />, label: T.moveUp, disabled: index === 0 },
    { key: 'down', icon: <ArrowDownOutlined />, label: T.moveDown, disabled: index === group.tags.length - 1 },
    { type: 'divider' as const },
    { key: 'delete', icon: <DeleteOutlined />, label: T.delete, danger: true },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'rename') actions.renameTag(group, tag);
    else if (key === 'up') actions.moveTag(group, tag.id, -1);
    else if (key === 'down') actions.moveTag(group, tag.id, 1);
    else if (key === 'delete') actions.deleteTag(group, tag);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} disabled={busy}>
      {chip}
    </Dropdown>
  );
}

export function TagGroupCard({ group, first, last, busy, actions }: TagGroupCardProps) {
  const title = (
    <Flex align="baseline" gap={8}>
      <span data-testid="group-name">{group.groupName}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {T.tagCount(group.tags.length)}
      </Typography.Text>
    </Flex>
  );
  const extra = actions ? (
    <Flex gap={2}>
      <Tooltip title={T.moveUp}>
        <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={T.moveUp} disabled={first || busy} onClick={() => actions.moveGroup(group.groupId, -1)} />
      </Tooltip>
      <Tooltip title={T.moveDown}>
        <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={T.moveDown} disabled={last || busy} onClick={() => actions.moveGroup(group.groupId, 1)} />
      </Tooltip>
      <Tooltip title={T.rename}>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={T.rename} disabled={busy} onClick={() => actions.renameGroup(group)} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{ items: [{ key: 'delete', icon: <DeleteOutlined />, label: T.deleteGroup, danger: true }], onClick: () => actions.deleteGroup(group) }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={T.deleteGroup} />
      </Dropdown>
    </Flex>
  ) : null;
  return (
    <Card size="small" title={title} extra={extra} data-testid="tag-group" data-group-id={group.groupId}>
      <Flex gap={8} wrap align="center">
        {group.tags.map((t, i) => (
          <TagChip key={t.id} group={group} tag={t} index={i} busy={busy} actions={actions} />
        ))}
        {actions ? (
          <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={busy} onClick={() => actions.addTags(group)} data-testid="add-tag">
            {T.addTag}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
