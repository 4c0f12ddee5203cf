// 新建成员加好友上限, and with ?id= the same form to edit one: who it covers, daily and hourly add caps,
// and the two abnormal-add detectors, each explained. Saved plans take effect at once (members already
// over a cap go offline now) and open on their detail page.
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Flex, Form, InputNumber, Radio, Switch, Typography, type FormRule } from 'antd';
import type { LimitPlan } from '@scrm/contracts/risk';
import { FormSection, MemberSelect } from '@scrm/web-parts';
import { useAddLimitPlan } from '../../api/add-limit-plan';
import { useLimitPlan } from '../../api/get-limit-plan';
import { useUpdateLimitPlan } from '../../api/update-limit-plan';
import { PlanEnabledItem, PlanFormFrame, PlanFormPage, PlanNameItem, usePlanSave } from '../../components/plan-form';
import { RISK as T } from '../../texts';
import { PLAN_MAX_MEMBERS } from '../risk-cron-create/cron-form';
import { EMPTY_LIMIT, limitInputOf, limitProblems, limitValuesOf, type LimitFormValues } from './limit-form';

/** A detector: its switch in the header, what it detects, and its fields while it is on. */
function DetectorSection({ title, name, switchTestId, hint, on, children }: { title: string; name: keyof LimitFormValues; switchTestId: string; hint: string; on: boolean | undefined; children: ReactNode }) {
  return (
    <FormSection
      title={title}
      extra={
        <Form.Item name={name} valuePropName="checked" noStyle>
          <Switch data-testid={switchTestId} />
        </Form.Item>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: on ? 16 : 0 }}>
        {hint}
      </Typography.Paragraph>
      {on ? children : null}
    </FormSection>
  );
}

/** A number within a sentence of a detector. */
function InlineNumber({ name, rule, min, max, testId }: { name: keyof LimitFormValues; rule: FormRule; min: number; max: number; testId: string }) {
  return (
    <Form.Item name={name} rules={[rule]} style={{ marginBottom: 0 }}>
      <InputNumber<number> min={min} max={max} precision={0} style={{ width: 96, marginInline: 6 }} data-testid={testId} />
    </Form.Item>
  );
}

const Words = ({ children }: { children: string }) => <span style={{ lineHeight: '32px' }}>{children}</span>;

export function LimitForm({ plan }: { plan?: LimitPlan }) {
  const [form] = Form.useForm<LimitFormValues>();
  const state = usePlanSave('limit', plan, { useAdd: useAddLimitPlan, useUpdate: useUpdateLimitPlan });
  const [rulesError, setRulesError] = useState<string | null>(null);
  const rulesTop = useRef<HTMLDivElement>(null);
  const scope = Form.useWatch('scope', form);
  const burstOn = Form.useWatch('burstOn', form);
  const deleteOn = Form.useWatch('deleteOn', form);
  const dailyCap = Form.useWatch('dailyCap', form);
  const hourlyCap = Form.useWatch('hourlyCap', form);
  /** A rule reporting what limitProblems says about one field (the whole form's values in view). */
  const fieldRule = (key: keyof LimitFormValues): FormRule => ({
    validator: async () => {
      const problem = limitProblems({ ...EMPTY_LIMIT, ...(form.getFieldsValue(true) as LimitFormValues) })[key];
      if (problem) throw new Error(problem);
    },
  });

  const submit = (values: LimitFormValues) => {
    const all = { ...EMPTY_LIMIT, ...(form.getFieldsValue(true) as LimitFormValues), ...values };
    const rules = limitProblems(all).rules;
    if (rules) {
      setRulesError(rules);
      rulesTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return;
    }
    void state.save(limitInputOf(all));
  };

  return (
    <PlanFormFrame<LimitFormValues>
      kind="limit"
      editingId={plan?.id}
      form={form}
      initialValues={plan ? limitValuesOf(plan) : EMPTY_LIMIT}
      onFinish={submit}
      onValuesChange={() => setRulesError(null)}
      state={state}
    >
      <FormSection title={T.limit.section.basic}>
        <PlanNameItem placeholder={T.plan.limitNamePlaceholder} />
        <Form.Item label={T.plan.membersLabel} required>
          <Form.Item name="scope" noStyle>
            <Radio.Group
              options={[
                { value: 'all', label: T.limit.scopeAll },
                { value: 'some', label: T.limit.scopeSome },
              ]}
              data-testid="limit-scope"
            />
          </Form.Item>
          {scope === 'all' ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 13 }}>
              {T.limit.scopeAllHint}
            </Typography.Text>
          ) : (
            <Form.Item name="userids" rules={[fieldRule('userids')]} style={{ marginTop: 8, marginBottom: 0 }}>
              <MemberSelect mode="multiple" maxCount={PLAN_MAX_MEMBERS} placeholder={T.plan.membersPlaceholder} style={{ maxWidth: 640 }} data-testid="plan-members-select" />
            </Form.Item>
          )}
        </Form.Item>
        <PlanEnabledItem />
      </FormSection>

      <div ref={rulesTop}>
        {rulesError ? <Alert type="error" showIcon title={rulesError} style={{ marginBottom: 16 }} data-testid="rules-error" /> : null}
        <FormSection title={T.limit.section.caps} hint={T.limit.capsHint}>
          <Form.Item label={T.limit.dailyCap} extra={T.limit.dailyCapHint} required>
            <Flex align="center" gap={8}>
              <Form.Item name="dailyCap" noStyle rules={[fieldRule('dailyCap')]}>
                <InputNumber<number> min={0} max={100_000} precision={0} suffix={T.limit.perDay} style={{ width: 160 }} data-testid="limit-daily" />
              </Form.Item>
              <Typography.Text type="secondary">{dailyCap ? '' : T.unlimited}</Typography.Text>
            </Flex>
          </Form.Item>
          <Form.Item label={T.limit.hourlyCap} extra={T.limit.hourlyCapHint} required style={{ marginBottom: 0 }}>
            <Flex align="center" gap={8}>
              <Form.Item name="hourlyCap" noStyle dependencies={['dailyCap']} rules={[fieldRule('hourlyCap')]}>
                <InputNumber<number> min={0} max={100_000} precision={0} suffix={T.limit.perHour} style={{ width: 160 }} data-testid="limit-hourly" />
              </Form.Item>
              <Typography.Text type="secondary">{hourlyCap ? '' : T.unlimited}</Typography.Text>
            </Flex>
          </Form.Item>
        </FormSection>
      </div>

      <DetectorSection title={T.limit.section.burst} name="burstOn" switchTestId="limit-burst-on" hint={T.limit.burstHint} on={burstOn}>
        <Flex align="flex-start" wrap data-testid="limit-burst-fields">
          <Words>{T.limit.burstWithin}</Words>
          <InlineNumber name="burstMinutes" rule={fieldRule('burstMinutes')} min={1} max={1440} testId="limit-burst-minutes" />
          <Words>{T.limit.burstMinutes}</Words>
          <InlineNumber name="burstCount" rule={fieldRule('burstCount')} min={2} max={10_000} testId="limit-burst-count" />
          <Words>{T.limit.burstCount}</Words>
        </Flex>
      </DetectorSection>

      <DetectorSection title={T.limit.section.deleteRate} name="deleteOn" switchTestId="limit-delete-on" hint={T.limit.deleteRateHint} on={deleteOn}>
        <Flex vertical gap={12} data-testid="limit-delete-fields">
          <Flex align="flex-start" wrap>
            <Words>{T.limit.deleteRateLead}</Words>
            <InlineNumber name="deletePercent" rule={fieldRule('deletePercent')} min={1} max={100} testId="limit-delete-percent" />
            <Words>{T.limit.deleteRateTail}</Words>
          </Flex>
          <Flex align="flex-start" wrap>
            <Words>{T.limit.deleteRateMin}</Words>
            <InlineNumber name="deleteMinAdds" rule={fieldRule('deleteMinAdds')} min={1} max={10_000} testId="limit-delete-min" />
            <Words>{T.limit.deleteRateMinTail}</Words>
          </Flex>
        </Flex>
      </DetectorSection>
    </PlanFormFrame>
  );
}

export default function RiskLimitCreatePage() {
  return <PlanFormPage<LimitPlan> kind="limit" usePlan={useLimitPlan} form={(plan) => <LimitForm key={plan?.id} plan={plan} />} />;
}
