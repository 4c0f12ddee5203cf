// What a member limit plan checks, in lines an operator reads at a glance, and what it does now.
import { Badge, Flex, Typography } from 'antd';
import type { LimitPlan } from '@scrm/contracts/risk';
import { RISK as T } from '../texts';

export function limitRuleLines(plan: Pick<LimitPlan, 'dailyCap' | 'hourlyCap' | 'burst' | 'deleteRate'>): string[] {
  const lines: string[] = [];
  if (plan.dailyCap) lines.push(T.limit.rule.daily(plan.dailyCap));
  if (plan.hourlyCap) lines.push(T.limit.rule.hourly(plan.hourlyCap));
  if (plan.burst) lines.push(T.limit.rule.burst(plan.burst.minutes, plan.burst.count));
  if (plan.deleteRate) lines.push(T.limit.rule.deleteRate(plan.deleteRate.percent, plan.deleteRate.minAdds));
  return lines;
}

export function LimitRules({ plan }: { plan: Pick<LimitPlan, 'dailyCap' | 'hourlyCap' | 'burst' | 'deleteRate'> }) {
  return (
    <Flex vertical gap={2} data-testid="limit-rules">
      {limitRuleLines(plan).map((line) => (
        <Typography.Text key={line} style={{ fontSize: 13 }}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The plan's state now: not enabled, how many members it holds offline, or none. `testId` marks the count. */
export function LimitState({ plan, testId }: { plan: Pick<LimitPlan, 'enabled' | 'offlineNow'>; testId?: string }) {
  if (!plan.enabled) return <Badge status="default" text={T.cron.stopped} />;
  if (plan.offlineNow) return <Badge status="warning" text={T.limit.offlineNow(plan.offlineNow)} data-testid={testId} />;
  return <Typography.Text type="secondary">{T.limit.noneOffline}</Typography.Text>;
}
