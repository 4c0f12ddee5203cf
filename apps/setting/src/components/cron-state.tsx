// A cron plan's state now: online (until when) or offline (how many members, back when), or not enabled.
import { Badge, Flex, Typography } from 'antd';
import { WEEKDAY_LABEL, weekdayOf } from '@scrm/contracts/china-time';
import type { CronPlan } from '@scrm/contracts/risk';
import { formatTime } from '@scrm/web-parts';
import { RISK as T } from '../texts';

/** 「01-10 周五 09:00」 in China time. */
export const formatSwitchTime = (t: number) => `${formatTime(t).slice(5, 10)} ${WEEKDAY_LABEL[weekdayOf(t)]} ${formatTime(t).slice(11, 16)}`;

/** `showNext`: the next switch under the state (a detail page shows it in its own row). */
export function CronState({ plan, showNext = true }: { plan: Pick<CronPlan, 'enabled' | 'onlineNow' | 'nextChangeAt' | 'members'>; showNext?: boolean }) {
  if (!plan.enabled) return <Badge status="default" text={T.cron.stopped} data-testid="cron-state" />;
  const offline = plan.members.filter((m) => m.offline).length;
  const next = plan.nextChangeAt === null || !showNext ? null : formatSwitchTime(plan.nextChangeAt);
  return (
    <Flex vertical gap={2} data-testid="cron-state">
      <Badge status={plan.onlineNow ? 'success' : 'warning'} text={plan.onlineNow ? T.cron.onlineNow : `${T.cron.offlineNow}（${T.cron.offlineCount(offline)}）`} />
      {next ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 14 }}>
          {plan.onlineNow ? T.cron.nextOffline(next) : T.cron.nextOnline(next)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
