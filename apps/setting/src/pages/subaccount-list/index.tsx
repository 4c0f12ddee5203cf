// 子账号: the main account's child accounts — search by account, nickname or phone, filter by role, the
// paged table with role, work spaces and an enable switch (停用 ends its sessions at once, after a confirm),
// edit, reset password and delete (with its confirm).
import { useState } from 'react';
import { Button, Empty, Flex, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { ChildAccount } from '@scrm/contracts/child';
import { runAction } from '@scrm/web-kit';
import { formatTime, FirstUse, LoadAlert, useConfirmAction } from '@scrm/web-parts';
import { useDeleteChild } from '../../api/delete-child';
import { useChildren } from '../../api/list-children';
import { useRoles } from '../../api/list-roles';
import { useWorkSpaces } from '../../api/list-work-spaces';
import { useUpdateChild } from '../../api/update-child';
import { PageFrame } from '@scrm/web-kit/ui';
import { CHILD as T } from '../../texts';
import { PasswordDialog } from './password-dialog';

export default function SubaccountListPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [roleId, setRoleId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [resetting, setResetting] = useState<ChildAccount | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const children = useChildren({ page, pageSize, ...(keyword ? { keyword } : {}), ...(roleId ? { roleId } : {}) }, { placeholderData: keepPreviousData });
  const roles = useRoles({ page: 1, pageSize: 100 });
  const workSpaces = useWorkSpaces();
  const update = useUpdateChild();
  const remove = useDeleteChild();
  const { holder, confirm } = useConfirmAction();
  const wsName = new Map((workSpaces.data?.list ?? []).map((w) => [w.id, w.nickname]));

  const setDisabled = async (c: ChildAccount, disabled: boolean) => {
    setSwitching(c.id);
    try {
      await runAction(() => update.mutateAsync({ id: c.id, disabled }), { success: disabled ? T.disabledDone : T.enabled });
    } catch {
      // the toast said why
    }
    setSwitching(null);
  };

  const columns: ColumnsType<ChildAccount> = [
    {
      title: T.col.account,
      dataIndex: 'account',
      width: 170,
      render: (v: string, c) => (
        <div>
          <div style={{ fontWeight: 500 }}>{v}</div>
          {c.nickname && c.nickname !== v ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.nickname}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { title: T.col.phone, dataIndex: 'phone', width: 120, render: (v: string) => v || '—' },
    {
      title: T.col.role,
      key: 'role',
      width: 130,
      render: (_, c) => (c.roleName ? <Tag color="blue">{c.roleName}</Tag> : <Typography.Text type="secondary">{T.noRole}</Typography.Text>),
    },
    {
      title: T.col.workSpaces,
      key: 'workSpaces',
      render: (_, c) =>
        c.allWorkSpaces ? (
          T.allWorkSpaces
        ) : (
          <Typography.Text ellipsis style={{ maxWidth: 220 }} title={c.workSpaceIds.map((id) => wsName.get(id) ?? `#${id}`).join('、')}>
            {c.workSpaceIds.length ? c.workSpaceIds.map((id) => wsName.get(id) ?? `#${id}`).join('、') : T.workSpaceCount(0)}
          </Typography.Text>
        ),
    },
    {
      title: T.col.status,
      dataIndex: 'disabled',
      width: 80,
      render: (disabled: boolean, c) => (
        <Switch
          size="small"
          checked={!disabled}
          loading={switching === c.id}
          data-testid={`child-switch-${c.account}`}
          onChange={(on) => {
            const name = c.nickname || c.account;
            if (on) void setDisabled(c, false);
            else
              void confirm({
                title: T.disableConfirm(name),
                content: T.disableHint,
                okText: '停用',
                cancelText: T.cancel,
                okButtonProps: { 'data-testid': 'confirm-disable' } as never,
                run: () => update.mutateAsync({ id: c.id, disabled: true }),
                success: T.disabledDone,
              });
          }}
        />
      ),
    },
    { title: T.col.createdAt, dataIndex: 'createdAt', width: 180, render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
    {
      title: T.col.actions,
      key: 'actions',
      width: 200,
      render: (_, c) => (
        <Space size={0} style={{ marginInline: -7 }}>
          <Button type="link" size="small" onClick={() => navigate(`/setting/subaccount/edit?id=${c.id}`)} data-testid="child-edit">
            {T.edit}
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(c)} data-testid="child-password">
            {T.resetPassword}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            data-testid="child-delete"
            onClick={() =>
              void confirm({
                title: T.deleteConfirm(c.nickname || c.account),
                content: T.deleteHint,
                okText: T.delete,
                cancelText: T.cancel,
                okButtonProps: { 'data-testid': 'confirm-delete' } as never,
                run: () => remove.mutateAsync(c.id),
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

  const createButton = (
    <Link to="/setting/subaccount/edit">
      <Button type="primary" icon={<PlusOutlined />} data-testid="child-create">
        {T.create}
      </Button>
    </Link>
  );
  const first = children.data?.total === 0 && !keyword && !roleId && page === 1;
  return (
    <PageFrame title={T.title}>
    <div data-testid="child-list">
      {holder}
      <PasswordDialog child={resetting} onClose={() => setResetting(null)} />
      {first ? (
        <FirstUse icon={<UserAddOutlined />} title={T.emptyTitle} hint={T.emptyHint} action={createButton} data-testid="children-empty" />
      ) : (
        <>
          <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
            <Space wrap>
              <Input.Search
                allowClear
                maxLength={32}
                placeholder={T.searchPlaceholder}
                style={{ width: 240 }}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setPage(1);
                }}
                data-testid="child-search"
              />
              <Select<number>
                allowClear
                placeholder={T.allRoles}
                style={{ width: 160 }}
                value={roleId}
                onChange={(v) => {
                  setRoleId(v);
                  setPage(1);
                }}
                options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Space>
            {createButton}
          </Flex>
          {children.isError && !children.data ? (
            <LoadAlert error={children.error} onRetry={() => children.refetch()} />
          ) : (
            <Table<ChildAccount>
              rowKey="id"
              columns={columns}
              dataSource={children.data?.list ?? []}
              loading={children.isPending || (children.isFetching && children.isPlaceholderData)}
              locale={{ emptyText: children.isPending ? <div style={{ height: 120 }} /> : <Empty description={T.emptyFiltered} /> }}
              pagination={{
                current: page,
                pageSize,
                total: children.data?.total ?? 0,
                hideOnSinglePage: true,
                showTotal: T.total,
                onChange: (p, s) => {
                  setPage(s === pageSize ? p : 1);
                  setPageSize(s);
                },
              }}
              data-testid="child-table"
            />
          )}
        </>
      )}
    </div>
    </PageFrame>
  );
}
