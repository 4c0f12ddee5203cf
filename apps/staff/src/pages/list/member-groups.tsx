// 成员分组 on /staff/list: the work space's groups with their members (departed ones marked), created,
// edited (name and members), members taken out and groups deleted, each change confirmed where it removes.
import { useMemo, useState } from 'react';
import { Avatar, Button, Card, Empty, Flex, Form, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MEMBER_GROUP_NAME_MAX, MEMBER_GROUP_SIZE_MAX, type MemberGroup, type MemberGroupMember } from '@scrm/contracts/member-group';
import { runAction, useCan } from '@scrm/web-kit';
import { LoadAlert, MemberSelect } from '@scrm/web-parts';
import { useAddMemberGroup } from '../../api/add-member-group';
import { useDeleteMemberGroup } from '../../api/delete-member-group';
import { useMemberGroups } from '../../api/list-member-groups';
import { useRemoveGroupMembers } from '../../api/remove-group-members';
import { useUpdateMemberGroup } from '../../api/update-member-group';
import { T } from '../../texts';

/** Members shown in a row before 「等 N 人」. */
const SHOWN = 8;

interface FormValues {
  name: string;
  userids: string[];
}

function GroupModal({ workId, group, onClose }: { workId: number; group: MemberGroup | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const add = useAddMemberGroup(workId);
  const update = useUpdateMemberGroup(workId);
  const editing = group === 'new' ? null : group;
  const save = async () => {
    // A refused field shows its message under it.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { name: values.name.trim(), userids: values.userids ?? [] };
    try {
      if (editing) await runAction(() => update.mutateAsync({ id: editing.id, ...body }), { success: T.group.saved });
      else await runAction(() => add.mutateAsync(body), { success: T.group.added });
    } catch {
      return;
    }
    onClose();
  };
  return (
    <Modal
      open
      title={editing ? T.group.editTitle : T.group.addTitle}
      okText={T.group.save}
      cancelText={T.group.cancel}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      data-testid="member-group-modal"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: editing?.name ?? '', userids: editing?.members.map((m) => m.userid) ?? [] }}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="name"
          label={T.group.name}
          rules={[
            { required: true, whitespace: true, message: T.group.nameRequired },
            { max: MEMBER_GROUP_NAME_MAX, message: T.group.nameMax(MEMBER_GROUP_NAME_MAX) },
          ]}
        >
          <Input placeholder={T.group.namePlaceholder} maxLength={MEMBER_GROUP_NAME_MAX} showCount data-testid="member-group-name" />
        </Form.Item>
        <Form.Item name="userids" label={T.group.members} extra={T.group.membersHint}>
          <MemberSelect mode="multiple" groups={false} maxCount={MEMBER_GROUP_SIZE_MAX} placeholder={T.group.membersPlaceholder} data-testid="member-group-members" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function MemberGroups({ workId }: { workId: number }) {
  const groups = useMemberGroups(workId);
  const remove = useRemoveGroupMembers(workId);
  const del = useDeleteMemberGroup(workId);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<MemberGroup | 'new' | null>(null);
  const [modal, holder] = Modal.useModal();
  // 成员分组 changes need staff.group; without it the groups are read-only.
  const canManage = useCan('staff.group');
  const list = useMemo(() => (groups.data?.list ?? []).filter((g) => !keyword || g.name.includes(keyword)), [groups.data, keyword]);

  const confirmRemove = (g: MemberGroup, m: MemberGroupMember) =>
    void modal.confirm({
      title: T.group.removeConfirm(m.departed ? m.userid : m.name, g.name),
      okText: T.group.remove,
      okButtonProps: { danger: true },
      cancelText: T.group.cancel,
      onOk: () => runAction(() => remove.mutateAsync({ id: g.id, userids: [m.userid] }), { success: T.group.removed }).catch(() => undefined),
    });
  const confirmDelete = (g: MemberGroup) =>
    void modal.confirm({
      title: T.group.deleteConfirm(g.name),
      content: T.group.deleteHint,
      okText: T.group.delete,
      okButtonProps: { danger: true },
      cancelText: T.group.cancel,
      onOk: () => runAction(() => del.mutateAsync(g.id), { success: T.group.deleted }).catch(() => undefined),
    });

  const memberTag = (g: MemberGroup, m: MemberGroupMember) => {
    const tag = (
      <Tag
        key={m.userid}
        closable={canManage}
        onClose={(e) => {
          e.preventDefault();
          confirmRemove(g, m);
        }}
        color={m.departed ? 'default' : undefined}
        style={{ marginInlineEnd: 0, display: 'inline-flex', alignItems: 'center', gap: 4, opacity: m.departed ? 0.6 : 1 }}
        data-testid="member-group-member"
        data-userid={m.userid}
      >
        {m.departed ? null : (
          <Avatar size={16} src={m.avatar || undefined}>
            {m.name.slice(0, 1)}
          </Avatar>
        )}
        {m.departed ? T.group.departed(m.userid) : m.name}
      </Tag>
    );
    return m.departed ? (
      <Tooltip key={m.userid} title={T.group.departedHint}>
        {tag}
      </Tooltip>
    ) : (
      tag
    );
  };

  const columns = [
    { title: T.group.name, dataIndex: 'name', width: 200, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: T.group.members,
      dataIndex: 'members',
      render: (_: unknown, g: MemberGroup) =>
        g.members.length ? (
          <Flex wrap gap={6} align="center">
            {g.members.slice(0, SHOWN).map((m) => memberTag(g, m))}
            {g.members.length > SHOWN ? <Typography.Text type="secondary">{T.group.more(g.members.length)}</Typography.Text> : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{T.group.noMembers}</Typography.Text>
        ),
    },
    { title: T.group.count, dataIndex: 'count', width: 100, align: 'right' as const },
  ];
  const actionColumn = {
    title: T.group.actions,
    key: 'actions',
    width: 120,
    render: (_: unknown, g: MemberGroup) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => setEditing(g)} data-testid="member-group-edit" style={{ paddingInline: 0 }}>
          {T.group.edit}
        </Button>
        <Button type="link" size="small" danger onClick={() => confirmDelete(g)} data-testid="member-group-delete">
          {T.group.delete}
        </Button>
      </Flex>
    ),
  };

  return (
    <Card variant="borderless" data-testid="member-groups">
      {holder}
      <Flex justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={T.group.search} style={{ maxWidth: 320 }} onSearch={(v) => setKeyword(v.trim())} data-testid="member-group-search" />
        {canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="member-group-add">
            {T.group.add}
          </Button>
        ) : null}
      </Flex>
      {groups.isError && !groups.data ? (
        <LoadAlert error={groups.error} onRetry={() => void groups.refetch()} data-testid="member-groups-error" />
      ) : (
        <Table<MemberGroup>
          data-testid="member-group-table"
          rowKey="id"
          columns={canManage ? [...columns, actionColumn] : columns}
          dataSource={list}
          loading={groups.isPending}
          pagination={list.length > 20 ? { pageSize: 20, showTotal: T.group.total } : false}
          locale={{
            emptyText: keyword ? (
              <Empty description={T.group.emptyFiltered} />
            ) : (
              <Empty description={<>{T.group.empty}<br /><Typography.Text type="secondary">{T.group.emptyHint}</Typography.Text></>}>
                {canManage ? (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                    {T.group.add}
                  </Button>
                ) : null}
              </Empty>
            ),
          }}
        />
      )}
      {editing ? <GroupModal workId={workId} group={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
