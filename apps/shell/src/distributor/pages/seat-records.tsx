// 席位记录: seats it set for its customers, and seats its customers bought or renewed.
import { useState } from 'react';
import { Empty, Table, Tag } from 'antd';
import type { SeatRecord } from '@scrm/contracts/distributor-portal';
import { formatMinute } from '@scrm/web-kit';
import { useSeatRecords } from '../api/list-seat-records';
import { T } from '../texts';
import { PortalPage } from './page-frame';

const PAGE_SIZE = 20;
const KIND = { set: ['blue', T.seats.set], buy: ['green', T.seats.buy], renew: ['cyan', T.seats.renew] } as const;

export function SeatRecordsPage() {
  const [page, setPage] = useState(1);
  const q = useSeatRecords({ page, pageSize: PAGE_SIZE });
  return (
    <PortalPage title={T.seats.title} hint={T.seats.hint} error={q.error} onRetry={() => void q.refetch()}>
      <Table<SeatRecord>
        rowKey="key"
        data-testid="seat-record-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: q.isLoading || q.error ? ' ' : <Empty description={T.seats.empty} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: T.seats.at, dataIndex: 'at', render: (t: number) => formatMinute(t) },
          { title: T.seats.customer, dataIndex: 'phone' },
          { title: T.seats.kind, dataIndex: 'kind', render: (k: SeatRecord['kind']) => <Tag color={KIND[k][0]}>{KIND[k][1]}</Tag> },
          { title: T.seats.seatCount, dataIndex: 'seatCount' },
          { title: T.seats.term, dataIndex: 'termDays', render: (d: number) => `${d} 天` },
          { title: T.seats.orderNo, dataIndex: 'orderNo', render: (n: string | null) => n ?? '-' },
        ]}
      />
    </PortalPage>
  );
}
