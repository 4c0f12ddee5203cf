// The groups of codes at the left of the list: 全部, 未分组 and each group with its count; add, rename
// and delete (with a confirm: its codes move to 未分组).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Dropdown, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { AppstoreOutlined, FolderOpenOutlined, FolderOutlined, InboxOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { CodeGroup, CodeGroupList } from '@scrm/contracts/contact-way';
import { runAction } from '@scrm/web-kit';
import { addGroup } from '../../api/add-group';
import { deleteGroup } from '../../api/delete-group';
import { renameGroup } from '../../api/rename-group';
import { T } from '../../texts';

/** undefined: every code; 0: codes in no group. */
export type GroupFilter = number | undefined;

function GroupRow(props: { icon: ReactNode; label: string; count?: number; active: boolean; onClick(): void; extra?: ReactNode; testId: string }) {
  return (
    <Flex
      align="center"
      gap={8}
      onClick={props.onClick}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => (e.key === 'Enter' ? props.onClick() : undefined)}
      data-testid={props.testId}
      data-active={props.active || undefined}
      className="cq-group-row"
      style={{
        padding: '0 4px 0 12px',
        height: 38,
        borderRadius: 6,
        cursor: 'pointer',
        background: props.active ? '#e6f4ff' : undefined,
        color: props.active ? '#1677ff' : undefined,
        fontWeight: props.active ? 500 : undefined,
      }}
    >
      <span style={{ flex: 'none', color: props.active ? '#1677ff' : 'rgba(0,0,0,.45)' }}>{props.icon}</span>
      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0, color: 'inherit' }} title={props.label}>
        {props.label}
      </Typography.Text>
      {props.count !== undefined ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }} data-testid={`${props.testId}-count`}>
          {props.count}
        </Typography.Text>
      ) : null}
      <div style={{ width: 24, flex: 'none' }} onClick={(e) => e.stopPropagation()}>
        {props.extra}
      </div>
    </Flex>
  );
}

function GroupNameModal({ group, onClose, onSaved }: { group: CodeGroup | null; onClose(): void; onSaved(g: CodeGroup): void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const name = values.name.trim();
    setSaving(true);
    try {
      onSaved(await runAction(() => (group ? renameGroup(group.id, name) : addGroup(name)), { success: T.saved }));
    } catch {
      // The toast said why (e.g. 分组名称已存在); the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={group ? T.renameGroup : T.addGroup} okText={T.save} cancelText={T.cancel} onOk={submit} onCancel={onClose} confirmLoading={saving} destroyOnHidden width={420}>
      <Form form={form} layout="vertical" initialValues={{ name: group?.name ?? '' }} onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item name="name" label={T.groupName} rules={[{ required: true, whitespace: true, message: T.groupNameRequired }]}>
          <Input placeholder={T.groupNamePlaceholder} maxLength={30} showCount autoFocus data-testid="group-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface GroupPanelProps {
  data: CodeGroupList | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  value: GroupFilter;
  onChange(value: GroupFilter): void;
  /** After a group was added, renamed or deleted. */
  onChanged(): void;
}

export function GroupPanel({ data, loading, error, onRetry, value, onChange, onChanged }: GroupPanelProps) {
  const [editing, setEditing] = useState<CodeGroup | null | 'new'>(null);
  const [modal, holder] = Modal.useModal();
  const total = data ? data.ungrouped + data.list.reduce((n, g) => n + g.count, 0) : undefined;

  const confirmDelete = (g: CodeGroup) => {
    void modal.confirm({
      title: T.groupDeleteConfirm(g.name),
      content: T.groupDeleteHint,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        try {
          await runAction(() => deleteGroup(g.id), { success: T.deleted });
        } catch {
          return;
        }
        if (value === g.id) onChange(undefined);
        onChanged();
      },
    });
  };

  return (
    <Card
      variant="borderless"
      size="small"
      title={T.groups}
      extra={
        <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ paddingInline: 0 }} data-testid="group-add">
          {T.addGroup}
        </Button>
      }
      styles={{ body: { padding: 8 } }}
      data-testid="group-panel"
    >
      {holder}
      <GroupRow icon={<AppstoreOutlined />} label={T.allGroups} count={total} active={value === undefined} onClick={() => onChange(undefined)} testId="group-all" />
      <GroupRow icon={<InboxOutlined />} label={T.ungrouped} count={data?.ungrouped} active={value === 0} onClick={() => onChange(0)} testId="group-none" />
      <div style={{ height: 1, background: '#f0f0f0', margin: '6px 4px' }} />
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ padding: '8px 12px' }} />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={T.groupsFailed}
          style={{ margin: 4 }}
          action={
            <Button size="small" onClick={onRetry}>
              {T.retry}
            </Button>
          }
        />
      ) : data && !data.list.length ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, padding: '8px 12px' }}>
          {T.groupsEmpty}
        </Typography.Text>
      ) : (
        (data?.list ?? []).map((g) => (
          <GroupRow
            key={g.id}
            icon={value === g.id ? <FolderOpenOutlined /> : <FolderOutlined />}
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
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${g.name}：${T.renameGroup}/${T.deleteGroup}`} data-testid="group-more" />
              </Dropdown>
            }
          />
        ))
      )}
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
    </Card>
  );
}
