// What the two plan forms (定时上下线, 成员加好友上限) share: saving from the form, the form's frame (intro,
// save failure, sticky footer) and the create/edit page around it (?id= loads the plan to edit).
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Flex, Form, Input, Switch, type FormInstance } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiRequestError, runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FormFooter, NoWorkSpace } from '@scrm/web-parts';
import { RISK as T } from '../texts';
import { BadPlanId, PlanLoaded, planIdOf } from './form-parts';

export type PlanKind = 'cron' | 'limit';

type Saving<V, P> = { mutateAsync: (variables: V) => Promise<P> };

/** The kind's mutation hooks (they keep the saved plan and refresh the 风控 queries themselves). */
export interface PlanApi<I, P extends { id: number }> {
  useAdd: (workId: number) => Saving<I, P>;
  useUpdate: (workId: number) => Saving<{ id: number } & I, P>;
}

/** Adds or updates the plan; on success caches it and opens its detail page, else shows why above the form. */
export function usePlanSave<I, P extends { id: number }>(kind: PlanKind, plan: P | undefined, api: PlanApi<I, P>) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = api.useAdd(workId);
  const update = api.useUpdate(workId);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const save = async (input: I) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await runAction(() => (plan ? update.mutateAsync({ id: plan.id, ...input }) : add.mutateAsync(input)), { success: T.saved });
      navigate(`/setting/risk/${kind}/detail?id=${saved.id}`);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : T.plan.saveFailed);
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, error, clearError: () => setError(null), top };
}

export type PlanSave = Omit<ReturnType<typeof usePlanSave>, 'save'>;

/** The form with the kind's intro, the save failure, `children` (the sections) and the save bar. */
export function PlanFormFrame<V extends object>({
  kind,
  editingId,
  form,
  initialValues,
  onFinish,
  onValuesChange,
  introDetail,
  state,
  children,
}: {
  kind: PlanKind;
  /** The id of the plan being edited; none when creating. */
  editingId?: number;
  form: FormInstance<V>;
  initialValues: V;
  onFinish: (values: V) => void;
  onValuesChange?: () => void;
  introDetail?: string;
  state: PlanSave;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div ref={state.top}>
      <Form<V>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '112px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        colon={false}
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        data-testid={`${kind}-form`}
      >
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={T[kind].intro} description={introDetail} />
          {state.error ? <Alert type="error" showIcon title={T.plan.saveFailed} description={state.error} closable onClose={state.clearError} data-testid="form-error" /> : null}
          {children}
          <FormFooter
            cancelText={T.cancel}
            submitText={editingId !== undefined ? T.plan.submitEdit : T.plan.submitCreate}
            saving={state.saving}
            onCancel={() => navigate(editingId !== undefined ? `/setting/risk/${kind}/detail?id=${editingId}` : `/setting/risk?tab=${kind}`)}
            testIds={{ cancel: 'plan-cancel', submit: 'plan-submit' }}
          />
        </Flex>
      </Form>
    </div>
  );
}

/** The plan's name, first in both forms. */
export function PlanNameItem({ placeholder }: { placeholder: string }) {
  return (
    <Form.Item name="name" label={T.plan.name} rules={[{ required: true, whitespace: true, message: T.plan.nameRequired }]}>
      <Input placeholder={placeholder} maxLength={30} showCount style={{ width: 420 }} data-testid="plan-name-input" />
    </Form.Item>
  );
}

/** 立即启用, last of the basic section in both forms. */
export function PlanEnabledItem() {
  return (
    <Form.Item label={T.plan.enabledLabel} extra={T.plan.enabledHint} style={{ marginBottom: 0 }}>
      <Form.Item name="enabled" valuePropName="checked" noStyle>
        <Switch data-testid="plan-enabled" />
      </Form.Item>
    </Form.Item>
  );
}

type UsePlan<P> = (workId: number, id: number) => UseQueryResult<P>;

function EditPlan<P>({ kind, id, workId, usePlan, form }: { kind: PlanKind; id: number; workId: number; usePlan: UsePlan<P>; form: (plan?: P) => ReactNode }) {
  const query = usePlan(workId, id);
  return (
    <PlanLoaded query={query} back={`/setting/risk?tab=${kind}`}>
      {(plan) => form(plan)}
    </PlanLoaded>
  );
}

/** The create page, and with ?id= the edit page: `form` renders the kind's form (with the plan when editing). */
export function PlanFormPage<P>({ kind, usePlan, form }: { kind: PlanKind; usePlan: UsePlan<P>; form: (plan?: P) => ReactNode }) {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = planIdOf(raw);
  const title = raw === null ? T[kind].createTitle : T[kind].editTitle;
  if (!workId) return <NoWorkSpace title={title} hint={T.noWorkHint} />;
  return (
    <PageFrame title={title} bare>
      {raw === null ? form() : id ? <EditPlan key={`${workId}:${id}`} kind={kind} id={id} workId={workId} usePlan={usePlan} form={form} /> : <BadPlanId />}
    </PageFrame>
  );
}
