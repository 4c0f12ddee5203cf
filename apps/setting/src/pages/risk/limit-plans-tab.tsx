// 成员加好友上限 tab: the member limit plans with their members, rules, how many they hold offline now
// and an enable switch.
import { useState } from 'react';
import { Alert, Badge, Button, Empty, Flex, Input, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { LimitPlan, PlanListBody } from '@scrm/contracts/risk';
import { limitPlansKey, listLimitPlans } from '../../api/list-limit-plans';
import { LimitRules } from '../../components/limit-rules';
import { usePlanActions } from '../../components/plan-actions';
import { PlanMembers } from '../../components/plan-members';
import { RISK as T } from '../../texts';
import { PlansEmpty } from './plans-empty';

export function LimitPlansTab({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const actions = usePlanActions('limit');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [switching, setSwitching] = useState<number | null>(null);
  const body: PlanListBody = { page, pageSize, ...(keyword ? { keyword } : {}) };
  const plans = useQuery({ queryKey: limitPlansKey(workId, body), queryFn: () => listLimitPlans(body), placeholderData: keepPreviousData, refetchInterval: 60_000 });

  const columns: ColumnsType<LimitPlan> = [
    {
      title: T.plan.col.name,
      dataIndex: 'name',
      width: 180,
      render: (name: string, p) => (
        <Link to={`/setting/risk/limit/detail?id=${p.id}`} style={{ fontWeight: 500 }} data-testid="plan-name">
          {name}
        </Link>
      ),
    },
    { title: T.plan.col.members, key: 'members', render: (_, p) => <PlanMembers members={p.members} allWhenEmpty /> },
    { title: T.plan.col.rules, key: 'rules', width: 280, render: (_, p) => <LimitRules plan={p} /> },
    {
      title: T.plan.col.state,
      key: 'state',
      width: 130,
      render: (_, p) =>
        !p.enabled ? (
          <Badge status="default" text={T.cron.stopped} />
        ) : p.offlineNow ? (
          <Badge status="warning" text={T.limit.offlineNow(p.offlineNow)} data-testid="limit-offline-now" />
        ) : (
          <Typography.Text type="secondary">{T.limit.noneOffline}</Typography.Text>
        ),
    },
    {
      title: T.plan.col.enabled,
      dataIndex: 'enabled',
      width: 72,
      render: (enabled: boolean, p) => (
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
          <Button type="link" size="small" onClick={() => navigate(`/setting/risk/limit/detail?id=${p.id}`)}>
            {T.detail}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/setting/risk/limit/create?id=${p.id}`)} data-testid="plan-edit">
            {T.edit}
          </Button>
          <Button type="link" size="small" danger onClick={() => void actions.remove(p)} data-testid="plan-delete">
            {T.delete}
          </Button>
        </Space>
      ),
    },
  ];

  const first = plans.data?.total === 0 && !keyword && page === 1;
  return (
    <div data-testid="limit-plans">
      {actions.holder}
      {first ? (
        <PlansEmpty icon={<UserSwitchOutlined />} title={T.limit.emptyTitle} hint={T.limit.emptyHint} to="/setting/risk/limit/create" action={T.limit.create} />
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
            <Link to="/setting/risk/limit/create">
              <Button type="primary" icon={<PlusOutlined />} data-testid="limit-create">
                {T.limit.create}
              </Button>
            </Link>
          </Flex>
          {plans.isError && !plans.data ? (
            <Alert type="error" showIcon title={T.loadFailed} description={plans.error.message} action={<Button onClick={() => plans.refetch()}>{T.retry}</Button>} />
          ) : (
            <Table<LimitPlan>
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
              data-testid="limit-table"
            />
          )}
        </>
      )}
    </div>
  );
}
