// The enable switch of a plan on its detail page, with what it means next to it.
import { useState } from 'react';
import { Flex, Switch, Typography } from 'antd';
import type { CronPlan, LimitPlan } from '@scrm/contracts/risk';
import { useCan } from '@scrm/web-kit';
import { RISK as T } from '../texts';
import { usePlanActions } from './plan-actions';

export function PlanStatusSwitch({ kind, plan }: { kind: 'cron' | 'limit'; plan: CronPlan | LimitPlan }) {
  const actions = usePlanActions(kind);
  const [busy, setBusy] = useState(false);
  const canManage = useCan('risk.manage');
  return (
    <Flex align="center" gap={8}>
      {actions.holder}
      {canManage ? (
        <Switch
          size="small"
          checked={plan.enabled}
          loading={busy}
          onChange={async (next) => {
            setBusy(true);
            await actions.toggle(plan, next);
            setBusy(false);
          }}
          data-testid="plan-status-switch"
        />
      ) : null}
      <Typography.Text type={plan.enabled ? undefined : 'secondary'}>{plan.enabled ? T.enabled : T.disabled}</Typography.Text>
    </Flex>
  );
}
