// SQL of risk control: the offline states of members (member_offline), the record of every automatic
// and manual switch (risk_record), the plans, and the notifications they raise.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import { statement } from '../db/statement.js';
import type { CronPlanTable, LimitPlanTable, MemberOfflineTable, OfflineKind, RiskRecordTable } from '../db/tables.js';
import { escapeLike } from '../contact-way/contact-way.repository.js';

/** Read on every add (db/statement.ts). */
const enabledLimitPlans = statement((db, v: { wsId: number }) =>
  db.selectFrom('limit_plan').selectAll().where('work_space_id', '=', v.wsId).where('enabled', '=', 1).where('deleted_at', 'is', null),
);

export type MemberOffline = Selectable<MemberOfflineTable>;
export type RiskRecordRow = Selectable<RiskRecordTable>;
export type CronPlanRow = Selectable<CronPlanTable>;
export type LimitPlanRow = Selectable<LimitPlanTable>;

export interface PlanQuery {
  keyword?: string;
  offset: number;
  limit: number;
}

export interface RecordQuery {
  userid?: string;
  kinds?: OfflineKind[];
  action?: 'offline' | 'online';
  /** Only offline records whose state is still in force. */
  active?: boolean;
  planId?: number;
}

/** A record with whether the offline it belongs to is still in force. */
export type RecordRow = RiskRecordRow & { in_force: number };

export interface NewOffline {
  workSpaceId: number;
  userid: string;
  contactWayId: number;
  kind: OfflineKind;
  period: string;
  reason: string;
  planId: number | null;
  until: number | null;
}

export class RiskRepository {
  constructor(private readonly database: Database) {}

  get db() {
    return this.database.kysely;
  }

  /**
   * Takes a member offline once per (member, scope, kind, period), with its record, in one transaction.
   * Returns the new state, or null when that period already had one (active or restored).
   */
  async startOffline(o: NewOffline, now: number): Promise<MemberOffline | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('member_offline')
        .values({
          work_space_id: o.workSpaceId,
          userid: o.userid,
          contact_way_id: o.contactWayId,
          kind: o.kind,
          period: o.period,
          reason: o.reason.slice(0, 255),
          plan_id: o.planId,
          started_at: now,
          until: o.until,
          ended_at: null,
          ended_by: null,
        })
        .onConflict((oc) => oc.columns(['work_space_id', 'userid', 'contact_way_id', 'kind', 'period']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await trx
        .insertInto('risk_record')
        .values({
          work_space_id: o.workSpaceId,
          userid: o.userid,
          contact_way_id: o.contactWayId,
          kind: o.kind,
          action: 'offline',
          reason: o.reason.slice(0, 255),
          offline_id: row.id,
          plan_id: o.planId,
          auto: 1,
          operator_id: null,
          created_at: now,
        })
        .execute();
      return row;
    });
  }

  /** Ends an offline state (by itself when `operatorId` is null) and records the member back online. */
  async endOffline(row: MemberOffline, now: number, reason: string, operatorId: number | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('member_offline')
        .set({ ended_at: now, ended_by: operatorId })
        .where('id', '=', row.id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) return false;
      await trx
        .insertInto('risk_record')
        .values({
          work_space_id: row.work_space_id,
          userid: row.userid,
          contact_way_id: row.contact_way_id,
          kind: row.kind,
          action: 'online',
          reason: reason.slice(0, 255),
          offline_id: row.id,
          plan_id: row.plan_id,
          auto: operatorId === null ? 1 : 0,
          operator_id: operatorId,
          created_at: now,
        })
        .execute();
      return true;
    });
  }

  /** Offline states in force in a work space (optionally of some members). */
  active(wsId: number, userids?: string[]): Promise<MemberOffline[]> {
    let q = this.db.selectFrom('member_offline').selectAll().where('work_space_id', '=', wsId).where('ended_at', 'is', null);
    if (userids) {
      if (!userids.length) return Promise.resolve([]);
      q = q.where('userid', 'in', userids);
    }
    return q.execute();
  }

  /** States whose time is up, everywhere. */
  due(now: number): Promise<MemberOffline[]> {
    return this.db
      .selectFrom('member_offline')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('until', 'is not', null)
      .where('until', '<=', now)
      .execute();
  }

  activeOfPlan(planId: number, kind: OfflineKind): Promise<MemberOffline[]> {
    return this.db.selectFrom('member_offline').selectAll().where('plan_id', '=', planId).where('kind', '=', kind).where('ended_at', 'is', null).execute();
  }

  findOffline(id: number): Promise<MemberOffline | undefined> {
    return this.db.selectFrom('member_offline').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findRecord(wsId: number, id: number): Promise<RiskRecordRow | undefined> {
    return this.db.selectFrom('risk_record').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  // ---------------------------------------------------------------- plans

  /** Enabled cron plans of every work space (the minute tick walks them). */
  enabledCronPlans(): Promise<CronPlanRow[]> {
    return this.db.selectFrom('cron_plan').selectAll().where('enabled', '=', 1).where('deleted_at', 'is', null).execute();
  }

  /** Enabled limit plans of a work space that cover a member (their userids list it, or is empty = everyone). */
  async limitPlansFor(wsId: number, userid: string): Promise<LimitPlanRow[]> {
    const rows = await enabledLimitPlans.rows(this.db, { wsId });
    return rows.filter((p) => {
      const ids = JSON.parse(p.userids) as string[];
      return !ids.length || ids.includes(userid);
    });
  }

  async insertCronPlan(values: Insertable<CronPlanTable>): Promise<number> {
    return (await this.db.insertInto('cron_plan').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  async insertLimitPlan(values: Insertable<LimitPlanTable>): Promise<number> {
    return (await this.db.insertInto('limit_plan').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  /**
   * Members a plan holds offline right now, per plan. Cron and limit plans number their ids apart, so
   * `kinds` names which plans these are.
   */
  async activeCountByPlan(planIds: number[], kinds?: readonly OfflineKind[]): Promise<Map<number, number>> {
    if (!planIds.length) return new Map();
    let q = this.db
      .selectFrom('member_offline')
      .select((eb) => ['plan_id', eb.fn.count<number>(sql`distinct userid`).as('n')])
      .where('plan_id', 'in', planIds)
      .where('ended_at', 'is', null);
    if (kinds) q = q.where('kind', 'in', [...kinds]);
    const rows = await q.groupBy('plan_id').execute();
    return new Map(rows.map((r) => [r.plan_id!, Number(r.n)]));
  }

  /** Offline states in force held by these plans (of these kinds). */
  activeOfPlans(wsId: number, planIds: number[], kinds: readonly OfflineKind[]): Promise<MemberOffline[]> {
    if (!planIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('member_offline')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('plan_id', 'in', planIds)
      .where('kind', 'in', [...kinds])
      .where('ended_at', 'is', null)
      .execute();
  }

  findCronPlan(wsId: number, id: number): Promise<CronPlanRow | undefined> {
    return this.db.selectFrom('cron_plan').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  findLimitPlan(wsId: number, id: number): Promise<LimitPlanRow | undefined> {
    return this.db.selectFrom('limit_plan').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Live cron plans of a work space, newest first (a page of them with `q`). */
  cronPlans(wsId: number, q?: PlanQuery): Promise<CronPlanRow[]> {
    let query = this.db.selectFrom('cron_plan').selectAll().where('work_space_id', '=', wsId).where('deleted_at', 'is', null);
    const keyword = q?.keyword?.trim();
    if (keyword) query = query.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    query = query.orderBy('id', 'desc');
    return q ? query.offset(q.offset).limit(q.limit).execute() : query.execute();
  }

  async countCronPlans(wsId: number, keyword?: string): Promise<number> {
    let query = this.db.selectFrom('cron_plan').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', wsId).where('deleted_at', 'is', null);
    if (keyword?.trim()) query = query.where(sql<boolean>`name like ${escapeLike(keyword.trim())} escape '\\'`);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  limitPlans(wsId: number, q: PlanQuery): Promise<LimitPlanRow[]> {
    let query = this.db.selectFrom('limit_plan').selectAll().where('work_space_id', '=', wsId).where('deleted_at', 'is', null);
    const keyword = q.keyword?.trim();
    if (keyword) query = query.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    return query.orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
  }

  async countLimitPlans(wsId: number, keyword?: string): Promise<number> {
    let query = this.db.selectFrom('limit_plan').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', wsId).where('deleted_at', 'is', null);
    if (keyword?.trim()) query = query.where(sql<boolean>`name like ${escapeLike(keyword.trim())} escape '\\'`);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async updateCronPlan(id: number, values: Updateable<CronPlanTable>): Promise<void> {
    await this.db.updateTable('cron_plan').set(values).where('id', '=', id).execute();
  }

  async updateLimitPlan(id: number, values: Updateable<LimitPlanTable>): Promise<void> {
    await this.db.updateTable('limit_plan').set(values).where('id', '=', id).execute();
  }

  /** Members of a work space (of `userids` when given) who added customers since `since`. */
  async membersWithAddsSince(wsId: number, since: number, userids?: string[]): Promise<string[]> {
    if (userids && !userids.length) return [];
    let q = this.db.selectFrom('contact_way_add').select('userid').distinct().where('work_space_id', '=', wsId).where('added_at', '>=', since);
    if (userids) q = q.where('userid', 'in', userids);
    return (await q.execute()).map((r) => r.userid);
  }

  // ---------------------------------------------------------------- records

  private recordQuery(wsId: number, f: RecordQuery) {
    let q = this.db
      .selectFrom('risk_record')
      .leftJoin('member_offline', 'member_offline.id', 'risk_record.offline_id')
      .where('risk_record.work_space_id', '=', wsId);
    if (f.userid) q = q.where('risk_record.userid', '=', f.userid);
    if (f.kinds) q = q.where('risk_record.kind', 'in', f.kinds);
    if (f.action) q = q.where('risk_record.action', '=', f.action);
    if (f.planId !== undefined) q = q.where('risk_record.plan_id', '=', f.planId);
    if (f.active) q = q.where('risk_record.action', '=', 'offline').where('member_offline.id', 'is not', null).where('member_offline.ended_at', 'is', null);
    return q;
  }

  /** Records newest first, each with whether its offline is still in force. */
  async records(wsId: number, f: RecordQuery, offset: number, limit: number): Promise<RecordRow[]> {
    const rows = await this.recordQuery(wsId, f)
      .selectAll('risk_record')
      .select(sql<number>`case when member_offline.id is not null and member_offline.ended_at is null then 1 else 0 end`.as('in_force'))
      .orderBy('risk_record.created_at', 'desc')
      .orderBy('risk_record.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, in_force: Number(r.in_force) }));
  }

  async countRecords(wsId: number, f: RecordQuery): Promise<number> {
    const row = await this.recordQuery(wsId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The newest record of an offline state ending (what a restore wrote). */
  onlineRecordOf(offlineId: number): Promise<RiskRecordRow | undefined> {
    return this.db
      .selectFrom('risk_record')
      .selectAll()
      .where('offline_id', '=', offlineId)
      .where('action', '=', 'online')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Names of codes (deleted ones too: a record outlives its code). */
  async codeNames(wsId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('contact_way').select(['id', 'name']).where('work_space_id', '=', wsId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** How each account is shown as an operator: nickname, else phone, else login name. */
  async operatorNames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('account').select(['id', 'nickname', 'phone', 'account']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.nickname || r.phone || r.account || `账号 ${r.id}`]));
  }
}
