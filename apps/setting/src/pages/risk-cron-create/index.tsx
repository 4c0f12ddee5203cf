// 新建定时上下线, and with ?id= the same form to edit one: name, members, the hours they are online,
// enabled. Saved plans take effect at once and open on their detail page.
import { Form } from 'antd';
import type { CronPlan } from '@scrm/contracts/risk';
import { FormSection, MemberSelect, ScheduleEditor, scheduleRule } from '@scrm/web-parts';
import { useAddCronPlan } from '../../api/add-cron-plan';
import { useCronPlan } from '../../api/get-cron-plan';
import { useUpdateCronPlan } from '../../api/update-cron-plan';
import { PlanEnabledItem, PlanFormFrame, PlanFormPage, PlanNameItem, usePlanSave } from '../../components/plan-form';
import { RISK as T } from '../../texts';
import { EMPTY_CRON, PLAN_MAX_MEMBERS, cronInputOf, cronMembersProblem, cronValuesOf, type CronFormValues } from './cron-form';

export function CronForm({ plan }: { plan?: CronPlan }) {
  const [form] = Form.useForm<CronFormValues>();
  const state = usePlanSave('cron', plan, { useAdd: useAddCronPlan, useUpdate: useUpdateCronPlan });

  return (
    <PlanFormFrame<CronFormValues>
      kind="cron"
      editingId={plan?.id}
      form={form}
      initialValues={plan ? cronValuesOf(plan) : EMPTY_CRON}
      onFinish={(values) => void state.save(cronInputOf(values))}
      introDetail={T.cron.introOne}
      state={state}
    >
      <FormSection title={T.cron.section.basic}>
        <PlanNameItem placeholder={T.plan.namePlaceholder} />
        <Form.Item
          name="userids"
          label={T.plan.membersLabel}
          required
          extra={T.cron.membersHint}
          rules={[
            {
              validator: async (_r, v: string[] | undefined) => {
                const problem = cronMembersProblem(v);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <MemberSelect mode="multiple" maxCount={PLAN_MAX_MEMBERS} placeholder={T.plan.membersPlaceholder} style={{ maxWidth: 640 }} data-testid="plan-members-select" />
        </Form.Item>
        <PlanEnabledItem />
      </FormSection>
      <FormSection title={T.cron.section.schedule} hint={T.cron.scheduleHint}>
        <Form.Item name="schedule" label={T.cron.scheduleLabel} required rules={[scheduleRule(true)]} style={{ marginBottom: 0 }}>
          <ScheduleEditor emptyText={T.cron.scheduleEmptyText} emptyHint={T.cron.scheduleEmptyHint} />
        </Form.Item>
      </FormSection>
    </PlanFormFrame>
  );
}

export default function RiskCronCreatePage() {
  return <PlanFormPage<CronPlan> kind="cron" usePlan={useCronPlan} form={(plan) => <CronForm key={plan?.id} plan={plan} />} />;
}
