// 群发 list (/push/list): each push with its type, state, send time, figures and creator; filtered by
// state, type and name; 详情, 编辑 (while scheduled), 取消 and 删除 behind confirmations. Refreshed often
// while one is sending.
import { Button, Flex, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { PUSH_CHAT_TYPE_LABEL, PUSH_STATUS_LABEL, type PushChatType, type PushListBody, type PushRow, type PushStatus } from '@scrm/contracts/push';
import { formatTime, useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, KeywordSearch, LoadAlert, NoMatch, NoWorkSpace, useConfirmAction, useUrlFilters } from '@scrm/web-parts';
import { useCancelPush } from './api/cancel-push';
import { useDeletePush } from './api/delete-push';
import { usePushes } from './api/list-pushes';
import { SendStatusTag } from '../marketing/send-status';
import { CountsCell } from './status';
import { T } from './texts';

const PAGE_SIZE = 10;
const FAST_MS = 5_000;
const SLOW_MS = 60_000;
const FILTERS = { keyword: 'text', status: 'text', chatType: 'text' } as const;
export const PUSH_LIST_PATH = '/push/list';
export const PUSH_CREATE_PATH = '/push/create';
export const pushDetailPath = (id: number) => `/push/detail?id=${id}`;

/** What may be done with a push in its state; nothing without push.create (`allowed`). */
export function actionsOf(status: PushStatus, allowed = true): { edit: boolean; cancel: boolean; remove: boolean } {
  if (!allowed) return { edit: false, cancel: false, remove: false };
  return { edit: status === 'scheduled', cancel: status === 'scheduled' || status === 'sending', remove: status !== 'sending' };
}

/** When it goes: the scheduled time while scheduled, else when it started. */
export function sendTimeText(r: Pick<PushRow, 'status' | 'sendAt' | 'startedAt'>): string {
  if (r.startedAt) return formatTime(r.startedAt);
  if (r.sendAt) return T.scheduledAt(formatTime(r.sendAt));
  return r.status === 'scheduled' ? T.now : T.notStarted;
}

/** The confirmations of 取消 and 删除 (the detail page cancels too). */
export function usePushActions(workId: number) {
  const { confirm, holder } = useConfirmAction();
  const cancel = useCancelPush(workId);
  const remove = useDeletePush(workId);
  return {
    holder,
    cancel: (r: Pick<PushRow, 'id' | 'name'>) =>
      confirm({
        title: T.cancelTitle(r.name),
        content: T.cancelContent,
        okText: T.cancelOk,
        cancelText: T.keep,
        okButtonProps: { 'data-testid': 'push-cancel-ok' },
        run: () => cancel.mutateAsync(r.id),
        success: T.cancelled,
      }),
    remove: (r: Pick<PushRow, 'id' | 'name'>) =>
      confirm({
        title: T.deleteTitle(r.name),
        content: T.deleteContent,
        okText: T.delete,
        cancelText: T.close,
        okButtonProps: { 'data-testid': 'push-delete-ok' },
        run: () => remove.mutateAsync(r.id),
        success: T.deleted,
      }),
  };
}

function Pushes({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const actions = usePushActions(workId);
  const canChange = useCan('push.create');
  const body: PushListBody = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.status in PUSH_STATUS_LABEL ? { status: filters.status as PushStatus } : {}),
    ...(filters.chatType in PUSH_CHAT_TYPE_LABEL ? { chatType: filters.chatType as PushChatType } : {}),
  };
  const pushes = usePushes(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'sending' || r.status === 'scheduled') ? FAST_MS : SLOW_MS),
  });
  const filtered = Boolean(filters.keyword || filters.status || filters.chatType);

  const columns: ColumnsType<PushRow> = [
    {
      title: T.col.name,
      dataIndex: 'name',
      width: 180,
      render: (_, r) => (
        <Link to={pushDetailPath(r.id)} data-testid="push-name">
          {r.name}
        </Link>
      ),
    },
    { title: T.col.type, key: 'type', width: 110, render: (_, r) => PUSH_CHAT_TYPE_LABEL[r.chatType] },
    { title: T.col.status, key: 'status', width: 100, render: (_, r) => <SendStatusTag status={r.status} error={r.error} testId="push-status" /> },
    { title: T.col.sendTime, key: 'sendTime', width: 180, render: (_, r) => <span data-testid="push-send-time">{sendTimeText(r)}</span> },
    { title: T.col.counts, key: 'counts', width: 170, render: (_, r) => <CountsCell counts={r} /> },
    {
      title: T.col.members,
      key: 'members',
      width: 100,
      render: (_, r) => <span data-testid="push-members">{T.membersSent(r.membersSent, r.members)}</span>,
    },
    { title: T.col.creator, dataIndex: 'creatorName', width: 100 },
    { title: T.col.createdAt, key: 'createdAt', width: 160, render: (_, r) => formatTime(r.createdAt) },
    {
      title: T.col.actions,
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, r) => {
        const can = actionsOf(r.status, canChange);
        return (
          <Space size={0} separator={<Typography.Text type="secondary">|</Typography.Text>} data-testid="push-actions">
            <Button type="link" size="small" onClick={() => navigate(pushDetailPath(r.id))} data-testid="push-detail">
              {T.detail}
            </Button>
            {can.edit ? (
              <Button type="link" size="small" onClick={() => navigate(`${PUSH_CREATE_PATH}?id=${r.id}`)} data-testid="push-edit">
                {T.edit}
              </Button>
            ) : null}
            {can.cancel ? (
              <Button type="link" size="small" danger onClick={() => void actions.cancel(r)} data-testid="push-cancel">
                {T.cancel}
              </Button>
            ) : null}
            {can.remove ? (
              <Button type="link" size="small" danger onClick={() => void actions.remove(r)} data-testid="push-delete">
                {T.delete}
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const create = canChange ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PUSH_CREATE_PATH)} data-testid="push-create">
      {T.create}
    </Button>
  ) : null;
  const empty = filtered ? (
    <NoMatch text={T.emptyFiltered} onClear={() => setFilters({ keyword: '', status: '', chatType: '' })} data-testid="push-no-match" />
  ) : (
    <FirstUse
      icon={<SendOutlined />}
      title={T.emptyTitle}
      hint={T.emptyHint}
      action={
        canChange ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PUSH_CREATE_PATH)}>
            {T.create}
          </Button>
        ) : null
      }
      data-testid="push-empty"
    />
  );

  return (
    <PageFrame title={T.listTitle} extra={create}>
      {actions.holder}
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} placeholder={T.search} data-testid="push-search" />
        <Select
          allowClear
          placeholder={T.statusFilter}
          value={filters.status || undefined}
          onChange={(status?: string) => setFilters({ status: status ?? '' })}
          options={Object.entries(PUSH_STATUS_LABEL).map(([value, label]) => ({ value, label }))}
          style={{ width: 140 }}
          data-testid="push-status-filter"
        />
        <Select
          allowClear
          placeholder={T.typeFilter}
          value={filters.chatType || undefined}
          onChange={(chatType?: string) => setFilters({ chatType: chatType ?? '' })}
          options={Object.entries(PUSH_CHAT_TYPE_LABEL).map(([value, label]) => ({ value, label }))}
          style={{ width: 140 }}
          data-testid="push-type-filter"
        />
      </Flex>
      {pushes.isError && !pushes.data ? (
        <LoadAlert title={T.loadFailed} error={pushes.error} onRetry={() => void pushes.refetch()} data-testid="push-error" />
      ) : (
        <Table<PushRow>
          data-testid="push-table"
          rowKey="id"
          columns={columns}
          dataSource={pushes.data?.list ?? []}
          loading={pushes.isPending || (pushes.isFetching && pushes.isPlaceholderData)}
          scroll={{ x: 1310 }}
          locale={{ emptyText: pushes.isPending ? <div style={{ height: 120 }} /> : empty }}
          pagination={{ ...pagination(pushes.data?.total ?? 0), showTotal: T.total }}
        />
      )}
    </PageFrame>
  );
}

export function PushListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.listTitle} hint={T.noWorkHint} />;
  return <Pushes key={workId} workId={workId} />;
}
