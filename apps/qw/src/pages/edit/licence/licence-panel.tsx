// 接口许可 of a work space authorised through the provider or 代开发: the members needing a 互通 account
// (pick them → 批量激活 with free codes), 购买 (an order through the provider), the orders and their
// activation codes with their state, and each member's licence.
import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ActiveCode, BindBatchResult, LicenceBuy, LicenceOrder, MemberLicence } from '@scrm/contracts/licence';
import { runAction } from '@scrm/web-kit';
import { formatTime, LoadAlert } from '@scrm/web-parts';
import { useActiveCodes } from '../../../api/get-active-codes';
import { licenceKey } from '../../../api/licence-keys';
import { useBindLicences } from '../../../api/bind-licences';
import { useBuyLicences } from '../../../api/buy-licences';
import { useLicenceNeed } from '../../../api/get-licence-need';
import { useMemberLicences } from '../../../api/get-member-licences';
import { LT } from '../../../texts';

const ORDER_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default', 3: 'default' };
const CODE_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };
const MONTHS = [1, 3, 6, 12, 24, 36];
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function BuyModal(props: { id: number; suggested: number; open: boolean; onClose: () => void }) {
  const buy = useBuyLicences(props.id);
  const [form] = Form.useForm<LicenceBuy>();
  const [error, setError] = useState<string | null>(null);
  const submit = async (v: LicenceBuy) => {
    if (!v.baseCount && !v.externalCount) return setError(LT.buyNone);
    setError(null);
    try {
      await runAction(() => buy.mutateAsync(v), { success: LT.bought });
      props.onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Modal
      title={LT.buyTitle}
      open={props.open}
      onCancel={props.onClose}
      okText={LT.buyConfirm}
      cancelText="取消"
      confirmLoading={buy.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{LT.buyHint}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="licence-buy-error" /> : null}
      <Form<LicenceBuy> form={form} layout="vertical" onFinish={submit} initialValues={{ baseCount: 0, externalCount: Math.max(1, props.suggested), months: 12 }}>
        <Form.Item name="externalCount" label={LT.externalCount} rules={[{ required: true }]}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="baseCount" label={LT.baseCount} rules={[{ required: true }]}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="months" label={LT.months}>
          <Select style={{ width: 200 }} options={MONTHS.map((m) => ({ value: m, label: LT.monthsValue(m) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ActivationResult({ result, onClose }: { result: BindBatchResult; onClose: () => void }) {
  const failed = result.list.filter((x) => !x.ok);
  return (
    <Alert
      type={failed.length ? 'warning' : 'success'}
      showIcon
      closable
      onClose={onClose}
      title={LT.activated(result.bound, result.list.length)}
      description={failed.length ? failed.map((f) => `${f.userid}：${f.message}`).join('；') : undefined}
      style={{ marginBottom: 12 }}
      data-testid="licence-activation-result"
    />
  );
}

function NeedSection({ id }: { id: number }) {
  const need = useLicenceNeed(id);
  const bind = useBindLicences(id);
  const [picked, setPicked] = useState<string[]>([]);
  const [buying, setBuying] = useState(false);
  const [result, setResult] = useState<BindBatchResult | null>(null);
  if (need.isError) return <LoadAlert error={need.error} onRetry={() => need.refetch()} data-testid="licence-need-error" />;
  if (need.isPending) return <Skeleton active />;
  const { members, freeExternalCodes, message } = need.data;
  const short = picked.length > freeExternalCodes;
  const activate = async () => {
    const r = await runAction(() => bind.mutateAsync(picked), { success: false }).catch(() => null);
    if (!r) return;
    setPicked([]);
    setResult(r);
  };
  return (
    <Card
      size="small"
      title={LT.needTitle}
      data-testid="licence-need"
      extra={
        <Space>
          <Tag color={freeExternalCodes ? 'green' : 'default'} data-testid="licence-free-codes">
            {LT.freeCodes(freeExternalCodes)}
          </Tag>
          <Popconfirm
            title={short ? LT.activateNotEnough(picked.length, freeExternalCodes) : LT.activateConfirm(picked.length)}
            okText={LT.activate}
            cancelText="取消"
            okButtonProps={{ disabled: short }}
            disabled={!picked.length}
            onConfirm={activate}
          >
            <Button disabled={!picked.length} loading={bind.isPending} title={picked.length ? undefined : LT.pickMembers}>
              {picked.length ? LT.activateSelected(picked.length) : LT.activate}
            </Button>
          </Popconfirm>
          <Button type="primary" onClick={() => setBuying(true)}>
            {LT.buy}
          </Button>
        </Space>
      }
    >
      {result ? <ActivationResult result={result} onClose={() => setResult(null)} /> : null}
      <Alert type={members.length ? 'warning' : 'success'} showIcon title={message} style={{ marginBottom: 12 }} />
      <Table
        rowKey="userid"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={members}
        locale={{ emptyText: LT.needEmpty }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]) }}
        columns={[
          { title: LT.member, dataIndex: 'name' },
          { title: 'UserID', dataIndex: 'userid' },
        ]}
      />
      <BuyModal id={id} suggested={members.length - freeExternalCodes} open={buying} onClose={() => setBuying(false)} />
    </Card>
  );
}

function CodesSection({ id }: { id: number }) {
  const codes = useActiveCodes(id);
  const client = useQueryClient();
  // every part of the tab re-reads WeCom: a payment makes codes, and so free codes for the members above
  const refresh = (
    <Button size="small" onClick={() => void client.invalidateQueries({ queryKey: licenceKey(id) })} loading={codes.isFetching}>
      {LT.refresh}
    </Button>
  );
  if (codes.isError) return <LoadAlert error={codes.error} onRetry={() => codes.refetch()} data-testid="licence-codes-error" />;
  if (codes.isPending) return <Skeleton active />;
  return (
    <>
      <Card size="small" title={LT.ordersTitle} extra={refresh} data-testid="licence-orders">
        <Table<LicenceOrder>
          rowKey="orderId"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={codes.data.orders}
          locale={{ emptyText: LT.ordersEmpty }}
          columns={[
            { title: LT.orderId, dataIndex: 'orderId', render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(-10)}</Typography.Text> },
            { title: LT.accounts, render: (_, o) => LT.accountsValue(o.baseCount, o.externalCount) },
            { title: LT.duration, dataIndex: 'months', render: (m: number) => LT.monthsValue(m) },
            { title: LT.price, dataIndex: 'price', render: (p: number, o) => (o.status === 0 && !p ? '—' : yuan(p)) },
            { title: LT.status, dataIndex: 'statusText', render: (t: string, o) => <Tag color={ORDER_COLOR[o.status] ?? 'default'}>{t}</Tag> },
            { title: LT.createdAt, dataIndex: 'createdAt', render: (t: number) => formatTime(t) },
            { title: LT.paidAt, dataIndex: 'paidAt', render: (t: number | null) => (t ? formatTime(t) : '—') },
          ]}
        />
      </Card>
      <Card size="small" title={LT.codesTitle} data-testid="licence-codes">
        <Table<ActiveCode>
          rowKey="activeCode"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={codes.data.codes}
          locale={{ emptyText: LT.codesEmpty }}
          columns={[
            { title: LT.activeCode, dataIndex: 'activeCode', render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(-10)}</Typography.Text> },
            { title: LT.type, dataIndex: 'type', render: (t: number) => LT.typeName[t] },
            { title: LT.status, dataIndex: 'statusText', render: (t: string, c) => <Tag color={CODE_COLOR[c.status] ?? 'default'}>{t}</Tag> },
            { title: LT.member, render: (_, c) => (c.userid ? (c.memberName ?? c.userid) : '—') },
            { title: LT.activeTime, dataIndex: 'activeTime', render: (t: number | null) => (t ? formatTime(t) : '—') },
            { title: LT.expireTime, dataIndex: 'expireTime', render: (t: number | null) => (t ? formatTime(t) : '—') },
          ]}
        />
      </Card>
    </>
  );
}

function MembersSection({ id }: { id: number }) {
  const members = useMemberLicences(id);
  if (members.isError) return <LoadAlert error={members.error} onRetry={() => members.refetch()} data-testid="licence-members-error" />;
  if (members.isPending) return <Skeleton active />;
  return (
    <Card size="small" title={LT.membersTitle} data-testid="licence-members">
      <Table<MemberLicence>
        rowKey="userid"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={members.data.list}
        locale={{ emptyText: LT.membersEmpty }}
        columns={[
          { title: LT.member, dataIndex: 'name' },
          { title: 'UserID', dataIndex: 'userid' },
          {
            title: LT.licence,
            dataIndex: 'licensed',
            render: (on: boolean) => <Tag color={on ? 'green' : 'orange'}>{on ? LT.licensed : LT.unlicensed}</Tag>,
          },
          {
            title: LT.expireTime,
            render: (_, m) => {
              const l = m.licences.find((x) => x.type === 2);
              return l ? formatTime(l.expireTime) : '—';
            },
          },
        ]}
      />
    </Card>
  );
}

export function LicencePanel({ id }: { id: number }) {
  return (
    <Flex vertical gap={16} data-testid="licence-panel">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {LT.intro}
      </Typography.Paragraph>
      <NeedSection id={id} />
      <CodesSection id={id} />
      <MembersSection id={id} />
    </Flex>
  );
}
