// 资源包 (/setting/package): the seat figures (bought, used, free, expiring), the seats (paged, filtered by
// state and work space) and what changes them — bind to a member of the current work space, transfer,
// unbind, migrate to another work space — each destructive one confirmed; buying and renewing seats
// through an order and the payment provider's cashier, and the 订单 tab (orders.tsx). docs/seats.md.
import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Modal, Row, Select, Space, Statistic, Table, Tabs, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ShoppingCartOutlined, TeamOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import type { Seat, SeatListBody, SeatState } from '@scrm/contracts/seat';
import { dayKey } from '@scrm/contracts/china-time';
import { runAction, useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, LoadAlert, MemberSelect, useConfirmAction } from '@scrm/web-parts';
import { useSeatInfo } from '../../api/get-seat-info';
import { useSeats } from '../../api/list-seats';
import { useBindSeat } from '../../api/bind-seat';
import { useTransferSeat } from '../../api/transfer-seat';
import { useRemoveSeats } from '../../api/remove-seats';
import { useMigrateSeats } from '../../api/migrate-seats';
import { PACKAGE as T } from '../../texts';
import { OrderDialog, OrdersPanel, useReturnFromCashier } from './orders';

const DAY_MS = 86_400_000;
const STATE_COLOR: Record<SeatState, string> = { free: 'green', bound: 'blue', expired: 'default' };

export function seatNo(id: number): string {
  return `#${String(id).padStart(6, '0')}`;
}

function BindDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [userid, setUserid] = useState<string>();
  const bind = useBindSeat();
  const submit = async () => {
    if (!userid) return;
    try {
      await runAction(() => bind.mutateAsync({ userid }), { success: T.bound });
      setUserid(undefined);
      onClose();
    } catch {
      // The toast said why.
    }
  };
  return (
    <Modal title={T.bindTitle} open={open} onCancel={onClose} okText={T.bindOk} cancelText={T.cancel} onOk={submit} okButtonProps={{ disabled: !userid, loading: bind.isPending, 'data-testid': 'seat-bind-ok' } as ButtonProps} destroyOnHidden>
      <Typography.Paragraph type="secondary">{T.bindHint}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={T.pickMember} required>
          <MemberSelect value={userid} onChange={(u) => setUserid(u)} placeholder={T.pickMember} data-testid="seat-bind-member" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TransferDialog({ seat, onClose }: { seat: Seat | null; onClose: () => void }) {
  const [userid, setUserid] = useState<string>();
  const transfer = useTransferSeat();
  const submit = async () => {
    if (!seat || !userid) return;
    try {
      await runAction(() => transfer.mutateAsync({ id: seat.id, userid }), { success: T.transferred });
      setUserid(undefined);
      onClose();
    } catch {
      // The toast said why.
    }
  };
  return (
    <Modal title={T.transferTitle} open={seat !== null} onCancel={onClose} okText={T.transferOk} cancelText={T.cancel} onOk={submit} okButtonProps={{ danger: true, disabled: !userid, loading: transfer.isPending, 'data-testid': 'seat-transfer-ok' } as ButtonProps} destroyOnHidden>
      <Typography.Paragraph type="secondary">{seat ? T.transferHint(seat.memberName) : ''}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={T.pickMember} required>
          <MemberSelect value={userid} onChange={(u) => setUserid(u)} placeholder={T.pickMember} data-testid="seat-transfer-member" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MigrateDialog({ seat, workSpaces, onClose }: { seat: Seat | null; workSpaces: Array<{ id: number; nickname: string }>; onClose: () => void }) {
  const [target, setTarget] = useState<number>();
  const migrate = useMigrateSeats();
  const options = workSpaces.filter((w) => w.id !== seat?.workSpaceId).map((w) => ({ value: w.id, label: w.nickname }));
  const submit = async () => {
    if (!seat || !target) return;
    try {
      await runAction(() => migrate.mutateAsync({ ids: [seat.id], workSpaceId: target }), { success: T.migrated });
      setTarget(undefined);
      onClose();
    } catch {
      // The toast said why.
    }
  };
  return (
    <Modal title={T.migrateTitle} open={seat !== null} onCancel={onClose} okText={T.migrateOk} cancelText={T.cancel} onOk={submit} okButtonProps={{ danger: true, disabled: !target, loading: migrate.isPending, 'data-testid': 'seat-migrate-ok' } as ButtonProps} destroyOnHidden>
      <Typography.Paragraph type="secondary">{T.migrateHint}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={T.migrateTarget} required>
          <Select value={target} onChange={setTarget} options={options} placeholder={T.needTarget} data-testid="seat-migrate-target" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function PackagePage() {
  const workId = useStore('workId');
  const [state, setState] = useState<SeatState>();
  const [workSpaceId, setWorkSpaceId] = useState<number>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [binding, setBinding] = useState(false);
  const [transferring, setTransferring] = useState<Seat | null>(null);
  const [migrating, setMigrating] = useState<Seat | null>(null);
  const confirm = useConfirmAction();
  const remove = useRemoveSeats();
  const info = useSeatInfo({ refetchInterval: 60_000 });
  const body: SeatListBody = { page, pageSize, ...(state ? { state } : {}), ...(workSpaceId !== undefined ? { workSpaceId } : {}) };
  const seats = useSeats(body, { placeholderData: keepPreviousData });
  const f = info.data?.figures;
  const workSpaces = info.data?.workSpaces ?? [];
  const now = Date.now();
  const canManage = useCan('package.manage');
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'orders' ? 'orders' : 'seats');
  const [buying, setBuying] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [renewing, setRenewing] = useState<number[] | null>(null);
  const cashierResult = useReturnFromCashier(() => setTab('orders'));

  const unbind = (s: Seat) =>
    void confirm.confirm({
      title: T.unbindTitle(s.memberName),
      content: T.unbindContent,
      okText: T.unbindOk,
      cancelText: T.cancel,
      okButtonProps: { 'data-testid': 'seat-unbind-ok' } as ButtonProps,
      run: () => remove.mutateAsync([s.id]),
      success: T.unbound,
    });

  const columns: ColumnsType<Seat> = [
    { title: T.col.id, dataIndex: 'id', width: 110, render: (id: number, s) => <span title={T.source[s.source] ?? (s.source.startsWith('order:') ? T.sourceOrder(s.source.slice(6)) : s.source)}>{seatNo(id)}</span> },
    { title: T.col.state, dataIndex: 'state', width: 90, render: (v: SeatState) => <Tag color={STATE_COLOR[v]} data-testid="seat-state">{T.state[v]}</Tag> },
    { title: T.col.workSpace, dataIndex: 'workSpaceName', width: 160, render: (v: string) => v || <Typography.Text type="secondary">{T.filter.pool}</Typography.Text> },
    { title: T.col.member, key: 'member', render: (_, s) => (s.state === 'bound' ? <span data-testid="seat-member">{s.memberName}</span> : <Typography.Text type="secondary">—</Typography.Text>) },
    { title: T.col.term, key: 'term', width: 230, render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{`${dayKey(s.startsAt)} ~ ${dayKey(s.expiresAt)}`}</span> },
    {
      title: T.col.left,
      key: 'left',
      width: 90,
      render: (_, s) => {
        // The browser's clock; an expired seat (the server's business clock) says so whatever it reads.
        const days = s.state === 'expired' ? 0 : Math.ceil((s.expiresAt - now) / DAY_MS);
        return <Typography.Text type={days <= 7 ? 'danger' : days <= 30 ? 'warning' : undefined}>{T.daysLeft(days)}</Typography.Text>;
      },
    },
    // A view-only child sees the seats, not the changes the server would refuse it.
    ...(!canManage ? [] : [{
      title: T.col.actions,
      key: 'actions',
      width: 170,
      render: (_, s) => {
        if (s.state === 'expired') return <Typography.Text type="secondary">—</Typography.Text>;
        const here = s.workSpaceId === workId;
        return (
          <Space size={0} style={{ marginInline: -7 }}>
            {s.state === 'bound' && (
              <Button type="link" size="small" disabled={!here} title={here ? undefined : T.otherWorkSpace} onClick={() => setTransferring(s)} data-testid="seat-transfer">
                {T.transfer}
              </Button>
            )}
            {s.state === 'bound' && (
              <Button type="link" size="small" danger onClick={() => unbind(s)} data-testid="seat-unbind">
                {T.unbind}
              </Button>
            )}
            <Button type="link" size="small" disabled={workSpaces.length < 2 && s.workSpaceId !== null} onClick={() => setMigrating(s)} data-testid="seat-migrate">
              {T.migrate}
            </Button>
          </Space>
        );
      },
    } satisfies ColumnsType<Seat>[number]]),
  ];

  const none = f !== undefined && f.bought === 0 && f.expired === 0;
  const seatsTab = (
    <>
      {none ? (
          <FirstUse icon={<TeamOutlined />} title={T.emptyTitle} hint={T.emptyHint} data-testid="seats-empty" />
        ) : (
          <>
            <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
              <Space wrap>
                <Select<SeatState | 'all'>
                  style={{ width: 140 }}
                  value={state ?? 'all'}
                  onChange={(v) => {
                    setState(v === 'all' ? undefined : v);
                    setPage(1);
                  }}
                  options={[{ value: 'all', label: T.filter.allStates }, ...(['free', 'bound', 'expired'] as const).map((s) => ({ value: s, label: T.state[s] }))]}
                  data-testid="seat-filter-state"
                />
                <Select<number>
                  style={{ width: 200 }}
                  value={workSpaceId ?? -1}
                  onChange={(v) => {
                    setWorkSpaceId(v === -1 ? undefined : v);
                    setPage(1);
                  }}
                  options={[{ value: -1, label: T.filter.allWorkSpaces }, { value: 0, label: T.filter.pool }, ...workSpaces.map((w) => ({ value: w.id, label: w.nickname }))]}
                  data-testid="seat-filter-ws"
                />
              </Space>
              {canManage ? (
                <Space wrap>
                <Button disabled={!selected.length} title={selected.length ? undefined : T.renewPick} onClick={() => setRenewing(selected)} data-testid="seat-renew">
                  {selected.length ? T.renewSelected(selected.length) : T.renew}
                </Button>
                <Button type="primary" icon={<PlusOutlined />} disabled={!workId} title={workId ? undefined : T.noWorkSpace} onClick={() => setBinding(true)} data-testid="seat-bind">
                  {T.bind}
                </Button>
                </Space>
              ) : null}
            </Flex>
            {seats.isError && !seats.data ? (
              <LoadAlert error={seats.error} onRetry={() => seats.refetch()} />
            ) : (
              <Table<Seat>
                rowKey="id"
                rowSelection={canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined}
                columns={columns}
                dataSource={seats.data?.list ?? []}
                loading={seats.isPending || (seats.isFetching && seats.isPlaceholderData)}
                locale={{ emptyText: seats.isPending ? <div style={{ height: 120 }} /> : <Empty description={T.emptyFiltered} /> }}
                pagination={{
                  current: page,
                  pageSize,
                  total: seats.data?.total ?? 0,
                  hideOnSinglePage: true,
                  showTotal: T.total,
                  onChange: (p, s) => {
                    setPage(s === pageSize ? p : 1);
                    setPageSize(s);
                  },
                }}
                data-testid="seat-table"
              />
            )}
          </>
        )}
    </>
  );

  return (
    <PageFrame title={T.title}>
      {confirm.holder}
      <Alert type="info" showIcon title={T.intro} style={{ marginBottom: 16 }} />
      {info.isError && !info.data ? (
        <LoadAlert error={info.error} onRetry={() => info.refetch()} />
      ) : (
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="seat-figures">
          {(
            [
              ['bought', f?.bought],
              ['used', f?.used],
              ['free', f?.free],
              ['expiring', f?.expiring],
            ] as const
          ).map(([k, v]) => (
            <Col span={6} key={k}>
              {/* As tall as the row: the 30-day card's line of its earliest expiry would leave it taller. */}
              <Card variant="borderless" loading={info.isPending} style={{ height: '100%' }}>
                <Statistic title={T.figures[k]} value={v ?? 0} styles={k === 'expiring' && (v ?? 0) > 0 ? { content: { color: '#d46b08' } } : undefined} data-testid={`seat-figure-${k}`} />
                {k === 'expiring' && f?.nextExpiresAt ? <Typography.Text type="secondary">{T.figures.nextExpiry(dayKey(f.nextExpiresAt))}</Typography.Text> : null}
                {k === 'bought' && f && f.expired > 0 ? <Typography.Text type="secondary">{`${T.figures.expired} ${f.expired}`}</Typography.Text> : null}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {cashierResult}
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          tabBarExtraContent={
            canManage ? (
              <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => setBuying(true)} data-testid="seat-buy">
                {T.buy}
              </Button>
            ) : null
          }
          items={[
            { key: 'seats', label: T.tabs.seats, children: seatsTab },
            { key: 'orders', label: T.tabs.orders, children: <OrdersPanel /> },
          ]}
          data-testid="package-tabs"
        />
      </Card>
      <OrderDialog open={buying} onClose={() => setBuying(false)} />
      <OrderDialog open={renewing !== null} renewIds={renewing ?? []} onClose={() => setRenewing(null)} />
      <BindDialog open={binding} onClose={() => setBinding(false)} />
      <TransferDialog seat={transferring} onClose={() => setTransferring(null)} />
      <MigrateDialog seat={migrating} workSpaces={workSpaces} onClose={() => setMigrating(null)} />
    </PageFrame>
  );
}
