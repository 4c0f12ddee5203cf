// 一客一码 list: the batches with their member, expiry, how many codes are made and how many leads
// added, and the batch's status. Refreshes itself while codes are being made.
import { Button, Flex, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ContactsOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { LeadBatch, LeadBatchListBody } from '@scrm/contracts/lead';
import { useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, formatTime, KeywordSearch, LoadAlert, MemberAvatar, NoMatch, NoWorkSpace, useUrlFilters } from '@scrm/web-parts';
import { useBatches } from '../../api/list-batches';
import { useBatchActions } from '../../components/batch-actions';
import { BatchProgress } from '../../components/batch-progress';
import { BatchStatusBadge, Expiry } from '../../components/batch-status';
import { T } from '../../texts';

const PAGE_SIZE = 10;
const FAST_MS = 2_000;
const SLOW_MS = 15_000;

/** The filters live in the URL, so coming back from a detail page keeps them. */
const FILTERS = { keyword: 'text' } as const;

function Batches({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const { holder, remove, exportCsv } = useBatchActions();
  const canManage = useCan('customer-qrcode.manage');
  const body: LeadBatchListBody = { page: filters.page, pageSize: filters.pageSize, ...(filters.keyword ? { keyword: filters.keyword } : {}) };
  const batches = useBatches(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.status === 'creating') ? FAST_MS : SLOW_MS),
  });

  const columns: ColumnsType<LeadBatch> = [
    {
      title: T.col.name,
      dataIndex: 'name',
      width: 200,
      render: (_, b) => (
        <Link to={`/customer-qrcode/detail?id=${b.id}`} data-testid="batch-name">
          {b.name}
        </Link>
      ),
    },
    {
      title: T.col.member,
      key: 'member',
      width: 140,
      render: (_, b) => <MemberAvatar name={b.memberName} avatar={b.avatar} nowrap />,
    },
    { title: T.col.expiry, key: 'expiry', width: 175, render: (_, b) => <Expiry expiresAt={b.expiresAt} /> },
    { title: T.col.progress, key: 'progress', render: (_, b) => <BatchProgress batch={b} /> },
    { title: T.col.status, key: 'status', width: 120, render: (_, b) => <BatchStatusBadge batch={b} /> },
    {
      title: T.col.createdAt,
      dataIndex: 'createdAt',
      width: 120,
      render: (v: number) => (
        <Flex vertical>
          <span>{formatTime(v).slice(0, 10)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(v).slice(11, 16)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: T.col.actions,
      key: 'actions',
      width: 220,
      render: (_, b) => (
        <Space size={0} separator={<Typography.Text type="secondary">|</Typography.Text>}>
          <Button type="link" size="small" onClick={() => navigate(`/customer-qrcode/detail?id=${b.id}`)}>
            {T.detail}
          </Button>
          {canManage ? (
            <Button type="link" size="small" onClick={() => navigate(`/customer-qrcode/edit?id=${b.id}`)}>
              {T.edit}
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => exportCsv(b, { batchId: b.id })} data-testid="batch-export">
            {T.export}
          </Button>
          {canManage ? (
            <Tooltip title={b.status === 'creating' ? T.creatingCannotDelete : undefined}>
              <Button type="link" size="small" danger disabled={b.status === 'creating'} onClick={() => remove(b)} data-testid="batch-delete">
                {T.delete}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  const empty = filters.keyword ? (
    <NoMatch
      text={T.emptyFiltered}
      onClear={() => setFilters({ keyword: '' })}
    />
  ) : (
    <FirstUse
      icon={<ContactsOutlined style={{ color: '#1677ff' }} />}
      title={T.emptyTitle}
      hint={T.emptyHint}
      action={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/customer-qrcode/edit')}>
            {T.create}
          </Button>
        ) : null
      }
      data-testid="batches-empty"
    />
  );

  return (
    <PageFrame
      title={T.title}
      extra={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/customer-qrcode/edit')} data-testid="batch-create">
            {T.create}
          </Button>
        ) : undefined
      }
    >
      {holder}
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} placeholder={T.searchPlaceholder} data-testid="batch-search" />
      </Flex>
      {batches.isError && !batches.data ? (
        <LoadAlert error={batches.error} onRetry={() => batches.refetch()} />
      ) : (
        <Table<LeadBatch>
          data-testid="batch-table"
          rowKey="id"
          columns={columns}
          dataSource={batches.data?.list ?? []}
          loading={batches.isPending || (batches.isFetching && batches.isPlaceholderData)}
          scroll={{ x: 1000 }}
          locale={{ emptyText: batches.isPending ? <div style={{ height: 120 }} /> : empty }}
          pagination={{ ...pagination(batches.data?.total ?? 0), showTotal: T.total }}
        />
      )}
    </PageFrame>
  );
}

export default function CustomerQrcodeListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  return <Batches key={workId} workId={workId} />;
}
