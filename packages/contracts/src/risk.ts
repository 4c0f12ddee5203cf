// 风控 (/setting/risk, X-Work-Id): cron plans (定时上下线, /api/qw/risk/plan/*), member limit plans with
// abnormal-add detection (成员加好友上限, /api/qw/limit/plan/*) and the record of every automatic
// action (/api/qw/risk/record/*), each with a one-click restore.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { ScheduleRule, WeeklySchedule } from './china-time.js';

const Userids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000 });
const PageFields = {
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

export const PlanMember = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  /** Held offline by this plan right now (restored members show false). */
  offline: Type.Boolean(),
});
export type PlanMember = Static<typeof PlanMember>;
export const PlanIdBody = Type.Object({ id: Id });
export type PlanIdBody = Static<typeof PlanIdBody>;

// ---------------------------------------------------------------- cron plans

export const CronPlanInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  userids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
  /** When the members are online on every code; outside it they are taken offline. */
  schedule: Type.Array(ScheduleRule, { minItems: 1, maxItems: 20 }),
  enabled: Type.Boolean(),
});
export type CronPlanInput = Static<typeof CronPlanInput>;
export const CronPlanUpdateBody = Type.Intersect([Type.Object({ id: Id }), CronPlanInput]);
export type CronPlanUpdateBody = Static<typeof CronPlanUpdateBody>;

export const CronPlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members: Type.Array(PlanMember),
  schedule: WeeklySchedule,
  enabled: Type.Boolean(),
  /** Whether the plan has its members online right now. */
  onlineNow: Type.Boolean(),
  /** Next switch (epoch ms), null when never. */
  nextChangeAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type CronPlan = Static<typeof CronPlan>;
export const PlanListBody = Type.Object({ ...PageFields, keyword: Type.Optional(Type.String({ maxLength: 30 })) });
export type PlanListBody = Static<typeof PlanListBody>;
export const CronPlanList = Type.Object({ list: Type.Array(CronPlan), total: Type.Integer() });
export type CronPlanList = Static<typeof CronPlanList>;

// ---------------------------------------------------------------- member limit plans

export const LimitPlanInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  /** Empty: every member of the corp. */
  userids: Userids,
  /** Adds per member per day (China time); 0 = off. */
  dailyCap: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** Adds per member per hour; 0 = off. */
  hourlyCap: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** Abnormal adds: `count` adds within `minutes` take the member offline for the rest of the day (or until restored). */
  burst: Type.Union([
    Type.Object({ count: Type.Integer({ minimum: 2, maximum: 10_000 }), minutes: Type.Integer({ minimum: 1, maximum: 1440 }) }),
    Type.Null(),
  ]),
  /**
   * Abnormal deletions: of the last 24 h's adds (at least `minAdds`), `percent` % or more customers deleted
   * the member — offline for the rest of the day (or until restored).
   */
  deleteRate: Type.Union([
    Type.Object({ percent: Type.Integer({ minimum: 1, maximum: 100 }), minAdds: Type.Integer({ minimum: 1, maximum: 10_000 }) }),
    Type.Null(),
  ]),
  enabled: Type.Boolean(),
});
export type LimitPlanInput = Static<typeof LimitPlanInput>;
export const LimitPlanUpdateBody = Type.Intersect([Type.Object({ id: Id }), LimitPlanInput]);
export type LimitPlanUpdateBody = Static<typeof LimitPlanUpdateBody>;

export const LimitPlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Empty: every member. */
  members: Type.Array(PlanMember),
  dailyCap: Type.Integer(),
  hourlyCap: Type.Integer(),
  burst: Type.Union([Type.Object({ count: Type.Integer(), minutes: Type.Integer() }), Type.Null()]),
  deleteRate: Type.Union([Type.Object({ percent: Type.Integer(), minAdds: Type.Integer() }), Type.Null()]),
  enabled: Type.Boolean(),
  /** Members this plan holds offline right now. */
  offlineNow: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type LimitPlan = Static<typeof LimitPlan>;
export const LimitPlanList = Type.Object({ list: Type.Array(LimitPlan), total: Type.Integer() });
export type LimitPlanList = Static<typeof LimitPlanList>;

// ---------------------------------------------------------------- records

export const RiskKind = Type.Union([
  Type.Literal('code_cap'),
  Type.Literal('limit_daily'),
  Type.Literal('limit_hourly'),
  Type.Literal('burst'),
  Type.Literal('delete_rate'),
  Type.Literal('cron'),
]);
export type RiskKind = Static<typeof RiskKind>;
/** The kinds a member limit plan takes members offline by. */
export const LIMIT_PLAN_KINDS = ['limit_daily', 'limit_hourly', 'burst', 'delete_rate'] as const satisfies readonly RiskKind[];
export const RISK_KIND_LABEL: Record<RiskKind, string> = {
  code_cap: '活码每日上限',
  limit_daily: '每日添加上限',
  limit_hourly: '每小时添加上限',
  burst: '异常频繁添加',
  delete_rate: '异常被删除',
  cron: '定时上下线',
};

export const RiskRecord = Type.Object({
  id: Type.Integer(),
  userid: Type.String(),
  memberName: Type.String(),
  memberAvatar: Type.String(),
  /** null: every code of the member. */
  contactWayId: Type.Union([Type.Integer(), Type.Null()]),
  codeName: Type.String(),
  kind: RiskKind,
  action: Type.Union([Type.Literal('offline'), Type.Literal('online')]),
  reason: Type.String(),
  auto: Type.Boolean(),
  /** Who restored it, for a manual online. */
  operator: Type.String(),
  /** An offline that is still in force and may be undone now. */
  restorable: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type RiskRecord = Static<typeof RiskRecord>;
export const RiskRecordListBody = Type.Object({
  ...PageFields,
  userid: Type.Optional(Type.String({ maxLength: 64 })),
  kind: Type.Optional(RiskKind),
  action: Type.Optional(Type.Union([Type.Literal('offline'), Type.Literal('online')])),
  /** Only offlines still in force. */
  active: Type.Optional(Type.Boolean()),
  /** Only the records of this cron plan (定时上下线详情). */
  cronPlanId: Type.Optional(Id),
  /** Only the records of this member limit plan (成员加好友上限详情). */
  limitPlanId: Type.Optional(Id),
});
export type RiskRecordListBody = Static<typeof RiskRecordListBody>;
export const RiskRecordList = Type.Object({ list: Type.Array(RiskRecord), total: Type.Integer() });
export type RiskRecordList = Static<typeof RiskRecordList>;
/** The record of an offline to undo (one-click restore); answers with the new online record. */
export const RiskRestoreBody = Type.Object({ id: Id });
export type RiskRestoreBody = Static<typeof RiskRestoreBody>;
