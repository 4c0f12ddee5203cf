// 员工活码 list: every member's personal codes with search by name, a member filter, today's and total
// adds, the status WeCom gave each, and batch delete. Refreshes itself while codes are being made.
import { useState } from 'react';
import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { IdcardOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { StaffCode, StaffCodeListBody } from '@scrm/contracts/staff-code';
import { useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, ListFilters, LoadAlert, MemberAvatar, NoMatch, NoWorkSpace, QrThumb, SelectionBar, useUrlFilters } from '@scrm/web-parts';
import { useCodes } from '../../api/list-codes';
import { useCodeActions } from '../../components/code-actions';
import { CodeStatusBadge } from '../../components/code-status';
import { T } from '../../texts';
import { downloadQrcode } from '../../api/download-qrcode';

const PAGE_SIZE = 10;
/** Refetch while a code is being made, and now and then for the day's figures. */
const FAST_MS = 2_000;
const SLOW_MS = 15_000;
const TAGS_SHOWN = 2;

/** The filters live in the URL, so coming back from a detail page keeps them. */
const FILTERS = { keyword: 'text', userid: 'text' } as const;

function Welcome({ code }: { code: StaffCode }) {
  const { text, materialIds } = code.welcome;
  if (!text.trim() && !materialIds.length) return <Tag data-testid="welcome-unset">{T.welcomeUnset}</Tag>;
  const tip = [text.trim(), materialIds.length ? T.welcomeAttachments(materialIds.length) : ''].filter(Boolean).join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{tip}</span>}>
      <Tag color="success" data-testid="welcome-set">
        {T.welcomeSet}
      </Tag>
    </Tooltip>
  );
}

function Tags({ names }: { names: string[] }) {
  if (!names.length) return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  const rest = names.slice(TAGS_SHOWN);
  return (
    <Flex gap={4} wrap>
      {names.slice(0, TAGS_SHOWN).map((n) => (
        <Tag key={n} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.join('、')}>
          <Tag style={{ marginInlineEnd: 0 }}>{T.moreTags(rest.length)}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

const withHint = (title: string, hint: string) => (
  <Space size={4}>
    {title}
    <Tooltip title={hint}>
      <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} />
    </Tooltip>
  </Space>
);

function Codes({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const [selected, setSelected] = useState<StaffCode[]>([]);
  const { holder, remove, retry } = useCodeActions();
  const canManage = useCan('staff-qrcode.manage');
  const body: StaffCodeListBody = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.userid ? { userid: filters.userid } : {}),
  };
  const codes = useCodes(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.status === 'creating') ? FAST_MS : SLOW_MS),
  });
  const filtered = Boolean(filters.keyword || filters.userid);

  const removeCodes = async (list: StaffCode[]) => {
    if (await remove(list)) setSelected((prev) => prev.filter((s) => !list.some((c) => c.id === s.id)));
  };

  const columns: ColumnsType<StaffCode> = [
    { title: T.col.qr, key: 'qr', width: 76, render: (_, c) => <QrThumb code={c} download={() => downloadQrcode(c.id)} /> },
    {
      title: T.col.name,
      dataIndex: 'name',
      render: (_, c) => (
        <Link to={`/staff-qrcode/detail?id=${c.id}`} data-testid="code-name">
          {c.name}
        </Link>
      ),
    },
    {
      title: T.col.member,
      key: 'member',
      width: 130,
      render: (_, c) => <MemberAvatar name={c.memberName} avatar={c.avatar} nowrap />,
    },
    { title: T.col.tags, key: 'tags', width: 150, render: (_, c) => <Tags names={c.tagNames} /> },
    { title: T.col.welcome, key: 'welcome', width: 84, render: (_, c) => <Welcome code={c} /> },
    {
      title: withHint(T.col.adds, T.addsHint),
      key: 'adds',
      width: 120,
      render: (_, c) => (
        <Flex vertical data-testid="code-adds">
          <span>{T.addsToday(c.addsToday)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {T.addsTotal(c.addsTotal)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: T.col.status, key: 'status', width: 110, render: (_, c) => <CodeStatusBadge status={c.status} error={c.error} /> },
    {
      title: T.col.actions,
      key: 'actions',
      width: 190,
      render: (_, c) => (
        <Space size={0} separator={<Typography.Text type="secondary">|</Typography.Text>}>
          <Button type="link" size="small" onClick={() => navigate(`/staff-qrcode/detail?id=${c.id}`)}>
            {T.detail}
          </Button>
          {!canManage ? null : c.status === 'failed' ? (
            <Button type="link" size="small" onClick={() => retry([c.id])} data-testid="code-retry">
              {T.retryCreate}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => navigate(`/staff-qrcode/create?id=${c.id}`)}>
              {T.edit}
            </Button>
          )}
          {canManage ? (
            <Tooltip title={c.status === 'creating' ? T.creatingCannotDelete : undefined}>
              <Button type="link" size="small" danger disabled={c.status === 'creating'} onClick={() => removeCodes([c])} data-testid="code-delete">
                {T.delete}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  const empty = filtered ? (
    <NoMatch
      text={T.emptyFiltered}
      onClear={() => setFilters({ keyword: '', userid: '' })}
    />
  ) : (
    <FirstUse
      icon={<IdcardOutlined style={{ color: '#1677ff' }} />}
      title={T.emptyTitle}
      hint={T.emptyHint}
      action={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/staff-qrcode/create')}>
            {T.create}
          </Button>
        ) : null
      }
      data-testid="codes-empty"
    />
  );

  return (
    <PageFrame
      title={T.title}
      extra={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/staff-qrcode/create')} data-testid="code-create">
            {T.create}
          </Button>
        ) : undefined
      }
    >
      {holder}
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <ListFilters
          keyword={filters.keyword}
          userid={filters.userid}
          onChange={setFilters}
          placeholders={{ keyword: T.searchPlaceholder, member: T.memberFilter }}
          widths={{ member: 220 }}
          testIds={{ keyword: 'code-search', member: 'member-filter' }}
        />
      </Flex>
      {canManage && selected.length ? (
        <SelectionBar label={T.selected(selected.length)} onClear={() => setSelected([])}>
          <Button size="small" danger onClick={() => removeCodes(selected)} disabled={selected.some((c) => c.status === 'creating')} data-testid="batch-delete">
            {T.batchDelete}
          </Button>
        </SelectionBar>
      ) : null}
      {codes.isError && !codes.data ? (
        <LoadAlert error={codes.error} onRetry={() => codes.refetch()} />
      ) : (
        <Table<StaffCode>
          data-testid="code-table"
          rowKey="id"
          columns={columns}
          dataSource={codes.data?.list ?? []}
          loading={codes.isPending || (codes.isFetching && codes.isPlaceholderData)}
          scroll={{ x: 1000 }}
          locale={{ emptyText: codes.isPending ? <div style={{ height: 120 }} /> : empty }}
          rowSelection={canManage ? {
            selectedRowKeys: selected.map((c) => c.id),
            preserveSelectedRowKeys: true,
            // Rows of other pages stay selected: antd may not hand their records back, the last ones seen are kept.
            onChange: (keys, rows) =>
              setSelected((prev) => keys.map((k) => rows.find((r) => r?.id === k) ?? prev.find((p) => p.id === k)).filter((c): c is StaffCode => Boolean(c))),
          } : undefined}
          pagination={{ ...pagination(codes.data?.total ?? 0), showTotal: T.total }}
        />
      )}
    </PageFrame>
  );
}

export default function StaffQrcodeListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  return <Codes key={workId} workId={workId} />;
}
