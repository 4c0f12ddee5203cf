// One plans tab for both kinds (定时上下线, 成员加好友上限): search, the paged table with name, members,
// the kind's own columns, an enable switch and actions, and the first-time invitation.
import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Input, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { CronPlan, LimitPlan, PlanListBody } from '@scrm/contracts/risk';
import { useCan } from '@scrm/web-kit';
import { FirstUse, LoadAlert } from '@scrm/web-parts';
import { usePlanActions } from '../../components/plan-actions';
import { PlanMembers } from '../../components/plan-members';
import { RISK as T } from '../../texts';

export interface PlansTabProps<P extends CronPlan | LimitPlan> {
  kind: 'cron' | 'limit';
  workId: number;
  /** The icon of the first-time invitation. */
  icon: ReactNode;
  /** The kind's list query hook (`useCronPlans`, `useLimitPlans`). */
  usePlans: (workId: number, body: PlanListBody, config?: { placeholderData?: typeof keepPreviousData; refetchInterval?: number }) => UseQueryResult<{ list: P[]; total: number }>;
  /** The kind's own columns, between the members and the enable switch. */
  columns: ColumnsType<P>;
  /** No members means the whole corp (limit plans). */
  allWhenEmpty?: boolean;
}

export function PlansTab<P extends CronPlan | LimitPlan>({ kind, workId, icon, usePlans, columns: own, allWhenEmpty }: PlansTabProps<P>) {
  const navigate = useNavigate();
  const actions = usePlanActions(kind);
  // A view-only child (no risk.manage) reads plans: the state in words, no switch, edit, delete or create.
  const canManage = useCan('risk.manage');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [switching, setSwitching] = useState<number | null>(null);
  const body: PlanListBody = { page, pageSize, ...(keyword ? { keyword } : {}) };
  const plans = usePlans(workId, body, { placeholderData: keepPreviousData, refetchInterval: 60_000 });
  const K = T[kind];
  const base = `/setting/risk/${kind}`;

  const columns: ColumnsType<P> = [
    {
      title: T.plan.col.name,
      dataIndex: 'name',
      width: 180,
      render: (name: string, p) => (
        <Link to={`${base}/detail?id=${p.id}`} style={{ fontWeight: 500 }} data-testid="plan-name">
          {name}
        </Link>
      ),
    },
    { title: T.plan.col.members, key: 'members', render: (_, p) => <PlanMembers members={p.members} allWhenEmpty={allWhenEmpty} /> },
    ...own,
    {
      title: T.plan.col.enabled,
      dataIndex: 'enabled',
      width: 72,
      render: (enabled: boolean, p) =>
        !canManage ? (
          <Typography.Text type={enabled ? undefined : 'secondary'}>{enabled ? T.enabled : T.disabled}</Typography.Text>
        ) : (
          <Switch
            size="small"
            checked={enabled}
            loading={switching === p.id}
            onChange={async (next) => {
              setSwitching(p.id);
              await actions.toggle(p, next);
              setSwitching(null);
            }}
            data-testid={`plan-switch-${p.id}`}
          />
        ),
    },
    {
      title: T.plan.col.actions,
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Space size={0} style={{ marginInline: -7 }}>
          <Button type="link" size="small" onClick={() => navigate(`${base}/detail?id=${p.id}`)}>
            {T.detail}
          </Button>
          {canManage ? (
            <>
              <Button type="link" size="small" onClick={() => navigate(`${base}/create?id=${p.id}`)} data-testid="plan-edit">
                {T.edit}
              </Button>
              <Button type="link" size="small" danger onClick={() => void actions.remove(p)} data-testid="plan-delete">
                {T.delete}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const first = plans.data?.total === 0 && !keyword && page === 1;
  return (
    <div data-testid={`${kind}-plans`}>
      {actions.holder}
      {first ? (
        <FirstUse
          icon={icon}
          title={K.emptyTitle}
          hint={K.emptyHint}
          action={
            canManage ? (
              <Link to={`${base}/create`}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {K.create}
                </Button>
              </Link>
            ) : null
          }
          data-testid="plans-empty"
        />
      ) : (
        <>
          <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              maxLength={30}
              placeholder={T.plan.searchPlaceholder}
              style={{ width: 240 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            {canManage ? (
              <Link to={`${base}/create`}>
                <Button type="primary" icon={<PlusOutlined />} data-testid={`${kind}-create`}>
                  {K.create}
                </Button>
              </Link>
            ) : null}
          </Flex>
          {plans.isError && !plans.data ? (
            <LoadAlert error={plans.error} onRetry={() => plans.refetch()} />
          ) : (
            <Table<P>
              rowKey="id"
              columns={columns}
              dataSource={plans.data?.list ?? []}
              loading={plans.isPending || (plans.isFetching && plans.isPlaceholderData)}
              locale={{ emptyText: plans.isPending ? <div style={{ height: 120 }} /> : <Empty description={T.plan.emptyFiltered} /> }}
              pagination={{
                current: page,
                pageSize,
                total: plans.data?.total ?? 0,
                hideOnSinglePage: true,
                showTotal: T.plan.total,
                onChange: (p, s) => {
                  setPage(s === pageSize ? p : 1);
                  setPageSize(s);
                },
              }}
              data-testid={`${kind}-table`}
            />
          )}
        </>
      )}
    </div>
  );
}
