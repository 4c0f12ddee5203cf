// 新建成员加好友上限, and with ?id= the same form to edit one: who it covers, daily and hourly add caps,
// and the two abnormal-add detectors, each explained. Saved plans take effect at once (members already
// over a cap go offline now) and open on their detail page.
import { useRef, useState } from 'react';
import { Alert, Flex, Form, Input, InputNumber, Radio, Switch, Typography, type FormRule } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LimitPlan } from '@scrm/contracts/risk';
import { ApiRequestError, runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { MemberSelect, NoWorkSpace } from '@scrm/web-parts';
import { addLimitPlan } from '../../api/add-limit-plan';
import { getLimitPlan, limitPlanKey } from '../../api/get-limit-plan';
import { riskRootKey } from '../../api/keys';
import { updateLimitPlan } from '../../api/update-limit-plan';
import { BadPlanId, FormFooter, PlanLoaded, Section, planIdOf } from '../../components/form-parts';
import { RISK as T } from '../../texts';
import { PLAN_MAX_MEMBERS } from '../risk-cron-create/cron-form';
import { EMPTY_LIMIT, limitInputOf, limitProblems, limitValuesOf, type LimitFormValues } from './limit-form';

const inlineNumber = { width: 96, marginInline: 6 } as const;

export function LimitForm({ plan }: { plan?: LimitPlan }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const workId = useStore('workId');
  const [form] = Form.useForm<LimitFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rulesError, setRulesError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
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

  const submit = async (values: LimitFormValues) => {
    const all = { ...EMPTY_LIMIT, ...(form.getFieldsValue(true) as LimitFormValues), ...values };
    const rules = limitProblems(all).rules;
    if (rules) {
      setRulesError(rules);
      rulesTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const input = limitInputOf(all);
      const saved = await runAction(() => (plan ? updateLimitPlan({ id: plan.id, ...input }) : addLimitPlan(input)), { success: T.saved });
      client.setQueryData(limitPlanKey(workId, saved.id), saved);
      void client.invalidateQueries({ queryKey: riskRootKey(workId) });
      navigate(`/setting/risk/limit/detail?id=${saved.id}`);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : T.plan.saveFailed);
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={top}>
      <Form<LimitFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '112px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        colon={false}
        initialValues={plan ? limitValuesOf(plan) : EMPTY_LIMIT}
        onFinish={submit}
        onValuesChange={() => setRulesError(null)}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        data-testid="limit-form"
      >
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={T.limit.intro} />
          {error ? <Alert type="error" showIcon title={T.plan.saveFailed} description={error} closable onClose={() => setError(null)} data-testid="form-error" /> : null}

          <Section title={T.limit.section.basic}>
            <Form.Item name="name" label={T.plan.name} rules={[{ required: true, whitespace: true, message: T.plan.nameRequired }]}>
              <Input placeholder={T.plan.limitNamePlaceholder} maxLength={30} showCount style={{ width: 420 }} data-testid="plan-name-input" />
            </Form.Item>
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
            <Form.Item label={T.plan.enabledLabel} extra={T.plan.enabledHint} style={{ marginBottom: 0 }}>
              <Form.Item name="enabled" valuePropName="checked" noStyle>
                <Switch data-testid="plan-enabled" />
              </Form.Item>
            </Form.Item>
          </Section>

          <div ref={rulesTop}>
            {rulesError ? <Alert type="error" showIcon title={rulesError} style={{ marginBottom: 16 }} data-testid="rules-error" /> : null}
            <Section title={T.limit.section.caps} hint={T.limit.capsHint}>
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
            </Section>
          </div>

          <Section
            title={T.limit.section.burst}
            extra={
              <Form.Item name="burstOn" valuePropName="checked" noStyle>
                <Switch data-testid="limit-burst-on" />
              </Form.Item>
            }
          >
            <Typography.Paragraph type="secondary" style={{ marginBottom: burstOn ? 16 : 0 }}>
              {T.limit.burstHint}
            </Typography.Paragraph>
            {burstOn ? (
              <Flex align="flex-start" wrap data-testid="limit-burst-fields">
                <span style={{ lineHeight: '32px' }}>{T.limit.burstWithin}</span>
                <Form.Item name="burstMinutes" rules={[fieldRule('burstMinutes')]} style={{ marginBottom: 0 }}>
                  <InputNumber<number> min={1} max={1440} precision={0} style={inlineNumber} data-testid="limit-burst-minutes" />
                </Form.Item>
                <span style={{ lineHeight: '32px' }}>{T.limit.burstMinutes}</span>
                <Form.Item name="burstCount" rules={[fieldRule('burstCount')]} style={{ marginBottom: 0 }}>
                  <InputNumber<number> min={2} max={10_000} precision={0} style={inlineNumber} data-testid="limit-burst-count" />
                </Form.Item>
                <span style={{ lineHeight: '32px' }}>{T.limit.burstCount}</span>
              </Flex>
            ) : null}
          </Section>

          <Section
            title={T.limit.section.deleteRate}
            extra={
              <Form.Item name="deleteOn" valuePropName="checked" noStyle>
                <Switch data-testid="limit-delete-on" />
              </Form.Item>
            }
          >
            <Typography.Paragraph type="secondary" style={{ marginBottom: deleteOn ? 16 : 0 }}>
              {T.limit.deleteRateHint}
            </Typography.Paragraph>
            {deleteOn ? (
              <Flex vertical gap={12} data-testid="limit-delete-fields">
                <Flex align="flex-start" wrap>
                  <span style={{ lineHeight: '32px' }}>{T.limit.deleteRateLead}</span>
                  <Form.Item name="deletePercent" rules={[fieldRule('deletePercent')]} style={{ marginBottom: 0 }}>
                    <InputNumber<number> min={1} max={100} precision={0} style={inlineNumber} data-testid="limit-delete-percent" />
                  </Form.Item>
                  <span style={{ lineHeight: '32px' }}>{T.limit.deleteRateTail}</span>
                </Flex>
                <Flex align="flex-start" wrap>
                  <span style={{ lineHeight: '32px' }}>{T.limit.deleteRateMin}</span>
                  <Form.Item name="deleteMinAdds" rules={[fieldRule('deleteMinAdds')]} style={{ marginBottom: 0 }}>
                    <InputNumber<number> min={1} max={10_000} precision={0} style={inlineNumber} data-testid="limit-delete-min" />
                  </Form.Item>
                  <span style={{ lineHeight: '32px' }}>{T.limit.deleteRateMinTail}</span>
                </Flex>
              </Flex>
            ) : null}
          </Section>

          <FormFooter saving={saving} editing={Boolean(plan)} onCancel={() => navigate(plan ? `/setting/risk/limit/detail?id=${plan.id}` : '/setting/risk?tab=limit')} />
        </Flex>
      </Form>
    </div>
  );
}

function EditLimit({ id, workId }: { id: number; workId: number }) {
  const query = useQuery({ queryKey: limitPlanKey(workId, id), queryFn: () => getLimitPlan(id) });
  return (
    <PlanLoaded query={query} back="/setting/risk?tab=limit">
      {(plan) => <LimitForm key={plan.id} plan={plan} />}
    </PlanLoaded>
  );
}

export default function RiskLimitCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = planIdOf(raw);
  const title = raw === null ? T.limit.createTitle : T.limit.editTitle;
  if (!workId) return <NoWorkSpace title={title} hint={T.noWorkHint} />;
  return (
    <PageFrame title={title} bare>
      {raw === null ? <LimitForm /> : id ? <EditLimit key={`${workId}:${id}`} id={id} workId={workId} /> : <BadPlanId />}
    </PageFrame>
  );
}
