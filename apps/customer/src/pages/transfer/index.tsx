// 客户继承 (/customer/transfer): every customer handed from one member to another with WeCom's state
// (接替完毕 / 等待接替 / 客户拒绝 / 接替成员客户达到上限 …), the customers of departed members waiting to be
// assigned, and the dialogs that start 在职继承 and 离职继承.
import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Segmented, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { TRANSFER_STATUS_LABEL, type TransferRow } from '@scrm/contracts/transfer';
import { toast, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, LoadAlert, MemberSelect, NoWorkSpace } from '@scrm/web-parts';
import { useTransferGroups } from '../../api/list-transfer-groups';
import { useTransferGroupsMutation } from '../../api/transfer-groups';
import { useCheckTransfers } from '../../api/check-transfers';
import { useTransferUnassigned } from '../../api/list-transfer-unassigned';
import { useTransfers } from '../../api/list-transfers';
import { AssignModal, type ResignedPick } from './assign-modal';
import { TRANSFER as T } from './texts';

const PAGE_SIZE = 20;
/** While customers are still to answer, the records are read again this often. */
const WAITING_POLL_MS = 30_000;

export const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'green', 2: 'processing', 3: 'volcano', 4: 'orange', 5: 'default' };
const STATUS_ORDER = [2, 1, 3, 4, 5, 0];

/** A table's empty state: what is not there and, where it helps, where to start. */
function TableEmpty({ text, hint }: { text: string; hint?: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{text}</div>
          {hint ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text> : null}
        </>
      }
    />
  );
}

function StatusTag({ row }: { row: TransferRow }) {
  const tag = (
    <Tag color={STATUS_COLOR[row.status]} data-testid="transfer-status" data-status={row.status}>
      {row.statusText}
    </Tag>
  );
  return row.error ? <Tooltip title={row.error}>{tag}</Tooltip> : tag;
}

function Records({ workId }: { workId: number }) {
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE });
  const records = useTransfers(
    workId,
    { page: page.current, pageSize: page.size, ...(status === 'all' ? {} : { status: Number(status) }) },
    { placeholderData: keepPreviousData, refetchInterval: (q) => ((q.state.data?.counts['2'] ?? 0) > 0 ? WAITING_POLL_MS : false) },
  );
  const counts = records.data?.counts ?? {};
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const columns: ColumnsType<TransferRow> = [
    { title: T.col.customer, dataIndex: 'customerName', render: (v: string) => <span data-testid="transfer-customer">{v}</span> },
    { title: T.col.handover, dataIndex: 'handoverName', width: 120 },
    { title: T.col.takeover, dataIndex: 'takeoverName', width: 120 },
    { title: T.col.kind, dataIndex: 'kind', width: 96, render: (v: string) => <Tag>{T.kind[v]}</Tag> },
    { title: T.col.status, key: 'status', width: 170, render: (_, r) => <StatusTag row={r} /> },
    {
      title: T.col.takeoverTime,
      key: 'takeoverTime',
      width: 190,
      render: (_, r) =>
        r.status === 1 && r.takeoverTime ? (
          formatTime(r.takeoverTime)
        ) : r.status === 2 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {T.expected(formatTime(r.createdAt + 86_400_000).slice(0, 16))}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: T.col.createdAt, dataIndex: 'createdAt', width: 170, render: (v: number) => formatTime(v) },
  ];
  return (
    <>
      <Segmented<string>
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        options={[
          { value: 'all', label: `${T.allStatus} ${all}` },
          ...STATUS_ORDER.filter((s) => counts[String(s)]).map((s) => ({ value: String(s), label: `${TRANSFER_STATUS_LABEL[s]} ${counts[String(s)]}` })),
        ]}
        data-testid="status-filter"
      />
      {records.isError && !records.data ? (
        <LoadAlert error={records.error} onRetry={() => records.refetch()} data-testid="transfers-error" />
      ) : (
        <Table<TransferRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records.data?.list}
          loading={records.isFetching && !records.data}
          locale={{ emptyText: <TableEmpty text={T.recordsEmpty} hint={T.recordsEmptyHint} /> }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
          data-testid="transfer-table"
        />
      )}
    </>
  );
}

function Unassigned({ workId, onAssign }: { workId: number; onAssign(picks: ResignedPick[]): void }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ResignedPick[]>([]);
  const list = useTransferUnassigned(workId, { page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const key = (p: ResignedPick) => `${p.handoverUserid}/${p.externalUserid}`;
  return (
    <>
      <Flex style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!chosen.length} onClick={() => onAssign(chosen)} data-testid="assign-resigned">
          {T.assignSelected(chosen.length)}
        </Button>
      </Flex>
      {list.isError && !list.data ? (
        <LoadAlert error={list.error} onRetry={() => list.refetch()} data-testid="unassigned-error" />
      ) : (
        <Table
          rowKey={key}
          size="middle"
          dataSource={list.data?.list}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: <TableEmpty text={T.unassignedEmpty} hint={T.unassignedEmptyHint} /> }}
          rowSelection={{ selectedRowKeys: chosen.map(key), onChange: (_, rows) => setChosen(rows.map((r) => ({ handoverUserid: r.handoverUserid, externalUserid: r.externalUserid }))) }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: T.col.customer, dataIndex: 'customerName', render: (v: string) => <span data-testid="unassigned-customer">{v}</span> },
            { title: T.col.handover, dataIndex: 'handoverName', width: 140 },
            { title: T.col.dimissionTime, dataIndex: 'dimissionTime', width: 180, render: (v: number) => formatTime(v) },
          ]}
          data-testid="unassigned-table"
        />
      )}
    </>
  );
}

/** Groups whose owner left: chosen ones go to a new owner at once (groupchat/transfer). */
function ResignedGroups({ workId }: { workId: number }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const [owner, setOwner] = useState<string>();
  const list = useTransferGroups(workId, { page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const move = useTransferGroupsMutation(workId);
  const submit = async () => {
    const r = await move.mutateAsync({ chatIds: chosen, newOwner: owner! });
    if (r.moved) toast.success(T.groups.moved(r.moved));
    if (r.failed.length) toast.warning(T.groups.failed(r.failed.length, r.failed[0]!.error));
    setChosen([]);
  };
  return (
    <>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <MemberSelect value={owner} onChange={(u) => setOwner(u)} placeholder={T.groups.newOwner} contactOnly style={{ width: 220 }} data-testid="group-new-owner" />
        <Button type="primary" disabled={!chosen.length || !owner} loading={move.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="assign-groups">
          {T.groups.assign(chosen.length)}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.groups.hint}
        </Typography.Text>
      </Flex>
      {list.isError && !list.data ? (
        <LoadAlert error={list.error} onRetry={() => list.refetch()} data-testid="groups-error" />
      ) : (
        <Table
          rowKey="chatId"
          size="middle"
          dataSource={list.data?.list}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: <TableEmpty text={T.groups.empty} /> }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]) }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: T.groups.name, dataIndex: 'name', render: (v: string) => <span data-testid="resigned-group">{v || T.groups.unnamed}</span> },
            { title: T.groups.owner, dataIndex: 'ownerName', width: 140 },
            { title: T.groups.members, dataIndex: 'memberCount', width: 100 },
          ]}
          data-testid="resigned-group-table"
        />
      )}
    </>
  );
}

function Transfers({ workId }: { workId: number }) {
  const [dialog, setDialog] = useState<{ kind: 'onjob' } | { kind: 'resigned'; picks: ResignedPick[] } | null>(null);
  const [tab, setTab] = useState('records');
  const check = useCheckTransfers(workId);
  const refresh = async () => {
    const r = await check.mutateAsync();
    toast.success(T.checked(r.changed));
  };
  return (
    <PageFrame
      title={T.title}
      bare
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={check.isPending} onClick={() => void refresh().catch(() => undefined)} data-testid="transfer-check">
            {T.check}
          </Button>
          <Button type="primary" icon={<SwapOutlined />} onClick={() => setDialog({ kind: 'onjob' })} data-testid="assign-onjob">
            {T.assignOnjob}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon message={T.rules} style={{ marginBottom: 16 }} />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'records', label: T.tabs.records, children: <Records workId={workId} /> },
            { key: 'unassigned', label: T.tabs.unassigned, children: <Unassigned workId={workId} onAssign={(picks) => setDialog({ kind: 'resigned', picks })} /> },
            { key: 'groups', label: T.tabs.groups, children: <ResignedGroups workId={workId} /> },
          ]}
        />
      </Card>
      {dialog ? (
        <AssignModal
          workId={workId}
          kind={dialog.kind}
          picks={dialog.kind === 'resigned' ? dialog.picks : undefined}
          onClose={(done) => {
            setDialog(null);
            if (done) setTab('records');
          }}
        />
      ) : null}
    </PageFrame>
  );
}

export default function CustomerTransferPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  return <Transfers key={workId} workId={workId} />;
}
