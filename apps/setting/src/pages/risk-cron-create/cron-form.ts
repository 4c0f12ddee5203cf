// The cron plan form's values, their validation and the request body they make (pure: unit-tested).
import type { WeeklySchedule } from '@scrm/contracts/china-time';
import type { CronPlan, CronPlanInput } from '@scrm/contracts/risk';
import { validateSchedule } from '@scrm/web-parts';
import { RISK as T } from '../../texts';

/** Members a plan may hold (the contracts' limit). */
export const PLAN_MAX_MEMBERS = 1000;

export interface CronFormValues {
  name: string;
  userids: string[];
  schedule: WeeklySchedule;
  enabled: boolean;
}

export const EMPTY_CRON: CronFormValues = {
  name: '',
  userids: [],
  schedule: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }],
  enabled: true,
};

export const cronValuesOf = (p: CronPlan): CronFormValues => ({ name: p.name, userids: p.members.map((m) => m.userid), schedule: p.schedule, enabled: p.enabled });

export function cronMembersProblem(userids: readonly string[] | undefined): string | null {
  if (!userids?.length) return T.plan.membersRequired;
  if (userids.length > PLAN_MAX_MEMBERS) return T.plan.membersMax(PLAN_MAX_MEMBERS);
  return null;
}

/** Every reason the form cannot be saved, by field (empty when it can). */
export function cronProblems(v: CronFormValues): Partial<Record<keyof CronFormValues, string>> {
  const out: Partial<Record<keyof CronFormValues, string>> = {};
  if (!v.name?.trim()) out.name = T.plan.nameRequired;
  const members = cronMembersProblem(v.userids);
  if (members) out.userids = members;
  // A cron plan without hours would hold its members offline for good.
  const schedule = validateSchedule(v.schedule, true);
  if (schedule) out.schedule = schedule;
  return out;
}

export const cronInputOf = (v: CronFormValues): CronPlanInput => ({ name: v.name.trim(), userids: v.userids, schedule: v.schedule, enabled: v.enabled });
