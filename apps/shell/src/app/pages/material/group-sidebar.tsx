// The groups of the library at the left: 全部素材, 未分组 and each group with its count; add,
// rename and delete (with a confirm) a group.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Dropdown, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { MaterialGroup, MaterialGroupList } from '@scrm/contracts/material';
import { runAction } from '@scrm/web-kit';
import { addMaterialGroup, deleteMaterialGroup, updateMaterialGroup } from '@scrm/web-parts';
import { T } from './texts';

/** undefined: every material; 0: those in no group. */
export type GroupFilter = number | undefined;

function GroupRow(props: { label: string; count?: number; active: boolean; onClick(): void; extra?: ReactNode; testId?: string }) {
  return (
    <Flex
      align="center"
      gap={6}
      onClick={props.onClick}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => (e.key === 'Enter' ? props.onClick() : undefined)}
      data-testid={props.testId}
      data-active={props.active || undefined}
      style={{
        padding: '6px 8px 6px 12px',
        borderRadius: 6,
        cursor: 'pointer',
        background: props.active ? '#e6f4ff' : undefined,
        color: props.active ? '#1677ff' : undefined,
        minHeight: 36,
      }}
    >
      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0, color: 'inherit' }} title={props.label}>
        {props.label}
      </Typography.Text>
      {props.count !== undefined ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{props.count}</Typography.Text> : null}
      <div style={{ width: 24, flex: 'none' }} onClick={(e) => e.stopPropagation()}>
        {props.extra}
      </div>
    </Flex>
  );
}

function GroupNameModal({ group, onClose, onSaved }: { group: MaterialGroup | null; onClose(): void; onSaved(g: MaterialGroup): void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { name } = values;
    setSaving(true);
    try {
      const saved = await runAction(() => (group ? updateMaterialGroup(group.id, name.trim()) : addMaterialGroup(name.trim())), { success: T.saved });
      onSaved(saved);
    } catch {
      // The toast said why; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={group ? T.renameGroup : T.addGroup}
      okText={T.save}
      cancelText={T.cancel}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" initialValues={{ name: group?.name ?? '' }} onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label={T.groupName}
          rules={[{ required: true, whitespace: true, message: T.groupNameRequired }]}
        >
          <Input placeholder={T.groupNamePlaceholder} maxLength={30} showCount autoFocus data-testid="group-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface GroupSidebarProps {
  data: MaterialGroupList | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  value: GroupFilter;
  onChange(value: GroupFilter): void;
  /** After a group was added, renamed or deleted. */
  onChanged(): void;
}

export function GroupSidebar({ data, loading, error, onRetry, value, onChange, onChanged }: GroupSidebarProps) {
  const [editing, setEditing] = useState<MaterialGroup | null | 'new'>(null);
  const [modal, contextHolder] = Modal.useModal();
  const total = data ? data.ungrouped + data.list.reduce((n, g) => n + g.count, 0) : undefined;

  const confirmDelete = (g: MaterialGroup) => {
    void modal.confirm({
      title: T.groupDeleteConfirm(g.name),
      content: T.groupDeleteHint,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        await runAction(() => deleteMaterialGroup(g.id), { success: T.deleted });
        if (value === g.id) onChange(undefined);
        onChanged();
      },
    });
  };

  return (
    <Flex vertical gap={4} data-testid="material-groups">
      {contextHolder}
      <Flex align="center" justify="space-between" style={{ padding: '0 4px 8px 12px' }}>
        <Typography.Text strong>{T.groups}</Typography.Text>
        <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-add">
          {T.addGroup}
        </Button>
      </Flex>
      <GroupRow label={T.allGroups} count={total} active={value === undefined} onClick={() => onChange(undefined)} testId="group-all" />
      <GroupRow label={T.ungrouped} count={data?.ungrouped} active={value === 0} onClick={() => onChange(0)} testId="group-none" />
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ padding: '8px 12px' }} />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={T.groupsFailed}
          style={{ margin: '8px 4px' }}
          action={
            <Button size="small" onClick={onRetry}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        (data?.list ?? []).map((g) => (
          <GroupRow
            key={g.id}
            label={g.name}
            count={g.count}
            active={value === g.id}
            onClick={() => onChange(g.id)}
            testId="group-item"
            extra={
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename', label: T.renameGroup, onClick: () => setEditing(g) },
                    { key: 'delete', label: T.deleteGroup, danger: true, onClick: () => confirmDelete(g) },
                  ],
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${g.name} ${T.renameGroup}/${T.deleteGroup}`} data-testid="group-more" />
              </Dropdown>
            }
          />
        ))
      )}
      {!loading && !error && data && !data.list.length ? (
        <Flex align="center" gap={6} style={{ padding: '8px 12px' }}>
          <FolderOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {T.groupsEmpty}
          </Typography.Text>
        </Flex>
      ) : null}
      {editing ? (
        <GroupNameModal
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(g) => {
            setEditing(null);
            onChanged();
            if (editing === 'new') onChange(g.id);
          }}
        />
      ) : null}
    </Flex>
  );
}
