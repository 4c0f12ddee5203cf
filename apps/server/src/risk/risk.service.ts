// 风控: cron plans (定时上下线) and member limit plans (成员加好友上限) — validation, storage and what the
// pages show about them — and the record of every switch with its one-click restore. The engine
// (risk-engine.ts) does the switching; after each change of a plan it is released and applied again at
// once, so an operator sees the effect without waiting for the minute tick.
import { nextScheduleChange, withinSchedule, type WeeklySchedule } from '@scrm/contracts/china-time';
import {
  LIMIT_PLAN_KINDS,
  type CronPlan,
  type CronPlanInput,
  type CronPlanList,
  type CronPlanUpdateBody,
  type LimitPlan,
  type LimitPlanInput,
  type LimitPlanList,
  type LimitPlanUpdateBody,
  type PlanListBody,
  type PlanMember,
  type RiskKind,
  type RiskRecord,
  type RiskRecordList,
  type RiskRecordListBody,
} from '@scrm/contracts/risk';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import type { ContactWayService } from '../contact-way/contact-way.service.js';
import { parseJsonColumn } from '../db/database.js';
import type { OfflineKind } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { RiskEngine } from './risk-engine.js';
import type { CronPlanRow, LimitPlanRow, MemberOffline, RecordRow, RecordQuery, RiskRepository } from './risk.repository.js';

const cronNotFound = () => new AppError(404, '定时上下线计划不存在');
const limitNotFound = () => new AppError(404, '加好友上限计划不存在');
const ALL_CODES = '全部活码';
const CRON_KINDS: readonly OfflineKind[] = ['cron'];

export class RiskService {
  constructor(
    private readonly deps: {
      repo: RiskRepository;
      engine: RiskEngine;
      contactWays: ContactWayService;
      clock: Clock;
    },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  private get now() {
    return this.deps.clock.now();
  }

  /** Members of plans with names, avatars and whether the plan holds each offline now. */
  private async planMembers(ws: WorkSpace, userids: string[], offline: MemberOffline[]): Promise<PlanMember[]> {
    const info = await this.deps.contactWays.repo.memberInfo(ws.id, userids);
    const held = new Set(offline.map((o) => o.userid));
    return userids.map((u) => ({ userid: u, name: info.get(u)?.name ?? u, avatar: info.get(u)?.avatar ?? '', offline: held.has(u) }));
  }

  private checkName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(400, '请填写计划名称');
    return trimmed;
  }

  // ---------------------------------------------------------------- cron plans (定时上下线)

  async cronList(ws: WorkSpace, body: PlanListBody): Promise<CronPlanList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([this.repo.cronPlans(ws.id, { keyword: body.keyword, offset, limit }), this.repo.countCronPlans(ws.id, body.keyword)]);
    return { list: await this.presentCron(ws, rows), total };
  }

  async cronInfo(ws: WorkSpace, id: number): Promise<CronPlan> {
    return (await this.presentCron(ws, [await this.findCron(ws, id)]))[0]!;
  }

  private async findCron(ws: WorkSpace, id: number): Promise<CronPlanRow> {
    const row = await this.repo.findCronPlan(ws.id, id);
    if (!row) throw cronNotFound();
    return row;
  }

  private async presentCron(ws: WorkSpace, rows: CronPlanRow[]): Promise<CronPlan[]> {
    if (!rows.length) return [];
    const now = this.now;
    const offline = await this.repo.activeOfPlans(ws.id, rows.map((r) => r.id), CRON_KINDS);
    const userids = rows.flatMap((r) => parseJsonColumn<string[]>(r.userids, []));
    const members = new Map((await this.planMembers(ws, [...new Set(userids)], [])).map((m) => [m.userid, m]));
    return rows.map((r) => {
      const schedule = parseJsonColumn<WeeklySchedule>(r.schedule, []);
      const held = new Set(offline.filter((o) => o.plan_id === r.id).map((o) => o.userid));
      const enabled = r.enabled === 1;
      return {
        id: r.id,
        name: r.name,
        members: parseJsonColumn<string[]>(r.userids, []).map((u) => ({ ...members.get(u)!, offline: held.has(u) })),
        schedule,
        enabled,
        // A disabled plan holds nobody: its members are online as far as it goes.
        onlineNow: !enabled || withinSchedule(schedule, now),
        nextChangeAt: enabled ? nextScheduleChange(schedule, now) : null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  private async checkCron(ws: WorkSpace, input: CronPlanInput, selfId = 0): Promise<string> {
    const name = this.checkName(input.name);
    await this.deps.contactWays.checkMembers(ws.id, input.userids);
    if (!input.schedule.length) throw new AppError(400, '请至少设置一个上线时间段');
    this.deps.contactWays.checkSchedule(input.schedule);
    // Two plans on one member would leave them online only where both overlap: one plan per member.
    const chosen = new Set(input.userids);
    for (const other of await this.repo.cronPlans(ws.id)) {
      if (other.id === selfId) continue;
      const clash = parseJsonColumn<string[]>(other.userids, []).find((u) => chosen.has(u));
      if (clash) {
        const who = (await this.deps.contactWays.repo.memberInfo(ws.id, [clash])).get(clash)?.name ?? clash;
        throw new AppError(400, `成员「${who}」已在定时上下线计划「${other.name}」中，一位成员只能加入一个定时计划`);
      }
    }
    return name;
  }

  private cronFields(input: CronPlanInput, name: string) {
    return { name, userids: JSON.stringify(input.userids), schedule: JSON.stringify(input.schedule), enabled: input.enabled ? 1 : 0 };
  }

  async cronAdd(ws: WorkSpace, input: CronPlanInput): Promise<CronPlan> {
    const name = await this.checkCron(ws, input);
    const now = this.now;
    const id = await this.repo.insertCronPlan({ work_space_id: ws.id, ...this.cronFields(input, name), created_at: now, updated_at: now, deleted_at: null });
    await this.deps.engine.applyCronPlan(ws.id, id);
    return this.cronInfo(ws, id);
  }

  async cronUpdate(ws: WorkSpace, body: CronPlanUpdateBody): Promise<CronPlan> {
    const row = await this.findCron(ws, body.id);
    const name = await this.checkCron(ws, body, body.id);
    // What the old version held ends, then the new one applies at once (a tick in between finds the
    // old version's periods taken and does nothing).
    await this.deps.engine.releasePlan(ws.id, body.id, [...CRON_KINDS]);
    await this.repo.updateCronPlan(body.id, { ...this.cronFields(body, name), updated_at: this.nextVersion(row) });
    await this.deps.engine.applyCronPlan(ws.id, body.id);
    return this.cronInfo(ws, body.id);
  }

  async cronDelete(ws: WorkSpace, id: number): Promise<void> {
    await this.findCron(ws, id);
    await this.repo.updateCronPlan(id, { deleted_at: this.now, enabled: 0 });
    await this.deps.engine.releasePlan(ws.id, id, [...CRON_KINDS]);
  }

  /** A plan's new version time: later than the last, so the engine's period keys change with each save. */
  private nextVersion(row: { updated_at: number }): number {
    return Math.max(this.now, row.updated_at + 1);
  }

  // ---------------------------------------------------------------- member limit plans (成员加好友上限)

  async limitList(ws: WorkSpace, body: PlanListBody): Promise<LimitPlanList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([this.repo.limitPlans(ws.id, { keyword: body.keyword, offset, limit }), this.repo.countLimitPlans(ws.id, body.keyword)]);
    return { list: await this.presentLimit(ws, rows), total };
  }

  async limitInfo(ws: WorkSpace, id: number): Promise<LimitPlan> {
    return (await this.presentLimit(ws, [await this.findLimit(ws, id)]))[0]!;
  }

  private async findLimit(ws: WorkSpace, id: number): Promise<LimitPlanRow> {
    const row = await this.repo.findLimitPlan(ws.id, id);
    if (!row) throw limitNotFound();
    return row;
  }

  private async presentLimit(ws: WorkSpace, rows: LimitPlanRow[]): Promise<LimitPlan[]> {
    if (!rows.length) return [];
    const offline = await this.repo.activeOfPlans(ws.id, rows.map((r) => r.id), LIMIT_PLAN_KINDS);
    const userids = rows.flatMap((r) => parseJsonColumn<string[]>(r.userids, []));
    const members = new Map((await this.planMembers(ws, [...new Set(userids)], [])).map((m) => [m.userid, m]));
    return rows.map((r) => {
      const held = new Set(offline.filter((o) => o.plan_id === r.id).map((o) => o.userid));
      return {
        id: r.id,
        name: r.name,
        members: parseJsonColumn<string[]>(r.userids, []).map((u) => ({ ...members.get(u)!, offline: held.has(u) })),
        dailyCap: r.daily_cap,
        hourlyCap: r.hourly_cap,
        burst: r.burst_count > 0 && r.burst_minutes > 0 ? { count: r.burst_count, minutes: r.burst_minutes } : null,
        deleteRate: r.delete_percent > 0 ? { percent: r.delete_percent, minAdds: r.delete_min } : null,
        enabled: r.enabled === 1,
        offlineNow: held.size,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  private async checkLimit(ws: WorkSpace, input: LimitPlanInput): Promise<string> {
    const name = this.checkName(input.name);
    if (input.userids.length) await this.deps.contactWays.checkMembers(ws.id, input.userids);
    if (!input.dailyCap && !input.hourlyCap && !input.burst && !input.deleteRate) throw new AppError(400, '请至少设置一项规则');
    if (input.dailyCap && input.hourlyCap > input.dailyCap) throw new AppError(400, '每小时上限不能大于每日上限');
    return name;
  }

  private limitFields(input: LimitPlanInput, name: string) {
    return {
      name,
      userids: JSON.stringify(input.userids),
      daily_cap: input.dailyCap,
      hourly_cap: input.hourlyCap,
      burst_count: input.burst?.count ?? 0,
      burst_minutes: input.burst?.minutes ?? 0,
      delete_percent: input.deleteRate?.percent ?? 0,
      delete_min: input.deleteRate?.minAdds ?? 0,
      enabled: input.enabled ? 1 : 0,
    };
  }

  async limitAdd(ws: WorkSpace, input: LimitPlanInput): Promise<LimitPlan> {
    const name = await this.checkLimit(ws, input);
    const now = this.now;
    const id = await this.repo.insertLimitPlan({ work_space_id: ws.id, ...this.limitFields(input, name), created_at: now, updated_at: now, deleted_at: null });
    // Members already at a cap today (or this hour) go offline now, not at their next add.
    await this.deps.engine.applyLimitPlan(ws.id, id);
    return this.limitInfo(ws, id);
  }

  async limitUpdate(ws: WorkSpace, body: LimitPlanUpdateBody): Promise<LimitPlan> {
    const row = await this.findLimit(ws, body.id);
    const name = await this.checkLimit(ws, body);
    await this.deps.engine.releasePlan(ws.id, body.id, [...LIMIT_PLAN_KINDS]);
    await this.repo.updateLimitPlan(body.id, { ...this.limitFields(body, name), updated_at: this.nextVersion(row) });
    await this.deps.engine.applyLimitPlan(ws.id, body.id);
    return this.limitInfo(ws, body.id);
  }

  async limitDelete(ws: WorkSpace, id: number): Promise<void> {
    await this.findLimit(ws, id);
    await this.repo.updateLimitPlan(id, { deleted_at: this.now, enabled: 0 });
    await this.deps.engine.releasePlan(ws.id, id, [...LIMIT_PLAN_KINDS]);
  }

  // ---------------------------------------------------------------- records

  async records(ws: WorkSpace, body: RiskRecordListBody): Promise<RiskRecordList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    // Plan ids of the two kinds of plan overlap: a plan's records are its id within its kinds.
    let kinds: readonly RiskKind[] | undefined = body.kind ? [body.kind] : undefined;
    const within = (allowed: readonly RiskKind[]) => (kinds ?? allowed).filter((k) => allowed.includes(k));
    if (body.cronPlanId !== undefined) kinds = within(CRON_KINDS);
    if (body.limitPlanId !== undefined) kinds = within(LIMIT_PLAN_KINDS);
    const planId = body.cronPlanId ?? body.limitPlanId;
    if ((kinds && !kinds.length) || (body.cronPlanId !== undefined && body.limitPlanId !== undefined)) return { list: [], total: 0 };
    const q: RecordQuery = { userid: body.userid || undefined, kinds: kinds as OfflineKind[] | undefined, action: body.action, active: body.active, planId };
    const [rows, total] = await Promise.all([this.repo.records(ws.id, q, offset, limit), this.repo.countRecords(ws.id, q)]);
    return { list: await this.presentRecords(ws, rows), total };
  }

  private async presentRecords(ws: WorkSpace, rows: RecordRow[]): Promise<RiskRecord[]> {
    if (!rows.length) return [];
    const [members, codes, operators] = await Promise.all([
      this.deps.contactWays.repo.memberInfo(ws.id, rows.map((r) => r.userid)),
      this.repo.codeNames(ws.id, [...new Set(rows.map((r) => r.contact_way_id).filter(Boolean))]),
      this.repo.operatorNames([...new Set(rows.map((r) => r.operator_id).filter((id): id is number => id !== null))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      userid: r.userid,
      memberName: members.get(r.userid)?.name ?? r.userid,
      memberAvatar: members.get(r.userid)?.avatar ?? '',
      contactWayId: r.contact_way_id || null,
      codeName: r.contact_way_id ? (codes.get(r.contact_way_id) ?? '（已删除的活码）') : ALL_CODES,
      kind: r.kind as RiskKind,
      action: r.action,
      reason: r.reason,
      auto: r.auto === 1,
      operator: r.operator_id !== null ? (operators.get(r.operator_id) ?? '') : '',
      restorable: r.action === 'offline' && r.in_force === 1,
      createdAt: r.created_at,
    }));
  }

  /** One-click restore: the member is back online (on that code for a code's cap) until the period turns. */
  async restore(ws: WorkSpace, caller: AuthContext, id: number): Promise<RiskRecord> {
    const record = await this.repo.findRecord(ws.id, id);
    if (!record) throw new AppError(404, '风控记录不存在');
    if (!record.offline_id || !(await this.deps.engine.restore(ws.id, id, caller.accountId))) throw new AppError(409, '该记录已恢复或已自动上线');
    const online = await this.repo.onlineRecordOf(record.offline_id);
    return (await this.presentRecords(ws, [{ ...online!, in_force: 0 }]))[0]!;
  }
}
