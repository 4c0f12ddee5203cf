// 我的客户: the main accounts registered through the distributor's promotion link, with their seats;
// 设置席位 on each.
import { useState } from 'react';
import { Button, Empty, Input, Table } from 'antd';
import { Link } from 'react-router-dom';
import type { DistributorCustomer } from '@scrm/contracts/distributor-portal';
import { formatMinute } from '@scrm/web-kit';
import { useCustomers } from '../api/list-customers';
import { T } from '../texts';
import { PortalPage } from './page-frame';
import { SetSeatsModal } from './set-seats-modal';

const PAGE_SIZE = 20;

export function CustomersPage() {
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [target, setTarget] = useState<DistributorCustomer | null>(null);
  const q = useCustomers({ page, pageSize: PAGE_SIZE, ...(phone ? { phone } : {}) });
  const empty = phone ? (
    <Empty description={T.customers.noMatch} />
  ) : (
    <Empty description={T.customers.empty}>
      <Link to="/distributor/promotion">{T.customers.toPromotion}</Link>
    </Empty>
  );
  return (
    <PortalPage
      title={T.customers.title}
      hint={T.customers.hint}
      error={q.error}
      onRetry={() => void q.refetch()}
      extra={
        <Input.Search
          allowClear
          placeholder={T.customers.search}
          maxLength={11}
          style={{ width: 200 }}
          onSearch={(v) => {
            setPhone(v.trim());
            setPage(1);
          }}
          data-testid="customer-search"
        />
      }
    >
      <Table<DistributorCustomer>
        rowKey="accountId"
        data-testid="customer-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: q.isLoading || q.error ? ' ' : empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: T.customers.phone, dataIndex: 'phone' },
          { title: T.customers.nickname, dataIndex: 'nickname' },
          { title: T.customers.createdAt, dataIndex: 'createdAt', render: (t: number) => formatMinute(t) },
          { title: T.customers.seats, key: 'bought', render: (_, c) => <span data-testid={`seats-${c.accountId}`}>{c.seats.bought}</span> },
          { title: T.customers.used, key: 'used', render: (_, c) => c.seats.used },
          { title: T.customers.expired, key: 'expired', render: (_, c) => c.seats.expired },
          { title: T.customers.nextExpiresAt, key: 'next', render: (_, c) => (c.seats.nextExpiresAt ? formatMinute(c.seats.nextExpiresAt) : '-') },
          {
            title: T.customers.actions,
            key: 'actions',
            render: (_, c) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setTarget(c)} data-testid={`set-seats-${c.accountId}`}>
                {T.customers.setSeats}
              </Button>
            ),
          },
        ]}
      />
      {target ? <SetSeatsModal customer={target} onClose={() => setTarget(null)} /> : null}
    </PortalPage>
  );
}
