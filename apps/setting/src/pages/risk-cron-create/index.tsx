// 新建定时上下线, and with ?id= the same form to edit one: name, members, the hours they are online,
// enabled. Saved plans take effect at once and open on their detail page.
import { useRef, useState } from 'react';
import { Alert, Flex, Form, Input, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CronPlan } from '@scrm/contracts/risk';
import { ApiRequestError, runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { MemberSelect, NoWorkSpace, ScheduleEditor, scheduleRule } from '@scrm/web-parts';
import { addCronPlan } from '../../api/add-cron-plan';
import { cronPlanKey, getCronPlan } from '../../api/get-cron-plan';
import { riskRootKey } from '../../api/keys';
import { updateCronPlan } from '../../api/update-cron-plan';
import { BadPlanId, FormFooter, PlanLoaded, Section, planIdOf } from '../../components/form-parts';
import { RISK as T } from '../../texts';
import { EMPTY_CRON, PLAN_MAX_MEMBERS, cronInputOf, cronMembersProblem, cronValuesOf, type CronFormValues } from './cron-form';

export function CronForm({ plan }: { plan?: CronPlan }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const workId = useStore('workId');
  const [form] = Form.useForm<CronFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const submit = async (values: CronFormValues) => {
    setSaving(true);
    setError(null);
    try {
      const input = cronInputOf(values);
      const saved = await runAction(() => (plan ? updateCronPlan({ id: plan.id, ...input }) : addCronPlan(input)), { success: T.saved });
      client.setQueryData(cronPlanKey(workId, saved.id), saved);
      void client.invalidateQueries({ queryKey: riskRootKey(workId) });
      navigate(`/setting/risk/cron/detail?id=${saved.id}`);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : T.plan.saveFailed);
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={top}>
      <Form<CronFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '112px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        colon={false}
        initialValues={plan ? cronValuesOf(plan) : EMPTY_CRON}
        onFinish={submit}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        data-testid="cron-form"
      >
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={T.cron.intro} description={T.cron.introOne} />
          {error ? <Alert type="error" showIcon title={T.plan.saveFailed} description={error} closable onClose={() => setError(null)} data-testid="form-error" /> : null}
          <Section title={T.cron.section.basic}>
            <Form.Item name="name" label={T.plan.name} rules={[{ required: true, whitespace: true, message: T.plan.nameRequired }]}>
              <Input placeholder={T.plan.namePlaceholder} maxLength={30} showCount style={{ width: 420 }} data-testid="plan-name-input" />
            </Form.Item>
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
            <Form.Item label={T.plan.enabledLabel} extra={T.plan.enabledHint} style={{ marginBottom: 0 }}>
              <Form.Item name="enabled" valuePropName="checked" noStyle>
                <Switch data-testid="plan-enabled" />
              </Form.Item>
            </Form.Item>
          </Section>
          <Section title={T.cron.section.schedule} hint={T.cron.scheduleHint}>
            <Form.Item name="schedule" label={T.cron.scheduleLabel} required rules={[scheduleRule(true)]} style={{ marginBottom: 0 }}>
              <ScheduleEditor emptyText={T.cron.scheduleEmptyText} emptyHint={T.cron.scheduleEmptyHint} />
            </Form.Item>
          </Section>
          <FormFooter saving={saving} editing={Boolean(plan)} onCancel={() => navigate(plan ? `/setting/risk/cron/detail?id=${plan.id}` : '/setting/risk?tab=cron')} />
        </Flex>
      </Form>
    </div>
  );
}

function EditCron({ id, workId }: { id: number; workId: number }) {
  const query = useQuery({ queryKey: cronPlanKey(workId, id), queryFn: () => getCronPlan(id) });
  return (
    <PlanLoaded query={query} back="/setting/risk?tab=cron">
      {(plan) => <CronForm key={plan.id} plan={plan} />}
    </PlanLoaded>
  );
}

export default function RiskCronCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = planIdOf(raw);
  const title = raw === null ? T.cron.createTitle : T.cron.editTitle;
  if (!workId) return <NoWorkSpace title={title} hint={T.noWorkHint} />;
  return (
    <PageFrame title={title} bare>
      {raw === null ? <CronForm /> : id ? <EditCron key={`${workId}:${id}`} id={id} workId={workId} /> : <BadPlanId />}
    </PageFrame>
  );
}
