// 定时上下线详情 (?id=): the plan's summary and state now, its members with their state, and its records.
import { Badge, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { describeSchedule } from '@scrm/contracts/china-time';
import type { CronPlan, PlanMember } from '@scrm/contracts/risk';
import { useCronPlan } from '../../api/get-cron-plan';
import { CronState, formatSwitchTime } from '../../components/cron-state';
import { PlanDetailPage } from '../../components/plan-detail';
import { MemberName } from '../../components/plan-members';
import { RiskRecords } from '../../components/risk-records';
import { FormSection } from '@scrm/web-parts';
import { RISK as T } from '../../texts';

/** A member's state under the plan: held offline by it, restored by hand within an off period, or online. */
export function cronMemberState(plan: Pick<CronPlan, 'enabled' | 'onlineNow'>, m: PlanMember): 'offline' | 'restored' | 'online' | 'stopped' {
  if (!plan.enabled) return 'stopped';
  if (m.offline) return 'offline';
  return plan.onlineNow ? 'online' : 'restored';
}

const STATE_BADGE = { offline: 'warning', restored: 'processing', online: 'success', stopped: 'default' } as const;

function Members({ plan }: { plan: CronPlan }) {
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
    <FormSection title={T.cron.members} hint={T.memberCount(plan.members.length)}>
      <Table<PlanMember>
        rowKey="userid"
        size="middle"
        columns={columns}
        dataSource={plan.members}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: T.memberCount }}
        data-testid="plan-member-table"
      />
    </FormSection>
  );
}

export default function RiskCronDetailPage() {
  return (
    <PlanDetailPage<CronPlan>
      kind="cron"
      usePlan={useCronPlan}
      summary={(plan) => [
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
      ]}
    >
      {(plan) => (
        <>
          <Members plan={plan} />
          <FormSection title={T.plan.records}>
            <RiskRecords scope={{ cronPlanId: plan.id }} hide={['kind', 'scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.cron.recordsEmpty}</Typography.Text>} />
          </FormSection>
        </>
      )}
    </PlanDetailPage>
  );
}
