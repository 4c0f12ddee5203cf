// The record of every automatic switch (and every restore): who, where, why, and a one-click restore
// of an offline still in force. The 风控记录 tab shows all with filters; a plan's detail shows its own.
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Flex, Modal, Select, Table, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SafetyCertificateOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RISK_KIND_LABEL, type RiskKind, type RiskRecord, type RiskRecordListBody } from '@scrm/contracts/risk';
import { runAction, useCan, useStore } from '@scrm/web-kit';
import { FirstUse, LoadAlert, MemberSelect, NoMatch, formatTime } from '@scrm/web-parts';
import { useRiskRecords } from '../api/list-risk-records';
import { useRestoreRiskRecord } from '../api/restore-risk-record';
import { RISK as T } from '../texts';
import { MemberName } from './plan-members';

export const RECORDS_REFRESH_MS = 30_000;

export const KIND_COLOR: Record<RiskKind, string> = {
  code_cap: 'orange',
  limit_daily: 'gold',
  limit_hourly: 'gold',
  burst: 'volcano',
  delete_rate: 'magenta',
  cron: 'blue',
};

const KIND_OPTIONS = (Object.keys(RISK_KIND_LABEL) as RiskKind[]).map((k) => ({ value: k, label: RISK_KIND_LABEL[k] }));

export interface RiskRecordsProps {
  /** Fixed conditions: a plan's records, or only what is in force. */
  scope?: Pick<RiskRecordListBody, 'cronPlanId' | 'limitPlanId' | 'active'>;
  /** Show the filter bar (member, kind, in force only). */
  filters?: boolean;
  pageSize?: number;
  /** What an empty list says (without filters). */
  empty?: ReactNode;
  /** Columns a plan's own page does not need. */
  hide?: Array<'kind' | 'scope'>;
}


export function RiskRecords({ scope = {}, filters = false, pageSize: initialSize = 20, empty, hide = [] }: RiskRecordsProps) {
  const workId = useStore('workId');
  const restoreRecord = useRestoreRiskRecord(workId);
  const canRestore = useCan('risk.manage');
  const [modal, holder] = Modal.useModal();
  const [userid, setUserid] = useState<string | undefined>();
  const [kind, setKind] = useState<RiskKind | undefined>();
  const [activeOnly, setActiveOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const filtered = Boolean(userid || kind || activeOnly);

  const body: RiskRecordListBody = {
    page,
    pageSize,
    ...scope,
    ...(userid ? { userid } : {}),
    ...(kind ? { kind } : {}),
    ...(activeOnly ? { active: true } : {}),
  };
  const records = useRiskRecords(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: RECORDS_REFRESH_MS,
  });

  const restore = (r: RiskRecord) =>
    void modal.confirm({
      title: T.records.restoreConfirm(r.memberName),
      content: (
        <>
          {r.contactWayId ? T.records.restoreHintCode(r.codeName) : T.records.restoreHintAll}
          <br />
          {T.records.restoreHintPeriod[r.kind]}
        </>
      ),
      okText: T.records.restore,
      okButtonProps: { 'data-testid': 'confirm-restore' } as ButtonProps,
      cancelText: T.cancel,
      onOk: async () => {
        try {
          await runAction(() => restoreRecord.mutateAsync(r.id), { success: T.records.restored });
        } catch {
          // The toast said why (e.g. it ended by itself meanwhile); the list refreshes below.
        }
      },
    });

  const setFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const columns: ColumnsType<RiskRecord> = [
    {
      title: T.records.col.time,
      dataIndex: 'createdAt',
      width: 168,
      render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatTime(v)}</span>,
    },
    {
      title: T.records.col.member,
      key: 'member',
      width: 150,
      render: (_, r) => (
        <Tooltip title={r.userid}>
          <span>
            <MemberName member={{ name: r.memberName, avatar: r.memberAvatar }} />
          </span>
        </Tooltip>
      ),
    },
    ...(hide.includes('scope')
      ? []
      : [
          {
            title: T.records.col.scope,
            key: 'scope',
            width: 140,
            render: (_: unknown, r: RiskRecord) =>
              r.contactWayId ? (
                <Link to={`/channel-qrcode/detail?id=${r.contactWayId}`}>
                  <Typography.Text ellipsis={{ tooltip: r.codeName }} style={{ maxWidth: 128, color: 'inherit' }}>
                    {r.codeName}
                  </Typography.Text>
                </Link>
              ) : (
                <Typography.Text type="secondary">{r.codeName}</Typography.Text>
              ),
          },
        ]),
    ...(hide.includes('kind')
      ? []
      : [
          {
            title: T.records.col.kind,
            dataIndex: 'kind',
            width: 128,
            render: (k: RiskKind) => (
              <Tag color={KIND_COLOR[k]} variant="outlined" style={{ marginInlineEnd: 0 }}>
                {RISK_KIND_LABEL[k]}
              </Tag>
            ),
          },
        ]),
    {
      title: T.records.col.action,
      dataIndex: 'action',
      width: 72,
      render: (a: RiskRecord['action'], r) => (
        <Tag color={a === 'offline' ? 'error' : 'success'} style={{ marginInlineEnd: 0 }} data-testid={`record-action-${r.id}`}>
          {a === 'offline' ? T.records.offline : T.records.online}
        </Tag>
      ),
    },
    {
      title: T.records.col.reason,
      dataIndex: 'reason',
      render: (v: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0, fontSize: 13 }}>
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: T.records.col.by,
      key: 'by',
      width: 150,
      render: (_, r) =>
        r.auto ? <Typography.Text type="secondary">{T.records.auto}</Typography.Text> : <span style={{ whiteSpace: 'nowrap' }}>{T.records.manual(r.operator)}</span>,
    },
    {
      title: T.records.col.actions,
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) =>
        r.restorable && canRestore ? (
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => restore(r)} data-testid={`record-restore-${r.id}`}>
            {T.records.restore}
          </Button>
        ) : r.action === 'offline' ? (
          <Tooltip title={T.records.endedHint}>
            <Typography.Text type="secondary">{T.records.ended}</Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{T.none}</Typography.Text>
        ),
    },
  ];

  let emptyText: ReactNode;
  if (records.isPending) emptyText = <div style={{ height: 160 }} />;
  else if (filtered)
    emptyText = (
      <NoMatch
        text={T.records.emptyFiltered}
        onClear={() =>
          setFilter(() => {
            setUserid(undefined);
            setKind(undefined);
            setActiveOnly(false);
          })
        }
        data-testid="records-empty-filtered"
      />
    );
  else
    emptyText = empty ?? (
      <FirstUse
        icon={<SafetyCertificateOutlined style={{ color: '#52c41a' }} />}
        tint="#f6ffed"
        title={T.records.emptyTitle}
        hint={T.records.emptyHint}
        data-testid="records-empty"
      />
    );

  return (
    <div data-testid="risk-records">
      {holder}
      {filters ? (
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <MemberSelect
            value={userid}
            onChange={(u) => setFilter(() => setUserid(u))}
            placeholder={T.records.memberFilter}
            contactOnly={false}
            style={{ width: 200 }}
            data-testid="records-member-filter"
          />
          <Select<RiskKind>
            allowClear
            value={kind}
            onChange={(k) => setFilter(() => setKind(k))}
            placeholder={T.records.kindFilter}
            options={KIND_OPTIONS}
            style={{ width: 160 }}
            data-testid="records-kind-filter"
          />
          <Tooltip title={T.records.activeOnlyHint}>
            <Checkbox checked={activeOnly} onChange={(e) => setFilter(() => setActiveOnly(e.target.checked))} data-testid="records-active-filter">
              {T.records.activeOnly}
            </Checkbox>
          </Tooltip>
          <Tooltip title={T.records.refreshHint}>
            <SyncOutlined spin={records.isFetching && !records.isPending} style={{ color: 'rgba(0,0,0,.35)' }} />
          </Tooltip>
        </Flex>
      ) : null}
      {records.isError && !records.data ? (
        <LoadAlert error={records.error} onRetry={() => void records.refetch()} data-testid="records-error" />
      ) : (
        <Table<RiskRecord>
          data-testid="records-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={records.isPending || (records.isFetching && records.isPlaceholderData)}
          scroll={{ x: 960 }}
          locale={{ emptyText }}
          pagination={{
            current: page,
            pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: T.records.total,
            hideOnSinglePage: !filters,
            onChange: (p, s) => {
              setPage(s === pageSize ? p : 1);
              setPageSize(s);
            },
          }}
        />
      )}
    </div>
  );
}
