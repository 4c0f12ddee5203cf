// The risk engine: takes members offline (on one code or on every code) when a cap, a limit plan, an
// abnormal-add detector or a cron plan says so, and back online when the period turns, the schedule
// opens or an operator restores them. Each switch is a member_offline row plus a risk_record, made once
// per period (a detector that fires twice does nothing the second time). After each switch the codes
// it touches are reconciled: their WeCom user lists are recomputed and pushed.
import type { FastifyBaseLogger } from 'fastify';
import {
  dayKey,
  dayStart,
  DAY_MS,
  describeSchedule,
  hourKey,
  hourStart,
  HOUR_MS,
  nextScheduleChange,
  withinSchedule,
  type WeeklySchedule,
} from '@scrm/contracts/china-time';
import type { Clock } from '../clock/clock.js';
import type { OfflineKind } from '../db/tables.js';
import type { ContactWay, ContactWayRepository } from '../contact-way/contact-way.repository.js';
import type { MemberAvailability } from '../contact-way/contact-way.service.js';
import type { CronPlanRow, LimitPlanRow, MemberOffline, RiskRepository } from './risk.repository.js';

export type Reconcile = (wsId: number, contactWayIds: number[]) => Promise<void>;

/**
 * A plan's part of a period key: its id and version, so that editing a plan (which releases what it
 * held) lets it take members offline again in the same period.
 */
const planKey = (plan: { id: number; updated_at: number }) => `P${plan.id}.${plan.updated_at.toString(36)}`;

const BACK_ONLINE: Record<OfflineKind, string> = {
  code_cap: '新的一天，自动恢复接待',
  limit_daily: '新的一天，自动恢复上线',
  limit_hourly: '新的一小时，自动恢复上线',
  burst: '次日自动恢复上线',
  delete_rate: '次日自动恢复上线',
  cron: '到达上线时间，自动上线',
};

export class RiskEngine implements MemberAvailability {
  constructor(
    private readonly deps: {
      repo: RiskRepository;
      contactWays: ContactWayRepository;
      clock: Clock;
      /** Recomputes and pushes the user lists of these codes (queues the contact-way job). */
      reconcile: Reconcile;
      log: FastifyBaseLogger;
      /** Writes a notice for the message centre to deliver (消息中心, docs/notify.md). */
      notify?: (wsId: number, n: { kind: string; title: string; content: string; refId: number | null }) => Promise<void>;
    },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  /** Offline states in force for these members, keyed by userid. */
  async activeByMember(wsId: number, userids: string[]): Promise<Map<string, MemberOffline[]>> {
    const out = new Map<string, MemberOffline[]>();
    for (const row of await this.repo.active(wsId, userids)) out.set(row.userid, [...(out.get(row.userid) ?? []), row]);
    return out;
  }

  /**
   * Takes a member offline (once per period) and reconciles the codes it touches — or, with `batch`,
   * adds the new state to it for the caller to reconcile once.
   */
  private async offline(
    wsId: number,
    o: { userid: string; contactWayId: number; kind: OfflineKind; period: string; reason: string; planId: number | null; until: number | null },
    batch?: MemberOffline[],
  ): Promise<boolean> {
    const now = this.deps.clock.now();
    const row = await this.repo.startOffline({ workSpaceId: wsId, ...o }, now);
    if (!row) return false;
    this.deps.log.info({ wsId, userid: o.userid, kind: o.kind, contactWayId: o.contactWayId }, 'member taken offline');
    if (this.deps.notify) {
      const name = (await this.deps.contactWays.memberInfo(wsId, [o.userid])).get(o.userid)?.name ?? o.userid;
      // The burst detector's offline is an abnormal add (异常添加); every other one a risk action (风控动作).
      const burst = o.kind === 'burst';
      await this.deps.notify(wsId, {
        kind: burst ? 'risk_burst' : 'risk_offline',
        title: burst ? '异常添加：成员已被自动下线' : '成员已被自动下线',
        content: `${name}（${o.userid}）：${o.reason}`,
        refId: row.id,
      });
    }
    if (batch) batch.push(row);
    else await this.reconcileFor(wsId, [row]);
    return true;
  }

  private async reconcileFor(wsId: number, rows: MemberOffline[]): Promise<void> {
    const scoped = rows.filter((r) => r.contact_way_id).map((r) => r.contact_way_id);
    const everywhere = rows.filter((r) => !r.contact_way_id).map((r) => r.userid);
    const ids = new Set([...scoped, ...(await this.deps.contactWays.channelCodesOf(wsId, everywhere))]);
    if (ids.size) await this.deps.reconcile(wsId, [...ids]);
  }

  /**
   * After an add: the code's daily cap for that member, then every limit plan covering the member
   * (daily, hourly, burst). `cap` is the member's cap on the code (0 = none).
   */
  async afterAdd(wsId: number, add: { userid: string; code: ContactWay | undefined; cap: number }): Promise<void> {
    const now = this.deps.clock.now();
    const today = dayStart(now);
    const { userid, code, cap } = add;
    if (code && code.kind === 'channel' && cap > 0) {
      const n = await this.deps.contactWays.countCodeAdds(code.id, userid, today);
      if (n >= cap) {
        await this.offline(wsId, {
          userid,
          contactWayId: code.id,
          kind: 'code_cap',
          period: `D:${dayKey(now)}`,
          reason: `今日已通过「${code.name}」添加 ${n} 位客户，达到每日上限 ${cap} 人`,
          planId: null,
          until: today + DAY_MS,
        });
      }
    }
    for (const plan of await this.repo.limitPlansFor(wsId, userid)) await this.checkLimits(wsId, plan, userid, now);
  }

  /** A limit plan's caps (daily, hourly) and burst detector, for one member, now. */
  private async checkLimits(wsId: number, plan: LimitPlanRow, userid: string, now: number, batch?: MemberOffline[]): Promise<void> {
    const today = dayStart(now);
    if (plan.daily_cap > 0) {
      const n = await this.deps.contactWays.countMemberAdds(wsId, userid, today);
      if (n >= plan.daily_cap) {
        await this.offline(
          wsId,
          {
            userid,
            contactWayId: 0,
            kind: 'limit_daily',
            period: `D:${dayKey(now)}:${planKey(plan)}`,
            reason: `今日已添加 ${n} 位客户，达到「${plan.name}」每日上限 ${plan.daily_cap} 人`,
            planId: plan.id,
            until: today + DAY_MS,
          },
          batch,
        );
      }
    }
    if (plan.hourly_cap > 0) {
      const n = await this.deps.contactWays.countMemberAdds(wsId, userid, hourStart(now));
      if (n >= plan.hourly_cap) {
        await this.offline(
          wsId,
          {
            userid,
            contactWayId: 0,
            kind: 'limit_hourly',
            period: `H:${hourKey(now)}:${planKey(plan)}`,
            reason: `本小时已添加 ${n} 位客户，达到「${plan.name}」每小时上限 ${plan.hourly_cap} 人`,
            planId: plan.id,
            until: hourStart(now) + HOUR_MS,
          },
          batch,
        );
      }
    }
    if (plan.burst_count > 0 && plan.burst_minutes > 0) {
      const n = await this.deps.contactWays.countMemberAdds(wsId, userid, now - plan.burst_minutes * 60_000);
      if (n >= plan.burst_count) {
        await this.offline(
          wsId,
          {
            userid,
            contactWayId: 0,
            kind: 'burst',
            period: `D:${dayKey(now)}:${planKey(plan)}`,
            reason: `${plan.burst_minutes} 分钟内添加 ${n} 位客户，达到「${plan.name}」异常添加阈值 ${plan.burst_count} 人`,
            planId: plan.id,
            until: today + DAY_MS,
          },
          batch,
        );
      }
    }
  }

  /** After a customer deleted the member: the delete-rate detector of the plans covering them. */
  async afterCustomerDeleted(wsId: number, userid: string): Promise<void> {
    const now = this.deps.clock.now();
    for (const plan of await this.repo.limitPlansFor(wsId, userid)) await this.checkDeleteRate(wsId, plan, userid, now);
  }

  private async checkDeleteRate(wsId: number, plan: LimitPlanRow, userid: string, now: number, batch?: MemberOffline[]): Promise<void> {
    if (plan.delete_percent <= 0) return;
    const { adds, deleted } = await this.deps.contactWays.memberDeletions(wsId, userid, now - DAY_MS);
    if (adds < Math.max(1, plan.delete_min)) return;
    const percent = Math.round((deleted / adds) * 100);
    if (percent < plan.delete_percent) return;
    await this.offline(
      wsId,
      {
        userid,
        contactWayId: 0,
        kind: 'delete_rate',
        period: `D:${dayKey(now)}:${planKey(plan)}`,
        reason: `近 24 小时添加的 ${adds} 位客户中 ${deleted} 位删除了成员（${percent}%），达到「${plan.name}」阈值 ${plan.delete_percent}%`,
        planId: plan.id,
        until: dayStart(now) + DAY_MS,
      },
      batch,
    );
  }

  /**
   * A limit plan was created, enabled or changed: the members it covers who are already at a cap or
   * over a detector's threshold (adds of the last 24 hours) go offline now.
   */
  async applyLimitPlan(wsId: number, planId: number): Promise<void> {
    const plan = await this.repo.findLimitPlan(wsId, planId);
    if (!plan || !plan.enabled) return;
    const now = this.deps.clock.now();
    const ids = JSON.parse(plan.userids) as string[];
    const batch: MemberOffline[] = [];
    for (const userid of await this.repo.membersWithAddsSince(wsId, Math.min(dayStart(now), now - DAY_MS), ids.length ? ids : undefined)) {
      await this.checkLimits(wsId, plan, userid, now, batch);
      await this.checkDeleteRate(wsId, plan, userid, now, batch);
    }
    if (batch.length) await this.reconcileFor(wsId, batch);
  }

  /** A cron plan was created, enabled or changed: outside its hours, its members go offline now. */
  async applyCronPlan(wsId: number, planId: number): Promise<void> {
    const plan = await this.repo.findCronPlan(wsId, planId);
    if (!plan || !plan.enabled) return;
    const batch: MemberOffline[] = [];
    await this.applyCron(plan, this.deps.clock.now(), batch);
    if (batch.length) await this.reconcileFor(wsId, batch);
  }

  private async applyCron(plan: CronPlanRow, now: number, batch: MemberOffline[]): Promise<void> {
    const schedule = JSON.parse(plan.schedule) as WeeklySchedule;
    if (withinSchedule(schedule, now)) return;
    const until = nextScheduleChange(schedule, now);
    for (const userid of JSON.parse(plan.userids) as string[]) {
      await this.offline(
        plan.work_space_id,
        {
          userid,
          contactWayId: 0,
          kind: 'cron',
          // One period per closed stretch of the schedule: a member restored in it stays online until it ends.
          period: `C:${planKey(plan)}:${until === null ? 'never' : until.toString(36)}`,
          reason: `不在「${plan.name}」的上线时间（${describeSchedule(schedule)}）`,
          planId: plan.id,
          until,
        },
        batch,
      );
    }
  }

  /** Every minute: states whose time is up end; cron plans take members offline and online. */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const ended: MemberOffline[] = [];
    for (const row of await this.repo.due(now)) {
      if (await this.repo.endOffline(row, now, BACK_ONLINE[row.kind], null)) ended.push(row);
    }
    const started: MemberOffline[] = [];
    for (const plan of await this.repo.enabledCronPlans()) await this.applyCron(plan, now, started);
    const byWs = new Map<number, MemberOffline[]>();
    for (const row of [...ended, ...started]) byWs.set(row.work_space_id, [...(byWs.get(row.work_space_id) ?? []), row]);
    for (const [wsId, rows] of byWs) await this.reconcileFor(wsId, rows);
  }

  /** One-click restore of an offline record still in force. Returns false when there is nothing to undo. */
  async restore(wsId: number, recordId: number, operatorId: number): Promise<boolean> {
    const record = await this.repo.findRecord(wsId, recordId);
    if (!record || record.action !== 'offline' || !record.offline_id) return false;
    const row = await this.repo.findOffline(record.offline_id);
    if (!row || row.ended_at !== null) return false;
    if (!(await this.repo.endOffline(row, this.deps.clock.now(), '手动恢复上线', operatorId))) return false;
    await this.reconcileFor(wsId, [row]);
    return true;
  }

  /** A code was deleted: what held its members off it ends (recorded, nothing to push). */
  async releaseCode(wsId: number, contactWayId: number): Promise<void> {
    const now = this.deps.clock.now();
    for (const row of await this.repo.active(wsId)) {
      if (row.contact_way_id === contactWayId) await this.repo.endOffline(row, now, '活码已删除', null);
    }
  }

  /** A plan was changed, disabled or deleted: what it holds offline ends now (the next tick re-applies it). */
  async releasePlan(wsId: number, planId: number, kinds: OfflineKind[]): Promise<void> {
    const now = this.deps.clock.now();
    const ended: MemberOffline[] = [];
    for (const kind of kinds) {
      for (const row of await this.repo.activeOfPlan(planId, kind)) {
        if (await this.repo.endOffline(row, now, '风控计划已修改或停用，恢复上线', null)) ended.push(row);
      }
    }
    if (ended.length) await this.reconcileFor(wsId, ended);
  }

  /**
   * A code's caps changed: members now under their cap get back on it; members whose cap changed and
   * are at or over it go off. `caps` maps each member of the code to its cap in force (0 = none).
   */
  async recheckCodeCaps(wsId: number, code: ContactWay, caps: Map<string, number>, changed: Set<string>): Promise<void> {
    const now = this.deps.clock.now();
    const today = dayStart(now);
    const active = (await this.repo.active(wsId)).filter((r) => r.kind === 'code_cap' && r.contact_way_id === code.id);
    const ended: MemberOffline[] = [];
    for (const row of active) {
      const cap = caps.get(row.userid) ?? 0;
      const n = await this.deps.contactWays.countCodeAdds(code.id, row.userid, today);
      if (cap === 0 || n < cap) {
        if (await this.repo.endOffline(row, now, '每日上限已调整，恢复接待', null)) ended.push(row);
      }
    }
    if (ended.length) await this.reconcileFor(wsId, ended);
    for (const [userid, cap] of caps) {
      if (cap > 0 && changed.has(userid)) await this.afterAddCapOnly(wsId, code, userid, cap, now);
    }
  }

  private async afterAddCapOnly(wsId: number, code: ContactWay, userid: string, cap: number, now: number) {
    const n = await this.deps.contactWays.countCodeAdds(code.id, userid, dayStart(now));
    if (n < cap) return;
    await this.offline(wsId, {
      userid,
      contactWayId: code.id,
      kind: 'code_cap',
      // A new period key: the cap was lowered after a restore today, so it may take effect again.
      period: `D:${dayKey(now)}:${cap}`,
      reason: `今日已通过「${code.name}」添加 ${n} 位客户，达到每日上限 ${cap} 人`,
      planId: null,
      until: dayStart(now) + DAY_MS,
    });
  }
}
