// 定时上下线详情 (?id=): the plan's summary and state now, its members with their state, and its records.
import { Badge, Button, Descriptions, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeSchedule } from '@scrm/contracts/china-time';
import type { CronPlan, PlanMember } from '@scrm/contracts/risk';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, NoWorkSpace } from '@scrm/web-parts';
import { cronPlanKey, getCronPlan } from '../../api/get-cron-plan';
import { CronState, formatSwitchTime } from '../../components/cron-state';
import { BadPlanId, PlanLoaded, Section, planIdOf } from '../../components/form-parts';
import { usePlanActions } from '../../components/plan-actions';
import { MemberName } from '../../components/plan-members';
import { PlanStatusSwitch } from '../../components/plan-status-switch';
import { RiskRecords } from '../../components/risk-records';
import { RISK as T } from '../../texts';

/** A member's state under the plan: held offline by it, restored by hand within an off period, or online. */
export function cronMemberState(plan: Pick<CronPlan, 'enabled' | 'onlineNow'>, m: PlanMember): 'offline' | 'restored' | 'online' | 'stopped' {
  if (!plan.enabled) return 'stopped';
  if (m.offline) return 'offline';
  return plan.onlineNow ? 'online' : 'restored';
}

const STATE_BADGE = { offline: 'warning', restored: 'processing', online: 'success', stopped: 'default' } as const;

function Detail({ plan }: { plan: CronPlan }) {
  const navigate = useNavigate();
  const actions = usePlanActions('cron');
  const columns: ColumnsType<PlanMember> = [
    { title: T.cron.memberCol.member, key: 'member', render: (_, m) => <MemberName member={m} /> },
    { title: T.cron.memberCol.userid, dataIndex: 'userid', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
    {
      title: T.cron.memberCol.state,
      key: 'state',
      width: 160,
      render: (_, m) => {
        const state = cronMemberState(plan, m);
        const badge = <Badge status={STATE_BADGE[state]} text={T.cron.memberState[state]} data-testid={`member-state-${m.userid}`} />;
        return state === 'restored' ? <Tooltip title={T.cron.memberStateHint.restored}>{badge}</Tooltip> : badge;
      },
    },
  ];

  return (
    <PageFrame
      title={T.cron.detailTitle}
      bare
      extra={
        <>
          {actions.holder}
          <Button onClick={() => navigate('/setting/risk?tab=cron')}>{T.backToList}</Button>
          <Button danger onClick={() => void actions.remove(plan).then((done) => done && navigate('/setting/risk?tab=cron'))} data-testid="plan-delete">
            {T.delete}
          </Button>
          <Button type="primary" onClick={() => navigate(`/setting/risk/cron/create?id=${plan.id}`)} data-testid="plan-edit">
            {T.edit}
          </Button>
        </>
      }
    >
      <Flex vertical gap={16}>
        <Section title={plan.name}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            data-testid="plan-summary"
            items={[
              { key: 'status', label: T.plan.status, children: <PlanStatusSwitch kind="cron" plan={plan} /> },
              { key: 'state', label: T.plan.col.state, children: <CronState plan={plan} showNext={false} /> },
              {
                key: 'schedule',
                label: T.cron.scheduleLabel,
                children: (
                  <Flex vertical>
                    {plan.schedule.map((r, i) => (
                      <span key={i}>{describeSchedule([r])}</span>
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'next',
                label: T.cron.nextChange,
                children: !plan.enabled ? T.none : plan.nextChangeAt === null ? T.cron.noNextChange : (plan.onlineNow ? T.cron.nextOffline : T.cron.nextOnline)(formatSwitchTime(plan.nextChangeAt)),
              },
              { key: 'created', label: T.plan.createdAt, children: formatTime(plan.createdAt) },
              { key: 'updated', label: T.plan.updatedAt, children: formatTime(plan.updatedAt) },
            ]}
          />
        </Section>
        <Section title={T.cron.members} hint={T.memberCount(plan.members.length)}>
          <Table<PlanMember>
            rowKey="userid"
            size="middle"
            columns={columns}
            dataSource={plan.members}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: T.memberCount }}
            data-testid="plan-member-table"
          />
        </Section>
        <Section title={T.plan.records}>
          <RiskRecords scope={{ cronPlanId: plan.id }} hide={['kind', 'scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.cron.recordsEmpty}</Typography.Text>} />
        </Section>
      </Flex>
    </PageFrame>
  );
}

function Load({ id, workId }: { id: number; workId: number }) {
  const query = useQuery({ queryKey: cronPlanKey(workId, id), queryFn: () => getCronPlan(id), refetchInterval: 30_000 });
  if (query.data) return <Detail plan={query.data} />;
  return (
    <PageFrame title={T.cron.detailTitle} bare>
      <PlanLoaded query={query} back="/setting/risk?tab=cron">
        {() => null}
      </PlanLoaded>
    </PageFrame>
  );
}

export default function RiskCronDetailPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = planIdOf(params.get('id'));
  if (!workId) return <NoWorkSpace title={T.cron.detailTitle} hint={T.noWorkHint} />;
  if (!id)
    return (
      <PageFrame title={T.cron.detailTitle} bare>
        <BadPlanId />
      </PageFrame>
    );
  return <Load key={`${workId}:${id}`} id={id} workId={workId} />;
}
