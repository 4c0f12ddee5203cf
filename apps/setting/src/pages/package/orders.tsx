// 资源包 orders: the 购买席位 and 续费 dialogs (the server's price — the distributor's when the account came
// through one — and the total in yuan; submitting opens the payment provider's cashier), the return from
// the cashier (pay/success: the server asks the provider, never this page), and the 订单 list with
// 去支付 / 取消 for pending orders. docs/seats.md, "Orders and payment".
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Form, InputNumber, Modal, Select, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ORDER_SEATS_MAX, SEAT_TERMS, yuan, type Order, type OrderDetail, type OrderListBody, type OrderState } from '@scrm/contracts/order';
import { formatTime, runAction, useCan } from '@scrm/web-kit';
import { LoadAlert, useConfirmAction } from '@scrm/web-parts';
import { useSeatPrice } from '../../api/get-seat-price';
import { usePlaceOrder, type PlaceOrderBody } from '../../api/place-order';
import { usePayOrder } from '../../api/pay-order';
import { useConfirmPayment } from '../../api/confirm-payment';
import { useCancelOrder } from '../../api/cancel-order';
import { useOrders } from '../../api/list-orders';
import { ORDER as T } from '../../texts';

const STATE_COLOR: Record<OrderState, string> = { pending: 'orange', paid: 'green', cancelled: 'default', refunded: 'purple' };

/** Sends the browser to the cashier (the provider sends it back to /setting/package?paid=<id>). */
export function openCashier(detail: OrderDetail): void {
  if (detail.cashierUrl) window.location.assign(detail.cashierUrl);
}

/** 购买席位 (no seats) or 续费 (these seats). */
export function OrderDialog({ open, renewIds, onClose }: { open: boolean; renewIds?: number[]; onClose: () => void }) {
  const renew = renewIds !== undefined;
  const [count, setCount] = useState<number | null>(1);
  const [termDays, setTermDays] = useState<number>(365);
  const price = useSeatPrice({ enabled: open });
  const place = usePlaceOrder();
  const p = price.data;
  const unit = p?.terms.find((t) => t.days === termDays)?.unitPriceFen;
  const seats = renew ? renewIds.length : (count ?? 0);
  const total = unit !== undefined ? unit * seats : undefined;
  const submit = async () => {
    if (!seats) return;
    const body: PlaceOrderBody = renew ? { kind: 'renew', seatIds: renewIds, termDays } : { kind: 'buy', count: seats, termDays };
    try {
      const detail = await runAction(() => place.mutateAsync(body), { loading: T.opening, success: false });
      openCashier(detail);
    } catch {
      // The toast said why.
    }
  };
  return (
    <Modal
      title={renew ? T.renewTitle(renewIds.length) : T.buyTitle}
      open={open}
      onCancel={onClose}
      okText={T.payOk}
      cancelText={T.cancel}
      onOk={submit}
      okButtonProps={{ disabled: !seats || total === undefined || !p?.payable, loading: place.isPending, 'data-testid': 'order-submit' } as ButtonProps}
      destroyOnHidden
    >
      {price.isError ? <LoadAlert error={price.error} onRetry={() => price.refetch()} /> : null}
      {p && !p.payable ? <Alert type="warning" showIcon title={T.noPay} style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph type="secondary">{renew ? T.renewHint : T.buyHint}</Typography.Paragraph>
      <Form layout="vertical">
        {renew ? null : (
          <Form.Item label={T.count} required>
            <InputNumber min={1} max={ORDER_SEATS_MAX} precision={0} value={count} onChange={setCount} style={{ width: 160 }} addonAfter="个" data-testid="order-count" />
          </Form.Item>
        )}
        <Form.Item label={T.term} required>
          <Select value={termDays} onChange={setTermDays} style={{ width: 200 }} options={SEAT_TERMS.map((d) => ({ value: d, label: T.termLabel(d) }))} data-testid="order-term" />
        </Form.Item>
      </Form>
      <Descriptions
        bordered
        size="small"
        column={1}
        data-testid="order-price"
        items={[
          {
            key: 'unit',
            label: T.unitPrice,
            children: (
              <Space wrap>
                <span data-testid="order-unit-price">{unit === undefined ? '—' : yuan(unit)}</span>
                <Typography.Text type="secondary">{T.unitPriceHint(termDays)}</Typography.Text>
                {p ? <Tag color={p.distributor ? 'gold' : 'default'} data-testid="order-price-source">{p.distributor ? T.distributorPrice(p.distributor.name) : T.standardPrice}</Tag> : null}
              </Space>
            ),
          },
          { key: 'seats', label: T.count, children: T.seats(seats) },
          {
            key: 'total',
            label: T.total,
            children: (
              <Typography.Text strong style={{ fontSize: 18, color: '#cf1322' }} data-testid="order-total">
                {total === undefined ? '—' : yuan(total)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** Back from the cashier (`?paid=<id>`): the server confirms with the provider, and the result is shown once. */
export function useReturnFromCashier(onBack: () => void) {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmPayment();
  const [modal, holder] = Modal.useModal();
  const paid = Number(params.get('paid'));
  const asked = useRef<number>(0);
  useEffect(() => {
    if (!Number.isInteger(paid) || paid < 1 || asked.current === paid) return;
    asked.current = paid;
    onBack();
    void (async () => {
      try {
        const { order } = await runAction(() => confirm.mutateAsync(paid), { loading: T.result.checking, success: false });
        const ok = { okText: T.result.ok };
        if (order.state === 'paid') {
          void modal.success({ ...ok, title: T.result.paidTitle, content: <span data-testid="order-result">{order.kind === 'buy' ? T.result.paidBuy(order.seatCount, order.termDays) : T.result.paidRenew(order.seatCount, order.termDays)}</span> });
        } else if (order.state === 'pending') {
          void modal.warning({ ...ok, title: T.result.pendingTitle, content: <span data-testid="order-result">{T.result.pendingContent}</span> });
        } else {
          void modal.info({ ...ok, title: order.state === 'refunded' ? T.result.refundedTitle : T.result.cancelledTitle, content: <span data-testid="order-result">{T.result.cancelledContent}</span> });
        }
      } catch {
        // The toast said why.
      } finally {
        const next = new URLSearchParams(params);
        next.delete('paid');
        setParams(next, { replace: true });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid]);
  return holder;
}

export function OrdersPanel() {
  const [state, setState] = useState<OrderState>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const body: OrderListBody = { page, pageSize, ...(state ? { state } : {}) };
  const orders = useOrders(body, { placeholderData: keepPreviousData, refetchInterval: 30_000 });
  const canManage = useCan('package.manage');
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const confirm = useConfirmAction();
  const now = Date.now();

  const goPay = async (o: Order) => {
    try {
      const detail = await runAction(() => pay.mutateAsync(o.id), { loading: T.opening, success: false });
      openCashier(detail);
    } catch {
      // The toast said why.
    }
  };
  const askCancel = (o: Order) =>
    void confirm.confirm({
      title: T.cancelTitle(o.orderNo),
      content: T.cancelContent,
      okText: T.cancelOk,
      cancelText: T.keep,
      okButtonProps: { danger: true, 'data-testid': 'order-cancel-ok' } as ButtonProps,
      run: () => cancel.mutateAsync(o.id),
      success: T.cancelled,
    });

  const columns: ColumnsType<Order> = [
    { title: T.col.no, dataIndex: 'orderNo', width: 220, render: (v: string) => <Typography.Text copyable={{ text: v }} style={{ whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
    { title: T.col.kind, dataIndex: 'kind', width: 64, render: (v: Order['kind']) => T.kind[v] },
    { title: T.col.count, dataIndex: 'seatCount', width: 88, align: 'right', render: (n: number) => T.seats(n) },
    { title: T.col.term, dataIndex: 'termDays', width: 84, align: 'right', render: (n: number) => T.days(n) },
    {
      title: T.col.amount,
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, o) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          {o.distributorPrice ? <Tag color="gold" style={{ marginInlineEnd: 0 }}>{T.distributorTag}</Tag> : null}
          <span>{yuan(o.amountFen)}</span>
        </Space>
      ),
    },
    { title: T.col.state, dataIndex: 'state', width: 90, render: (v: OrderState) => <Tag color={STATE_COLOR[v]} data-testid="order-state">{T.state[v]}</Tag> },
    { title: T.col.createdAt, dataIndex: 'createdAt', render: (t: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(t)}</span> },
    {
      title: T.col.paidAt,
      key: 'closed',
      render: (_, o) => {
        const t = o.paidAt ?? o.closedAt;
        if (t) return <span style={{ whiteSpace: 'nowrap' }}>{formatTime(t)}</span>;
        return o.state === 'pending' ? <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{T.payUntil(formatTime(o.expiresAt))}</Typography.Text> : '—';
      },
    },
    ...(!canManage
      ? []
      : [
          {
            title: T.col.actions,
            key: 'actions',
            width: 120,
            fixed: 'right',
            render: (_, o) =>
              o.state === 'pending' && o.expiresAt > now ? (
                <Space size={0} style={{ marginInline: -7 }}>
                  <Button type="link" size="small" onClick={() => void goPay(o)} data-testid="order-pay">
                    {T.pay}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => askCancel(o)} data-testid="order-cancel">
                    {T.cancel}
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          } satisfies ColumnsType<Order>[number],
        ]),
  ];

  return (
    <>
      {confirm.holder}
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<OrderState | 'all'>
          style={{ width: 140 }}
          value={state ?? 'all'}
          onChange={(v) => {
            setState(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[{ value: 'all', label: T.allStates }, ...(['pending', 'paid', 'cancelled', 'refunded'] as const).map((s) => ({ value: s, label: T.state[s] }))]}
          data-testid="order-filter-state"
        />
      </Flex>
      {orders.isError && !orders.data ? (
        <LoadAlert error={orders.error} onRetry={() => orders.refetch()} />
      ) : (
        <Table<Order>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.list ?? []}
          loading={orders.isPending || (orders.isFetching && orders.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: orders.isPending ? <div style={{ height: 120 }} /> : <Empty description={state ? T.emptyFiltered : T.empty} /> }}
          pagination={{
            current: page,
            pageSize,
            total: orders.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: T.listTotal,
            onChange: (p, s) => {
              setPage(s === pageSize ? p : 1);
              setPageSize(s);
            },
          }}
          data-testid="order-table"
        />
      )}
    </>
  );
}
