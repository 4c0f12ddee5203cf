// Actions on plans shared by the lists and the detail pages: enable or disable (a save of the whole
// plan, effective at once) and delete with its confirm.
import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { CronPlan, CronPlanUpdateBody, LimitPlan, LimitPlanUpdateBody } from '@scrm/contracts/risk';
import { runAction, useStore } from '@scrm/web-kit';
import { useConfirmAction } from '@scrm/web-parts';
import { deleteCronPlan } from '../api/delete-cron-plan';
import { deleteLimitPlan } from '../api/delete-limit-plan';
import { riskRootKey } from '../api/keys';
import { updateCronPlan } from '../api/update-cron-plan';
import { updateLimitPlan } from '../api/update-limit-plan';
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
  const client = useQueryClient();
  const workId = useStore('workId');
  const refresh = () => client.invalidateQueries({ queryKey: riskRootKey(workId) });

  const remove = (plan: { id: number; name: string }) =>
    confirm({
      title: T.plan.deleteConfirm(plan.name),
      content: kind === 'cron' ? T.cron.deleteHint : T.limit.deleteHint,
      okText: T.delete,
      okButtonProps: { 'data-testid': 'confirm-delete' } as ButtonProps,
      cancelText: T.cancel,
      run: () => (kind === 'cron' ? deleteCronPlan(plan.id) : deleteLimitPlan(plan.id)),
      success: T.deleted,
      after: (done) => {
        if (done) void refresh();
      },
    });

  const toggle = async (plan: CronPlan | LimitPlan, enabled: boolean): Promise<boolean> => {
    try {
      await runAction(
        (): Promise<unknown> => (kind === 'cron' ? updateCronPlan(cronBodyOf(plan as CronPlan, enabled)) : updateLimitPlan(limitBodyOf(plan as LimitPlan, enabled))),
        { success: enabled ? T.enabled : T.disabled },
      );
      return true;
    } catch {
      return false;
    } finally {
      void refresh();
    }
  };

  return { holder, remove, toggle };
}
