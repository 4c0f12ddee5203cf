// 短信余量: the SMS credit balance and use, the recipients, and the recharge records.
import { useState } from 'react';
import { Alert, Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import type { NotifyRecharge } from '@scrm/contracts/notify';
import { formatTime } from '@scrm/web-kit';
import { LoadAlert } from '@scrm/web-parts';
import { useNotifyAccount } from '../../api/get-notify-account';
import { useRecharges } from '../../api/list-recharges';
import { RECHARGE_KIND_LABEL, T } from '../../texts';

export function Credits() {
  const [page, setPage] = useState(1);
  const account = useNotifyAccount();
  const recharges = useRecharges({ page, pageSize: 10 });
  const info = account.data;
  const columns = [
    { title: T.credits.time, dataIndex: 'createdAt', width: 190, render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
    { title: T.credits.kind, dataIndex: 'kind', width: 100, render: (v: NotifyRecharge['kind']) => RECHARGE_KIND_LABEL[v] },
    { title: T.credits.amount, dataIndex: 'amount', width: 100, align: 'right' as const, render: (v: number) => (v > 0 ? `+${v}` : String(v)) },
    { title: T.credits.balanceAfter, dataIndex: 'balanceAfter', width: 120, align: 'right' as const },
    { title: T.credits.note, dataIndex: 'note', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
  ];
  return (
    <div data-testid="credits">
      {account.isError && !info ? (
        <LoadAlert error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          {[
            [T.credits.balance, info?.smsBalance, 'credit-balance'],
            [T.credits.used, info?.smsUsed, 'credit-used'],
            [T.credits.recipients, info?.recipients, 'credit-recipients'],
            [T.credits.bound, info?.bound, 'credit-bound'],
          ].map(([title, value, id]) => (
            <Col key={id as string} xs={12} md={6}>
              <Card size="small">
                <Statistic title={title} value={(value as number | undefined) ?? '-'} loading={account.isPending} data-testid={id} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {info && info.smsBalance <= 0 ? <Alert type="warning" showIcon title={T.credits.low} style={{ marginBottom: 16 }} /> : null}
      <Typography.Title level={5}>{T.credits.recharges}</Typography.Title>
      <Table<NotifyRecharge>
        rowKey="id"
        columns={columns}
        dataSource={recharges.data?.list ?? []}
        loading={recharges.isPending}
        pagination={{ current: page, pageSize: 10, total: recharges.data?.total ?? 0, showTotal: T.credits.total, hideOnSinglePage: true, onChange: setPage }}
        locale={{ emptyText: <Empty description={T.credits.empty} /> }}
      />
    </div>
  );
}
