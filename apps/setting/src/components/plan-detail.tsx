// The detail page both plan kinds share (?id=): loading, missing and failed states, the header with back,
// delete and edit, and the summary card (status switch first, the kind's rows, then created and updated).
import type { ReactNode } from 'react';
import { Button, Descriptions, Flex, type DescriptionsProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CronPlan, LimitPlan } from '@scrm/contracts/risk';
import { useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, FormSection, NoWorkSpace } from '@scrm/web-parts';
import { RISK as T } from '../texts';
import { BadPlanId, PlanLoaded, planIdOf } from './form-parts';
import { usePlanActions } from './plan-actions';
import type { PlanKind } from './plan-form';
import { PlanStatusSwitch } from './plan-status-switch';

interface PlanDetailProps<P extends CronPlan | LimitPlan> {
  kind: PlanKind;
  /** The kind's query hook of one plan (`useCronPlan`, `useLimitPlan`). */
  usePlan: (workId: number, id: number, config?: { refetchInterval?: number }) => UseQueryResult<P>;
  /** The kind's rows of the summary, between the status and the times. */
  summary: (plan: P) => NonNullable<DescriptionsProps['items']>;
  /** The sections under the summary. */
  children: (plan: P) => ReactNode;
}

function Detail<P extends CronPlan | LimitPlan>({ kind, plan, summary, children }: Pick<PlanDetailProps<P>, 'kind' | 'summary' | 'children'> & { plan: P }) {
  const navigate = useNavigate();
  const actions = usePlanActions(kind);
  const canManage = useCan('risk.manage');
  const list = `/setting/risk?tab=${kind}`;
  return (
    <PageFrame
      title={T[kind].detailTitle}
      bare
      extra={
        <>
          {actions.holder}
          <Button onClick={() => navigate(list)}>{T.backToList}</Button>
          {canManage ? (
            <>
              <Button danger onClick={() => void actions.remove(plan).then((done) => done && navigate(list))} data-testid="plan-delete">
                {T.delete}
              </Button>
              <Button type="primary" onClick={() => navigate(`/setting/risk/${kind}/create?id=${plan.id}`)} data-testid="plan-edit">
                {T.edit}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Flex vertical gap={16}>
        <FormSection title={plan.name}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            data-testid="plan-summary"
            items={[
              { key: 'status', label: T.plan.status, children: <PlanStatusSwitch kind={kind} plan={plan} /> },
              ...summary(plan),
              { key: 'created', label: T.plan.createdAt, children: formatTime(plan.createdAt) },
              { key: 'updated', label: T.plan.updatedAt, children: formatTime(plan.updatedAt) },
            ]}
          />
        </FormSection>
        {children(plan)}
      </Flex>
    </PageFrame>
  );
}

function Load<P extends CronPlan | LimitPlan>({ id, workId, ...props }: PlanDetailProps<P> & { id: number; workId: number }) {
  const query = props.usePlan(workId, id, { refetchInterval: 30_000 });
  if (query.data)
    return (
      <Detail kind={props.kind} plan={query.data} summary={props.summary}>
        {props.children}
      </Detail>
    );
  return (
    <PageFrame title={T[props.kind].detailTitle} bare>
      <PlanLoaded query={query} back={`/setting/risk?tab=${props.kind}`}>
        {() => null}
      </PlanLoaded>
    </PageFrame>
  );
}

export function PlanDetailPage<P extends CronPlan | LimitPlan>(props: PlanDetailProps<P>) {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = planIdOf(params.get('id'));
  const title = T[props.kind].detailTitle;
  if (!workId) return <NoWorkSpace title={title} hint={T.noWorkHint} />;
  if (!id)
    return (
      <PageFrame title={title} bare>
        <BadPlanId />
      </PageFrame>
    );
  return <Load key={`${workId}:${id}`} id={id} workId={workId} {...props} />;
}
