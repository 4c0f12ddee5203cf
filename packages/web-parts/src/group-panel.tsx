// The groups at the left of a list (channel codes, materials): 全部, 未分组 and each group with its
// count; add, rename and delete a group (with a confirm: what it holds moves to 未分组).
import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Spin, Typography } from 'antd';
import { AppstoreOutlined, FolderOpenOutlined, FolderOutlined, InboxOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { lazyPart } from '@scrm/web-kit';
import { Panel } from '@scrm/web-kit/ui';
import { LoadAlert } from './load-alert';
import { T } from './texts';
import { useConfirmAction } from './use-confirm-action';

// Loaded when first opened: the dialog's Modal and Form are not on a list's first path.
const GroupNameModal = lazyPart(() => import('./group-name-modal'));

/** undefined: everything; 0: what is in no group. */
export type GroupFilter = number | undefined;

export interface PanelGroup {
  id: number;
  name: string;
  count: number;
}

export interface GroupPanelProps {
  data: { list: PanelGroup[]; ungrouped: number } | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  value: GroupFilter;
  onChange(value: GroupFilter): void;
  /** After a group was added, renamed or deleted. */
  onChanged(): void;
  /** The group calls of this kind of list. */
  requests: {
    add(name: string): Promise<PanelGroup>;
    rename(id: number, name: string): Promise<unknown>;
    remove(id: number): Promise<unknown>;
  };
  /** What differs by what the groups hold. */
  texts: {
    /** The first row, e.g. 「全部」 or 「全部素材」. */
    all: string;
    namePlaceholder: string;
    /** Under the delete confirm, e.g. 「其中的活码将移到「未分组」，不会被删除。」 */
    deleteHint: string;
    /** Shown when there is no group yet. */
    empty: string;
  };
  /** The caller may not change groups (no action key): no add, rename or delete. */
  readOnly?: boolean;
  'data-testid'?: string;
}

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

export function GroupPanel({ data, loading, error, onRetry, value, onChange, onChanged, requests, texts, readOnly, ...rest }: GroupPanelProps) {
  const [editing, setEditing] = useState<PanelGroup | null | 'new'>(null);
  const { holder, confirm } = useConfirmAction();
  const total = data ? data.ungrouped + data.list.reduce((n, g) => n + g.count, 0) : undefined;

  const confirmDelete = (g: PanelGroup) =>
    void confirm({
      title: T.group.deleteConfirm(g.name),
      content: texts.deleteHint,
      okText: T.group.delete,
      cancelText: T.group.cancel,
      run: () => requests.remove(g.id),
      success: T.group.deleted,
      after: (done) => {
        if (!done) return;
        if (value === g.id) onChange(undefined);
        onChanged();
      },
    });

  const save = async (name: string) => {
    if (editing === 'new') {
      const added = await requests.add(name);
      setEditing(null);
      onChanged();
      onChange(added.id);
      return added;
    }
    await requests.rename((editing as PanelGroup).id, name);
    setEditing(null);
    onChanged();
    return null;
  };

  return (
    <Panel
      size="small"
      title={T.group.title}
      extra={
        readOnly ? null : (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ paddingInline: 0 }} data-testid="group-add">
            {T.group.add}
          </Button>
        )
      }
      bodyStyle={{ padding: 8 }}
      data-testid={rest['data-testid']}
    >
      {holder}
      <GroupRow icon={<AppstoreOutlined />} label={texts.all} count={total} active={value === undefined} onClick={() => onChange(undefined)} testId="group-all" />
      <GroupRow icon={<InboxOutlined />} label={T.group.ungrouped} count={data?.ungrouped} active={value === 0} onClick={() => onChange(0)} testId="group-none" />
      <div style={{ height: 1, background: '#f0f0f0', margin: '6px 4px' }} />
      {loading ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin size="small" />
        </Flex>
      ) : error ? (
        <LoadAlert title={T.group.failed} onRetry={onRetry} small style={{ margin: 4 }} />
      ) : data && !data.list.length ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, padding: '8px 12px' }}>
          {texts.empty}
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
              readOnly ? undefined : (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename', label: T.group.rename, onClick: () => setEditing(g) },
                    { key: 'delete', label: T.group.remove, danger: true, onClick: () => confirmDelete(g) },
                  ],
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${g.name}：${T.group.rename}/${T.group.remove}`} data-testid="group-more" />
              </Dropdown>
              )
            }
          />
        ))
      )}
      {editing ? (
        <GroupNameModal group={editing === 'new' ? null : editing} placeholder={texts.namePlaceholder} save={save} onClose={() => setEditing(null)} />
      ) : null}
    </Panel>
  );
}
