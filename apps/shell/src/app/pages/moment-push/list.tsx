// 朋友圈 list (/moment-push/list): the work space's moments with their status, send time and how many
// members published, filtered by status and name, paged on the server; cancel and delete confirmed.
import { Button, Flex, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CameraOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { MOMENT_STATUS_LABEL, type MomentListBody, type MomentRow, type MomentStatus } from '@scrm/contracts/moment';
import { useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, formatTime, KeywordSearch, LoadAlert, NoMatch, NoWorkSpace, useConfirmAction, useMaterials, useUrlFilters } from '@scrm/web-parts';
import { useCancelMoment } from './api/cancel-moment';
import { useDeleteMoment } from './api/delete-moment';
import { REFRESH_MS } from './api/keys';
import { useMoments } from './api/list-moments';
import { SendStatusTag } from '../marketing/send-status';
import { ContentSummary } from './moment-parts';
import { T } from './texts';

const FILTERS = { status: 'text', keyword: 'text' } as const;
const PAGE_SIZE = 10;
const STATUSES = Object.keys(MOMENT_STATUS_LABEL) as MomentStatus[];

export function useMomentActions(workId: number) {
  const { holder, confirm } = useConfirmAction();
  const cancelling = useCancelMoment(workId);
  const deleting = useDeleteMoment(workId);
  return {
    holder,
    cancel: (m: Pick<MomentRow, 'id' | 'status'>) =>
      confirm({
        title: T.cancelTitle,
        content: m.status === 'scheduled' ? T.cancelScheduled : T.cancelSending,
        okText: T.cancelOk,
        cancelText: T.keep,
        success: T.cancelled,
        run: () => cancelling.mutateAsync(m.id),
      }),
    remove: (m: Pick<MomentRow, 'id'>) =>
      confirm({ title: T.deleteTitle, content: T.deleteContent, okText: T.delete, cancelText: T.cancel, success: T.deleted, run: () => deleting.mutateAsync(m.id) }),
  };
}

function Moments({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const canChange = useCan('moment-push.create');
  const status = STATUSES.includes(filters.status as MomentStatus) ? (filters.status as MomentStatus) : undefined;
  const body: MomentListBody = { page: filters.page, pageSize: filters.pageSize, ...(status ? { status } : {}), ...(filters.keyword ? { keyword: filters.keyword } : {}) };
  const moments = useMoments(workId, body, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  const ids = [...new Set((moments.data?.list ?? []).flatMap((m) => m.content.materialIds.slice(0, 1)))].slice(0, 100).sort((a, b) => a - b);
  const materials = useMaterials(workId, { ids }, { enabled: ids.length > 0 });
  const byId = new Map((materials.data?.list ?? []).map((m) => [m.id, m] as const));
  const actions = useMomentActions(workId);
  const filtered = Boolean(status || filters.keyword);
  const first = moments.data?.total === 0 && !filtered && filters.page === 1;

  const columns: ColumnsType<MomentRow> = [
    {
      title: T.col.name,
      key: 'name',
      width: 160,
      render: (_, m) => (
        <Link to={`/moment-push/detail?id=${m.id}`} data-testid="moment-name" style={{ fontWeight: 500 }}>
          {m.name}
        </Link>
      ),
    },
    { title: T.col.content, key: 'content', render: (_, m) => <ContentSummary content={m.content} materials={byId} /> },
    { title: T.col.status, key: 'status', width: 100, render: (_, m) => <SendStatusTag status={m.status} error={m.error} testId="moment-status" /> },
    {
      title: T.col.sendAt,
      key: 'sendAt',
      width: 150,
      render: (_, m) => (
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="moment-send-time">
          {m.status === 'scheduled' ? T.scheduledAt(formatTime(m.sendAt).slice(0, 16)) : formatTime(m.startedAt ?? m.sendAt).slice(0, 16)}
        </Typography.Text>
      ),
    },
    {
      title: T.col.members,
      key: 'members',
      width: 130,
      render: (_, m) =>
        m.status === 'scheduled' || (m.status === 'cancelled' && !m.members) ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Flex vertical>
            <span data-testid="moment-published" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Typography.Text strong style={{ color: m.published ? '#52c41a' : undefined }}>
                {m.published}
              </Typography.Text>
              {' / '}
              {m.members}
            </span>
            {m.invalidSenders ? (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {T.invalidSenders(m.invalidSenders)}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
    },
    { title: T.col.creator, dataIndex: 'creatorName', width: 100, render: (v: string) => v || '—' },
    {
      title: T.col.actions,
      key: 'actions',
      width: 170,
      render: (_, m) => (
        <Space size={0} style={{ marginInline: -7 }}>
          <Button type="link" size="small" onClick={() => navigate(`/moment-push/detail?id=${m.id}`)}>
            {T.detail}
          </Button>
          {!canChange ? null : m.status === 'scheduled' ? (
            <Button type="link" size="small" onClick={() => navigate(`/moment-push/create?id=${m.id}`)} data-testid="moment-edit">
              {T.edit}
            </Button>
          ) : null}
          {!canChange ? null : m.status === 'scheduled' || m.status === 'sending' ? (
            <Button type="link" size="small" danger onClick={() => void actions.cancel(m)} data-testid="moment-cancel">
              {T.cancel}
            </Button>
          ) : (
            <Button type="link" size="small" danger onClick={() => void actions.remove(m)} data-testid="moment-delete">
              {T.delete}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const createButton = canChange ? (
    <Link to="/moment-push/create">
      <Button type="primary" icon={<PlusOutlined />} data-testid="moment-create">
        {T.create}
      </Button>
    </Link>
  ) : null;

  let content;
  if (moments.isError && !moments.data) {
    content = <LoadAlert error={moments.error} title={T.loadFailed} onRetry={() => void moments.refetch()} data-testid="moments-error" />;
  } else if (first) {
    content = <FirstUse icon={<CameraOutlined />} title={T.emptyTitle} hint={T.emptyHint} action={createButton} data-testid="moments-first" />;
  } else {
    content = (
      <Table<MomentRow>
        data-testid="moment-table"
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        columns={columns}
        dataSource={moments.data?.list ?? []}
        loading={moments.isPending || (moments.isFetching && moments.isPlaceholderData)}
        locale={{
          emptyText: moments.isPending ? (
            <div style={{ height: 160 }} />
          ) : (
            <NoMatch text={T.emptyFiltered} onClear={() => setFilters({ status: '', keyword: '' })} data-testid="moments-empty-filtered" />
          ),
        }}
        pagination={{ ...pagination(moments.data?.total ?? 0), pageSizeOptions: [10, 20, 50], showTotal: T.total }}
      />
    );
  }

  return (
    <PageFrame title={T.listTitle} extra={first ? undefined : createButton}>
      {actions.holder}
      {first || (moments.isError && !moments.data) ? null : (
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Select<MomentStatus | ''>
            value={status ?? ''}
            style={{ width: 140 }}
            onChange={(v) => setFilters({ status: v })}
            options={[{ value: '', label: T.statusFilter }, ...STATUSES.map((s) => ({ value: s, label: MOMENT_STATUS_LABEL[s] }))]}
            data-testid="moment-status-filter"
          />
          <KeywordSearch value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} placeholder={T.searchPlaceholder} width={240} data-testid="moment-search" />
        </Flex>
      )}
      {content}
    </PageFrame>
  );
}

export default function MomentListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.listTitle} hint={T.noWorkHint} />;
  return <Moments key={workId} workId={workId} />;
}
