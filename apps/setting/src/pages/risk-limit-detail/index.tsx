// 成员加好友上限详情 (?id=): the plan's rules, the members it holds offline now (each restorable), and
// every time it fired.
import { Badge, Button, Descriptions, Flex, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LimitPlan } from '@scrm/contracts/risk';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, NoWorkSpace } from '@scrm/web-parts';
import { getLimitPlan, limitPlanKey } from '../../api/get-limit-plan';
import { BadPlanId, PlanLoaded, Section, planIdOf } from '../../components/form-parts';
import { usePlanActions } from '../../components/plan-actions';
import { MemberName } from '../../components/plan-members';
import { PlanStatusSwitch } from '../../components/plan-status-switch';
import { RiskRecords } from '../../components/risk-records';
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

function Detail({ plan }: { plan: LimitPlan }) {
  const navigate = useNavigate();
  const actions = usePlanActions('limit');
  return (
    <PageFrame
      title={T.limit.detailTitle}
      bare
      extra={
        <>
          {actions.holder}
          <Button onClick={() => navigate('/setting/risk?tab=limit')}>{T.backToList}</Button>
          <Button danger onClick={() => void actions.remove(plan).then((done) => done && navigate('/setting/risk?tab=limit'))} data-testid="plan-delete">
            {T.delete}
          </Button>
          <Button type="primary" onClick={() => navigate(`/setting/risk/limit/create?id=${plan.id}`)} data-testid="plan-edit">
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
              { key: 'status', label: T.plan.status, children: <PlanStatusSwitch kind="limit" plan={plan} /> },
              {
                key: 'offline',
                label: T.plan.col.state,
                children: !plan.enabled ? (
                  <Badge status="default" text={T.cron.stopped} />
                ) : plan.offlineNow ? (
                  <Badge status="warning" text={T.limit.offlineNow(plan.offlineNow)} />
                ) : (
                  <Typography.Text type="secondary">{T.limit.noneOffline}</Typography.Text>
                ),
              },
              { key: 'members', label: T.plan.membersLabel, span: 2, children: <Members plan={plan} /> },
              { key: 'daily', label: T.limit.dailyCap, children: plan.dailyCap ? T.limit.capValue(plan.dailyCap, T.limit.perDay) : T.unlimited },
              { key: 'hourly', label: T.limit.hourlyCap, children: plan.hourlyCap ? T.limit.capValue(plan.hourlyCap, T.limit.perHour) : T.unlimited },
              { key: 'burst', label: T.limit.section.burst, children: plan.burst ? T.limit.rule.burst(plan.burst.minutes, plan.burst.count) : off },
              { key: 'delete', label: T.limit.section.deleteRate, children: plan.deleteRate ? T.limit.rule.deleteRate(plan.deleteRate.percent, plan.deleteRate.minAdds) : off },
              { key: 'created', label: T.plan.createdAt, children: formatTime(plan.createdAt) },
              { key: 'updated', label: T.plan.updatedAt, children: formatTime(plan.updatedAt) },
            ]}
          />
        </Section>
        <Section title={T.limit.offlineMembers}>
          <RiskRecords scope={{ limitPlanId: plan.id, active: true }} hide={['scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.limit.offlineMembersEmpty}</Typography.Text>} />
        </Section>
        <Section title={T.limit.records}>
          <RiskRecords scope={{ limitPlanId: plan.id }} hide={['scope']} pageSize={10} empty={<Typography.Text type="secondary">{T.limit.recordsEmpty}</Typography.Text>} />
        </Section>
      </Flex>
    </PageFrame>
  );
}

function Load({ id, workId }: { id: number; workId: number }) {
  const query = useQuery({ queryKey: limitPlanKey(workId, id), queryFn: () => getLimitPlan(id), refetchInterval: 30_000 });
  if (query.data) return <Detail plan={query.data} />;
  return (
    <PageFrame title={T.limit.detailTitle} bare>
      <PlanLoaded query={query} back="/setting/risk?tab=limit">
        {() => null}
      </PlanLoaded>
    </PageFrame>
  );
}

export default function RiskLimitDetailPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = planIdOf(params.get('id'));
  if (!workId) return <NoWorkSpace title={T.limit.detailTitle} hint={T.noWorkHint} />;
  if (!id)
    return (
      <PageFrame title={T.limit.detailTitle} bare>
        <BadPlanId />
      </PageFrame>
    );
  return <Load key={`${workId}:${id}`} id={id} workId={workId} />;
}
