// The member limit plan form's values, their validation and the request body they make (pure: unit-tested).
import type { LimitPlan, LimitPlanInput } from '@scrm/contracts/risk';
import { RISK as T } from '../../texts';
import { PLAN_MAX_MEMBERS } from '../risk-cron-create/cron-form';

export interface LimitFormValues {
  name: string;
  /** 'all': every member of the corp, now and later. */
  scope: 'all' | 'some';
  userids: string[];
  dailyCap: number | null;
  hourlyCap: number | null;
  burstOn: boolean;
  burstMinutes: number | null;
  burstCount: number | null;
  deleteOn: boolean;
  deletePercent: number | null;
  deleteMinAdds: number | null;
  enabled: boolean;
}

/** The numbers a detector starts from when switched on. */
export const BURST_DEFAULT = { minutes: 10, count: 20 };
export const DELETE_DEFAULT = { percent: 30, minAdds: 10 };

export const EMPTY_LIMIT: LimitFormValues = {
  name: '',
  scope: 'all',
  userids: [],
  dailyCap: 0,
  hourlyCap: 0,
  burstOn: false,
  burstMinutes: BURST_DEFAULT.minutes,
  burstCount: BURST_DEFAULT.count,
  deleteOn: false,
  deletePercent: DELETE_DEFAULT.percent,
  deleteMinAdds: DELETE_DEFAULT.minAdds,
  enabled: true,
};

export const limitValuesOf = (p: LimitPlan): LimitFormValues => ({
  name: p.name,
  scope: p.members.length ? 'some' : 'all',
  userids: p.members.map((m) => m.userid),
  dailyCap: p.dailyCap,
  hourlyCap: p.hourlyCap,
  burstOn: Boolean(p.burst),
  burstMinutes: p.burst?.minutes ?? BURST_DEFAULT.minutes,
  burstCount: p.burst?.count ?? BURST_DEFAULT.count,
  deleteOn: Boolean(p.deleteRate),
  deletePercent: p.deleteRate?.percent ?? DELETE_DEFAULT.percent,
  deleteMinAdds: p.deleteRate?.minAdds ?? DELETE_DEFAULT.minAdds,
  enabled: p.enabled,
});

const isInt = (n: number | null | undefined, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

export type LimitProblems = Partial<Record<keyof LimitFormValues | 'rules', string>>;

/** Every reason the form cannot be saved, by field; `rules` when no rule is on (empty when it can be saved). */
export function limitProblems(v: LimitFormValues): LimitProblems {
  const out: LimitProblems = {};
  if (!v.name?.trim()) out.name = T.plan.nameRequired;
  if (v.scope === 'some') {
    if (!v.userids?.length) out.userids = T.plan.membersRequired;
    else if (v.userids.length > PLAN_MAX_MEMBERS) out.userids = T.plan.membersMax(PLAN_MAX_MEMBERS);
  }
  if (!isInt(v.dailyCap, 0, 100_000)) out.dailyCap = T.limit.capRequired;
  if (!isInt(v.hourlyCap, 0, 100_000)) out.hourlyCap = T.limit.capRequired;
  else if (v.hourlyCap > 0 && isInt(v.dailyCap, 1, 100_000) && v.hourlyCap > v.dailyCap) out.hourlyCap = T.limit.hourlyOverDaily;
  if (v.burstOn) {
    if (!isInt(v.burstMinutes, 1, 1440)) out.burstMinutes = T.limit.burstMinutesRequired;
    if (!isInt(v.burstCount, 2, 10_000)) out.burstCount = T.limit.burstCountRequired;
  }
  if (v.deleteOn) {
    if (!isInt(v.deletePercent, 1, 100)) out.deletePercent = T.limit.percentRequired;
    if (!isInt(v.deleteMinAdds, 1, 10_000)) out.deleteMinAdds = T.limit.minAddsRequired;
  }
  if (!v.dailyCap && !v.hourlyCap && !v.burstOn && !v.deleteOn) out.rules = T.limit.rulesRequired;
  return out;
}

export const limitInputOf = (v: LimitFormValues): LimitPlanInput => ({
  name: v.name.trim(),
  userids: v.scope === 'all' ? [] : v.userids,
  dailyCap: v.dailyCap ?? 0,
  hourlyCap: v.hourlyCap ?? 0,
  burst: v.burstOn ? { minutes: v.burstMinutes!, count: v.burstCount! } : null,
  deleteRate: v.deleteOn ? { percent: v.deletePercent!, minAdds: v.deleteMinAdds! } : null,
  enabled: v.enabled,
});
