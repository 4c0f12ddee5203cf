// Actions on plans shared by the lists and the detail pages: enable or disable (a save of the whole
// plan, effective at once) and delete with its confirm.
import type { ButtonProps } from 'antd';
import type { CronPlan, CronPlanUpdateBody, LimitPlan, LimitPlanUpdateBody } from '@scrm/contracts/risk';
import { runAction, useStore } from '@scrm/web-kit';
import { useConfirmAction } from '@scrm/web-parts';
import { useDeleteCronPlan } from '../api/delete-cron-plan';
import { useDeleteLimitPlan } from '../api/delete-limit-plan';
import { useUpdateCronPlan } from '../api/update-cron-plan';
import { useUpdateLimitPlan } from '../api/update-limit-plan';
import { RISK as T } from '../texts';

export const cronBodyOf = (p: CronPlan, enabled = p.enabled): CronPlanUpdateBody => ({
  id: p.id,
  name: p.name,
  userids: p.members.map((m) => m.userid),
  schedule: p.schedule,
  enabled,
});

export const limitBodyOf = (p: LimitPlan, enabled = p.enabled): LimitPlanUpdateBody => ({
  id: p.id,
  name: p.name,
  userids: p.members.map((m) => m.userid),
  dailyCap: p.dailyCap,
  hourlyCap: p.hourlyCap,
  burst: p.burst,
  deleteRate: p.deleteRate,
  enabled,
});

type Kind = 'cron' | 'limit';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function usePlanActions(kind: Kind) {
  const { holder, confirm } = useConfirmAction();
  const workId = useStore('workId');
  const deleteCron = useDeleteCronPlan(workId);
  const deleteLimit = useDeleteLimitPlan(workId);
  // A switch refreshes whatever the answer: the list shows the plan as it is.
  const updateCron = useUpdateCronPlan(workId, { always: true });
  const updateLimit = useUpdateLimitPlan(workId, { always: true });

  const remove = (plan: { id: number; name: string }) =>
    confirm({
      title: T.plan.deleteConfirm(plan.name),
      content: kind === 'cron' ? T.cron.deleteHint : T.limit.deleteHint,
      okText: T.delete,
      okButtonProps: { 'data-testid': 'confirm-delete' } as ButtonProps,
      cancelText: T.cancel,
      run: () => (kind === 'cron' ? deleteCron.mutateAsync(plan.id) : deleteLimit.mutateAsync(plan.id)),
      success: T.deleted,
    });

  const toggle = async (plan: CronPlan | LimitPlan, enabled: boolean): Promise<boolean> => {
    try {
      await runAction(
        (): Promise<unknown> => (kind === 'cron' ? updateCron.mutateAsync(cronBodyOf(plan as CronPlan, enabled)) : updateLimit.mutateAsync(limitBodyOf(plan as LimitPlan, enabled))),
        { success: enabled ? T.enabled : T.disabled },
      );
      return true;
    } catch {
      return false;
    }
  };

  return { holder, remove, toggle };
}
