// 成员加好友上限详情 (?id=): the plan's rules, the members it holds offline now (each restorable), and
// every time it fired.
import { Flex, Tag, Typography } from 'antd';
import type { LimitPlan } from '@scrm/contracts/risk';
import { useLimitPlan } from '../../api/get-limit-plan';
import { LimitState } from '../../components/limit-rules';
import { PlanDetailPage } from '../../components/plan-detail';
import { MemberName } from '../../components/plan-members';
import { RiskRecords } from '../../components/risk-records';
import { FormSection } from '@scrm/web-parts';
import { RISK as T } from '../../texts';

const off = <Typography.Text type="secondary">{T.limit.off}</Typography.Text>;

function Members({ plan }: { plan: LimitPlan }) {
  if (!plan.members.length) return <Tag color="blue">{T.allMembers}</Tag>;
  return (
    <Flex gap={12} wrap data-testid="limit-members">
      {plan.members.map((m) => (
        <MemberName key={m.userid} member={m} />
      ))}
    </Flex>
  );
}

export default function RiskLimitDetailPage() {
  return (
    <PlanDetailPage<LimitPlan>
      kind="limit"
      usePlan={useLimitPlan}
      summary={(plan) => [
        { key: 'offline', label: T.plan.col.state, children: <LimitState plan={plan} /> },
        { key: 'members', label: T.plan.membersLabel, span: 2, children: <Members plan={plan} /> },
        { key: 'daily', label: T.limit.dailyCap, children: plan.dailyCap ? T.limit.capValue(plan.dailyCap, T.limit.perDay) : T.unlimited },
        { key: 'hourly', label: T.limit.hourlyCap, children: plan.hourlyCap ? T.limit.capValue(plan.hourlyCap, T.limit.perHour) : T.unlimited },
        { key: 'burst', label: T.limit.section.burst, children: plan.burst ? T.limit.rule.burst(plan.burst.minutes, plan.burst.count) : off },
        { key: 'delete', label: T.limit.section.deleteRate, children: plan.deleteRate ? T.limit.rule.deleteRate(plan.deleteRate.percent, plan.deleteRate.minAdds) : off },
      ]}
    >
      {(plan) => (
        <>
          <FormSection title={T.limit.offlineMembers}>
            <RiskRecords scope={{ limitPlanId: plan.id, active: true }} hide={['scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.limit.offlineMembersEmpty}</Typography.Text>} />
          </FormSection>
          <FormSection title={T.limit.records}>
            <RiskRecords scope={{ limitPlanId: plan.id }} hide={['scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.limit.recordsEmpty}</Typography.Text>} />
          </FormSection>
        </>
      )}
    </PlanDetailPage>
  );
}
