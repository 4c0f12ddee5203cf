// The customers added through a code, paged on the server: who, by whom, when, the welcome message and what happened next.
import { Avatar, Empty, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { WELCOME_STATUS_LABEL, type CodeAdd, type CodeAddList, type WelcomeStatus } from '@scrm/contracts/contact-way';
import { formatTime } from './format';
import { LoadAlert } from './load-alert';
import { T } from './texts';

export const WELCOME_STATUS_COLOR: Record<WelcomeStatus, string> = {
  none: 'default',
  pending: 'processing',
  sent: 'success',
  missed: 'warning',
  failed: 'error',
  skipped: 'default',
};

/** A customer's detail page in the /customer sub-app. */
export const customerDetailPath = (externalUserid: string) => `/customer/detail?id=${encodeURIComponent(externalUserid)}`;

export function WelcomeStatusTag({ add }: { add: Pick<CodeAdd, 'welcomeStatus' | 'welcomeError' | 'welcomeAt'> }) {
  const tag = (
    <Tag color={WELCOME_STATUS_COLOR[add.welcomeStatus]} data-testid="welcome-status">
      {WELCOME_STATUS_LABEL[add.welcomeStatus] ?? add.welcomeStatus}
    </Tag>
  );
  const tip = add.welcomeError ?? (add.welcomeStatus === 'sent' && add.welcomeAt ? T.codeAdd.welcomeAt(formatTime(add.welcomeAt)) : null);
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}

function Relation({ add }: { add: CodeAdd }) {
  const marks = [
    add.deletedByCustomerAt != null && { label: T.codeAdd.deletedByCustomer, at: add.deletedByCustomerAt, color: 'orange' },
    add.deletedByMemberAt != null && { label: T.codeAdd.deletedByMember, at: add.deletedByMemberAt, color: 'red' },
  ].filter((m): m is { label: string; at: number; color: string } => Boolean(m));
  if (!marks.length) return <Tag color="success">{T.codeAdd.normal}</Tag>;
  return (
    <Flex vertical gap={6} data-testid="code-add-deleted">
      {marks.map((m) => (
        <Flex key={m.label} vertical align="flex-start" gap={2}>
          <Tag color={m.color}>{m.label}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatTime(m.at)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

function Tags({ add }: { add: CodeAdd }) {
  if (add.tagStatus === 'pending') return <Tag color="processing">{T.codeAdd.tagPending}</Tag>;
  if (add.tagStatus === 'failed') return <Tag color="error">{T.codeAdd.tagFailed}</Tag>;
  if (!add.tagNames.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {add.tagNames.map((name) => (
        <Tag key={name} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}

export interface CodeAddTableProps {
  data: CodeAddList | undefined;
  loading?: boolean;
  /** 1-based, as the server counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** A single-member code (员工活码, 一客一码) need not repeat the member on every row. */
  hideMember?: boolean;
}

/** Server-paged table of CodeAdd rows: customer (links to its detail), member, time, welcome status, tags, deletions. */
export function CodeAddTable({ data, loading, page, pageSize, onPageChange, hideMember }: CodeAddTableProps) {
  const columns: ColumnsType<CodeAdd> = [
    {
      title: T.codeAdd.customer,
      key: 'customer',
      render: (_, add) => (
        <Link to={customerDetailPath(add.externalUserid)} data-testid="code-add-customer">
          <Space size={8}>
            <Avatar size={28} src={add.avatar || undefined}>
              {add.customerName.slice(0, 1)}
            </Avatar>
            {add.customerName || add.externalUserid}
          </Space>
        </Link>
      ),
    },
    ...(hideMember ? [] : [{ title: T.codeAdd.member, dataIndex: 'memberName', render: (v: string, add: CodeAdd) => v || add.userid }]),
    { title: T.codeAdd.addedAt, dataIndex: 'addedAt', width: 170, render: (v: number) => formatTime(v) },
    { title: T.codeAdd.welcome, key: 'welcome', width: 110, render: (_, add) => <WelcomeStatusTag add={add} /> },
    { title: T.codeAdd.tags, key: 'tags', render: (_, add) => <Tags add={add} /> },
    { title: T.codeAdd.relation, key: 'relation', width: 170, render: (_, add) => <Relation add={add} /> },
  ];
  return (
    <Table<CodeAdd>
      data-testid="code-add-table"
      rowKey="id"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: <Empty description={T.codeAdd.empty} /> }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: T.codeAdd.total,
        hideOnSinglePage: false,
        onChange: (p, s) => onPageChange(s === pageSize ? p : 1, s),
      }}
    />
  );
}

export interface CodeAddsProps extends Omit<CodeAddTableProps, 'data' | 'loading'> {
  query: UseQueryResult<CodeAddList, Error>;
  /** A small retry button, for a card's body. */
  small?: boolean;
}

/** The table from its query: the error line with a retry when the first page could not be read. */
export function CodeAdds({ query, small, ...table }: CodeAddsProps) {
  if (query.isError && !query.data) return <LoadAlert error={query.error} onRetry={() => query.refetch()} small={small} />;
  return <CodeAddTable data={query.data} loading={query.isPending || (query.isFetching && query.isPlaceholderData)} {...table} />;
}
