// 功能角色: the main account's roles — search, the paged table (keys in brief, how many children hold
// each), create (blank or from a template: 运营, 客服, 只读), edit in a dialog with the key tree, and delete
// (a role in use is refused by the server with how many children hold it).
import { useState } from 'react';
import { Button, Dropdown, Empty, Flex, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import type { ChildRole } from '@scrm/contracts/child';
import { isActionKey } from '@scrm/contracts/menu';
import { formatTime, FirstUse, LoadAlert, useConfirmAction } from '@scrm/web-parts';
import { useDeleteRole } from '../../api/delete-role';
import { useRoleTemplates } from '../../api/list-role-templates';
import { useRoles } from '../../api/list-roles';
import { treeKeysOf } from '../../components/role-keys-tree';
import { PageFrame } from '@scrm/web-kit/ui';
import { ROLE as T } from '../../texts';
import { RoleEditor, type RoleDraft } from './role-editor';

function KeySummary({ keys }: { keys: string[] }) {
  const shown = treeKeysOf(keys);
  const actions = shown.filter(isActionKey).length;
  return <Typography.Text>{T.keyCount(shown.length - actions, actions)}</Typography.Text>;
}

export default function RoleListPage() {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const roles = useRoles({ page, pageSize, ...(name ? { name } : {}) }, { placeholderData: keepPreviousData });
  const templates = useRoleTemplates();
  const remove = useDeleteRole();
  const { holder, confirm } = useConfirmAction();

  const blank = () => setDraft({ title: T.createTitle, name: '', keys: [] });
  const templateMenu = {
    items: (templates.data ?? []).map((t) => ({
      key: t.key,
      label: (
        <div data-testid={`role-template-${t.key}`} style={{ maxWidth: 280, paddingBlock: 2 }}>
          <div>{t.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {t.description}
          </Typography.Text>
        </div>
      ),
    })),
    onClick: ({ key }: { key: string }) => {
      const t = templates.data?.find((x) => x.key === key);
      if (t) setDraft({ title: T.fromTemplateTitle(t.name), name: t.name, keys: t.permissionKeys });
    },
  };
  const createButtons = (
    <Space>
      <Dropdown menu={templateMenu} trigger={['click']}>
        <Button data-testid="role-from-template">
          {T.fromTemplate} <DownOutlined />
        </Button>
      </Dropdown>
      <Button type="primary" icon={<PlusOutlined />} onClick={blank} data-testid="role-create">
        {T.create}
      </Button>
    </Space>
  );

  const columns: ColumnsType<ChildRole> = [
    { title: T.col.name, dataIndex: 'name', width: 200, render: (v: string) => <span style={{ fontWeight: 500 }}>{v}</span> },
    { title: T.col.keys, key: 'keys', render: (_, r) => <KeySummary keys={r.permissionKeys} /> },
    { title: T.col.children, dataIndex: 'childCount', width: 130, render: (n: number) => T.childCount(n) },
    { title: T.col.updatedAt, dataIndex: 'updatedAt', width: 180, render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
    {
      title: T.col.actions,
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space size={0} style={{ marginInline: -7 }}>
          <Button type="link" size="small" onClick={() => setDraft({ role: r, title: T.editTitle, name: r.name, keys: r.permissionKeys })} data-testid="role-edit">
            {T.edit}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            data-testid="role-delete"
            onClick={() =>
              void confirm({
                title: T.deleteConfirm(r.name),
                content: T.deleteHint,
                okText: T.delete,
                cancelText: T.cancel,
                okButtonProps: { 'data-testid': 'confirm-delete' } as never,
                run: () => remove.mutateAsync(r.id),
                success: T.deleted,
              })
            }
          >
            {T.delete}
          </Button>
        </Space>
      ),
    },
  ];

  const first = roles.data?.total === 0 && !name && page === 1;
  return (
    <PageFrame title={T.title}>
    <div data-testid="role-list">
      {holder}
      <RoleEditor draft={draft} onClose={() => setDraft(null)} />
      {first ? (
        <FirstUse icon={<SafetyCertificateOutlined />} title={T.emptyTitle} hint={T.emptyHint} action={createButtons} data-testid="roles-empty" />
      ) : (
        <>
          <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              maxLength={30}
              placeholder={T.searchPlaceholder}
              style={{ width: 240 }}
              onSearch={(v) => {
                setName(v.trim());
                setPage(1);
              }}
            />
            {createButtons}
          </Flex>
          {roles.isError && !roles.data ? (
            <LoadAlert error={roles.error} onRetry={() => roles.refetch()} />
          ) : (
            <Table<ChildRole>
              rowKey="id"
              columns={columns}
              dataSource={roles.data?.list ?? []}
              loading={roles.isPending || (roles.isFetching && roles.isPlaceholderData)}
              locale={{ emptyText: roles.isPending ? <div style={{ height: 120 }} /> : <Empty description={T.emptyFiltered} /> }}
              pagination={{
                current: page,
                pageSize,
                total: roles.data?.total ?? 0,
                hideOnSinglePage: true,
                showTotal: T.total,
                onChange: (p, s) => {
                  setPage(s === pageSize ? p : 1);
                  setPageSize(s);
                },
              }}
              data-testid="role-table"
            />
          )}
        </>
      )}
    </div>
    </PageFrame>
  );
}
