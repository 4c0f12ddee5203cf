// 一客一码详情: the batch (member, expiry, codes made, leads added, settings), its daily figures, and the
// leads: status filter, search, each lead's QR, who added whom and when, the welcome message, the
// customer's page; CSV export. (A 401 here does not pop the login modal: the shell decides by path.)
import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Input, Select, Skeleton, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { WELCOME_STATUS_LABEL } from '@scrm/contracts/contact-way';
import { LEAD_STATUS_LABEL, type Lead, type LeadBatch, type LeadListBody, type LeadStatus } from '@scrm/contracts/lead';
import { PageFrame } from '@scrm/web-kit/ui';
import { useCan } from '@scrm/web-kit';
import { CodeEditDelete, customerDetailPath, DayTrendCard, DetailPage, formatTime, LoadAlert, LoadProblemPage, MemberAvatar, retryUnlessNotFound, TagNames, WELCOME_STATUS_COLOR, WelcomeSummary } from '@scrm/web-parts';
import { useBatch } from '../../api/get-batch';
import { batchDaysQueryOptions } from '../../api/get-batch-days';
import { useLeads } from '../../api/list-leads';
import { useBatchActions } from '../../components/batch-actions';
import { BatchProgress } from '../../components/batch-progress';
import { BatchStatusBadge, Expiry } from '../../components/batch-status';
import { LeadQr } from '../../components/lead-qr';
import { T } from '../../texts';

const REFRESH_MS = 15_000;
const FAST_MS = 2_000;

const LEAD_STATUS_COLOR: Record<LeadStatus, string> = { creating: 'processing', waiting: 'blue', added: 'success', expired: 'default', failed: 'error' };
const STATUS_ORDER: LeadStatus[] = ['waiting', 'added', 'creating', 'failed', 'expired'];

function Summary({ batch }: { batch: LeadBatch }) {
  const rate = batch.total ? `${((batch.added / batch.total) * 100).toFixed(1)}%` : '—';
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap data-testid="batch-figures">
        {[
          { title: T.stat.total, value: batch.total },
          { title: T.stat.created, value: batch.created },
          { title: T.stat.added, value: batch.added },
          { title: T.stat.addRate, value: rate },
          { title: T.stat.addsToday, value: batch.addsToday },
        ].map((s) => (
          <div key={s.title} style={{ flex: '1 1 140px' }}>
            <Statistic title={s.title} value={s.value} />
          </div>
        ))}
      </Flex>
      <div style={{ maxWidth: 420 }}>
        <BatchProgress batch={batch} />
      </div>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" styles={{ label: { width: 120, color: 'rgba(0,0,0,.55)' } }} data-testid="batch-summary">
        <Descriptions.Item label={T.member}>
          <MemberAvatar name={batch.memberName} avatar={batch.avatar} />
        </Descriptions.Item>
        <Descriptions.Item label={T.status}>
          <BatchStatusBadge batch={batch} />
        </Descriptions.Item>
        <Descriptions.Item label={T.days}>
          <Expiry expiresAt={batch.expiresAt} />
        </Descriptions.Item>
        <Descriptions.Item label={T.createdAt}>{formatTime(batch.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={T.tags}>
          <TagNames names={batch.tagNames} none={T.noTags} />
        </Descriptions.Item>
        <Descriptions.Item label={T.skipVerify}>{batch.skipVerify ? T.skipVerifyOn : T.skipVerifyOff}</Descriptions.Item>
        <Descriptions.Item label={T.welcome} span={2}>
          <WelcomeSummary welcome={batch.welcome} rows={3} none={T.noWelcome} />
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}

function Leads({ batch, workId }: { batch: LeadBatch; workId: number }) {
  const { holder, exportCsv } = useBatchActions();
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const filters = { ...(status ? { status } : {}), ...(search ? { keyword: search } : {}) };
  const body: LeadListBody = { batchId: batch.id, page, pageSize, ...filters };
  const leads = useLeads(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((l) => l.status === 'creating') ? FAST_MS : REFRESH_MS),
  });
  const [exporting, setExporting] = useState(false);

  const columns: ColumnsType<Lead> = [
    { title: T.lead.qr, key: 'qr', width: 64, render: (_, l) => <LeadQr lead={l} batchName={batch.name} /> },
    { title: T.lead.name, dataIndex: 'name', ellipsis: true },
    { title: T.lead.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || <Typography.Text type="secondary">{T.none}</Typography.Text> },
    { title: T.lead.remark, dataIndex: 'remark', ellipsis: true, render: (v: string) => v || <Typography.Text type="secondary">{T.none}</Typography.Text> },
    {
      title: T.lead.status,
      key: 'status',
      width: 100,
      render: (_, l) => {
        const tag = (
          <Tag color={LEAD_STATUS_COLOR[l.status]} data-testid="lead-status">
            {LEAD_STATUS_LABEL[l.status]}
          </Tag>
        );
        return l.status === 'failed' ? <Tooltip title={l.error ?? T.failedHint}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: T.lead.customer,
      key: 'customer',
      render: (_, l) =>
        l.externalUserid ? (
          <Link to={customerDetailPath(l.externalUserid)} data-testid="lead-customer">
            {l.customerName || l.externalUserid}
          </Link>
        ) : (
          <Typography.Text type="secondary">{T.none}</Typography.Text>
        ),
    },
    { title: T.lead.addedBy, key: 'addedBy', width: 110, render: (_, l) => l.memberName || <Typography.Text type="secondary">{T.none}</Typography.Text> },
    { title: T.lead.addedAt, dataIndex: 'addedAt', width: 170, render: (v: number | null) => (v ? formatTime(v) : <Typography.Text type="secondary">{T.none}</Typography.Text>) },
    {
      title: T.lead.welcome,
      key: 'welcome',
      width: 100,
      render: (_, l) =>
        l.welcomeStatus ? <Tag color={WELCOME_STATUS_COLOR[l.welcomeStatus]}>{WELCOME_STATUS_LABEL[l.welcomeStatus]}</Tag> : <Typography.Text type="secondary">{T.none}</Typography.Text>,
    },
  ];

  const filtered = Boolean(status || search);
  return (
    <Card
      variant="borderless"
      title={T.leads}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            await exportCsv(batch, { batchId: batch.id, ...filters });
            setExporting(false);
          }}
          data-testid="leads-export"
        >
          {T.export}
        </Button>
      }
      data-testid="batch-leads"
    >
      {holder}
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<LeadStatus | ''>
          value={status ?? ''}
          onChange={(v) => {
            setStatus(v || undefined);
            setPage(1);
          }}
          style={{ width: 140 }}
          options={[{ value: '', label: T.allStatus }, ...STATUS_ORDER.map((s) => ({ value: s, label: LEAD_STATUS_LABEL[s] }))]}
          data-testid="lead-status-filter"
        />
        <Input.Search
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={T.leadSearch}
          maxLength={30}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="lead-search"
        />
      </Flex>
      {leads.isError && !leads.data ? (
        <LoadAlert error={leads.error} onRetry={() => leads.refetch()} />
      ) : (
        <Table<Lead>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={leads.data?.list ?? []}
          loading={leads.isPending || (leads.isFetching && leads.isPlaceholderData)}
          scroll={{ x: 1100 }}
          data-testid="lead-list"
          locale={{ emptyText: filtered ? T.leadsEmptyFiltered : T.leadsEmpty }}
          pagination={{
            current: page,
            pageSize,
            total: leads.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: T.leadsTotal,
            onChange: (p, s) => {
              setPage(s === pageSize ? p : 1);
              setPageSize(s);
            },
          }}
        />
      )}
    </Card>
  );
}

function Detail({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const { holder, remove, retry } = useBatchActions();
  const canManage = useCan('customer-qrcode.manage');
  const batch = useBatch(workId, id, {
    refetchInterval: (q) => (q.state.data?.status === 'creating' ? FAST_MS : REFRESH_MS),
    retry: retryUnlessNotFound,
  });

  if (batch.isError && !batch.data) {
    const back = <Button onClick={() => navigate('/customer-qrcode/list')}>{T.back}</Button>;
    return <LoadProblemPage title={T.detailTitle} error={batch.error} onRetry={() => void batch.refetch()} notFound={T.notFound} back={back} testIds={{ notFound: 'batch-missing' }} />;
  }
  const b = batch.data;
  return (
    <PageFrame
      title={b ? b.name : T.detailTitle}
      bare
      extra={
        b && canManage ? (
          <>
            {b.failed && b.status !== 'expired' ? (
              <Button icon={<ReloadOutlined />} onClick={() => retry(b.id)} data-testid="batch-retry">
                {T.retryFailed}
              </Button>
            ) : null}
            <CodeEditDelete
              creating={b.status === 'creating'}
              creatingHint={T.creatingCannotDelete}
              onEdit={() => navigate(`/customer-qrcode/edit?id=${b.id}`)}
              onDelete={async () => {
                if (await remove(b)) navigate('/customer-qrcode/list');
              }}
            />
          </>
        ) : null
      }
    >
      {holder}
      <Flex vertical gap={16} data-testid="batch-detail">
        <Card variant="borderless" title={T.summary}>
          {b ? <Summary batch={b} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        </Card>
        {/* Read once the batch is known to be there: a missing one says so once, not in every card. */}
        {b ? (
          <>
            <DayTrendCard
              title={T.trend}
              rangeQuery={(range) => batchDaysQueryOptions(workId, { id, ...range })}
              refetchInterval={REFRESH_MS}
              data-testid="batch-trend"
            />
            <Leads batch={b} workId={workId} />
          </>
        ) : null}
      </Flex>
    </PageFrame>
  );
}

export default function CustomerQrcodeDetailPage() {
  const navigate = useNavigate();
  return (
    <DetailPage title={T.detailTitle} noWorkHint={T.noWorkHint} notFound={T.notFound} back={<Button onClick={() => navigate('/customer-qrcode/list')}>{T.back}</Button>}>
      {(id, workId) => <Detail id={id} workId={workId} />}
    </DetailPage>
  );
}
