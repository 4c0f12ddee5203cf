// 充值记录: its customers' paid and refunded seat orders.
import { useState } from 'react';
import { Empty, Table, Tag } from 'antd';
import type { RechargeRecord } from '@scrm/contracts/distributor-portal';
import { formatMinute } from '@scrm/web-kit';
import { useRecharges } from '../api/list-recharges';
import { T, yuan } from '../texts';
import { PortalPage } from './page-frame';

const PAGE_SIZE = 20;

export function RechargesPage() {
  const [page, setPage] = useState(1);
  const q = useRecharges({ page, pageSize: PAGE_SIZE });
  return (
    <PortalPage title={T.recharges.title} hint={T.recharges.hint} error={q.error} onRetry={() => void q.refetch()}>
      <Table<RechargeRecord>
        rowKey="id"
        data-testid="recharge-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: q.isLoading || q.error ? ' ' : <Empty description={T.recharges.empty} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: T.recharges.orderNo, dataIndex: 'orderNo' },
          { title: T.recharges.customer, dataIndex: 'phone' },
          { title: T.recharges.kind, dataIndex: 'kind', render: (k: RechargeRecord['kind']) => (k === 'buy' ? T.recharges.buy : T.recharges.renew) },
          { title: T.recharges.seatCount, dataIndex: 'seatCount' },
          { title: T.recharges.term, dataIndex: 'termDays', render: (d: number) => `${d} 天` },
          { title: T.recharges.unitPrice, dataIndex: 'unitPriceFen', render: (f: number) => `¥${yuan(f)}` },
          { title: T.recharges.amount, dataIndex: 'amountFen', render: (f: number) => `¥${yuan(f)}` },
          {
            title: T.recharges.state,
            dataIndex: 'state',
            render: (s: RechargeRecord['state']) => (s === 'paid' ? <Tag color="green">{T.recharges.paid}</Tag> : <Tag>{T.recharges.refunded}</Tag>),
          },
          { title: T.recharges.paidAt, dataIndex: 'paidAt', render: (t: number | null) => (t ? formatMinute(t) : '-') },
        ]}
      />
    </PortalPage>
  );
}
