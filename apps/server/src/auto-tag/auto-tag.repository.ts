// SQL of auto-tag rules and their records: the relations a rule's condition matches (in keyset pages
// over follow_relation's key, so a run over 100,000 customers reads each relation once), the claim that
// keeps a rule's tags to one marking per relation, and the tags written with follow_tag in one transaction.
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { AutoTagCondition } from '@scrm/contracts/auto-tag';
import { CHINA_OFFSET_MS, minutesOf } from '@scrm/contracts/china-time';
import { parseKeys, type Database } from '../db/database.js';
import { relKey, relationIn } from '../db/relation-pairs.js';
import { statement, statementsByShape } from '../db/statement.js';
import type { AutoTagRecordTable, AutoTagRuleTable, DB } from '../db/tables.js';
import { setFollowTags } from '../sync/follow-tag.repository.js';

export type AutoTagRuleRow = Selectable<AutoTagRuleTable>;
export type AutoTagRecordRow = Selectable<AutoTagRecordTable>;

/** Asked on every add and every customer re-read: a statement built once for each number of kinds asked. */
const enabledOf = statementsByShape((kinds) =>
  statement((db, v: Record<string, string | number>) =>
    db
      .selectFrom('auto_tag_rule')
      .select('id')
      .where('work_space_id', '=', v.wsId as number)
      .where('kind', 'in', Array.from({ length: Number(kinds) }, (_, i) => v[`kind${i}`] as string))
      .where('enabled', '=', 1)
      .limit(1),
  ),
);

/** A live follow relation a rule may tag, with the tags our copy has on it. */
export interface MatchedRelation {
  external_userid: string;
  userid: string;
  tag_ids: string;
}

/** Which relations: one customer's, one group's customers', or all (keyset after a relation). */
export interface MatchScope {
  externalUserid?: string;
  chatId?: string;
  /** With chatId: only customers who joined it at or after this time (epoch ms). */
  joinedSince?: number;
  after?: { externalUserid: string; userid: string };
  limit?: number;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A pending claim older than this was left by a run that died; another may take it. */
const STALE_CLAIM_MS = 60_000;

type Eb = ExpressionBuilder<DB & { f: DB['follow_relation'] }, 'f'>;

export class AutoTagRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  // ---------------------------------------------------------------- rules

  async insertRule(row: Omit<AutoTagRuleRow, 'id'>): Promise<number> {
    const r = await this.db.insertInto('auto_tag_rule').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async updateRule(wsId: number, id: number, set: Partial<Omit<AutoTagRuleRow, 'id' | 'work_space_id'>>): Promise<void> {
    await this.db.updateTable('auto_tag_rule').set(set).where('work_space_id', '=', wsId).where('id', '=', id).execute();
  }

  /** The next run of the rule: counters reset; returns its number. */
  async startRun(wsId: number, id: number, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rule = await trx.selectFrom('auto_tag_rule').select('version').where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirstOrThrow();
      const version = Number(rule.version) + 1;
      await trx
        .updateTable('auto_tag_rule')
        .set({
          version,
          run_status: 'running',
          run_matched: 0,
          run_done: 0,
          run_failed: 0,
          run_after_external: '',
          run_after_user: '',
          run_started_at: now,
          run_finished_at: null,
          run_error: null,
        })
        .where('id', '=', id)
        .execute();
      return version;
    });
  }

  async deleteRule(wsId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const rule = await trx.selectFrom('auto_tag_rule').select('id').where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
      if (!rule) return false;
      await trx.deleteFrom('auto_tag_record').where('rule_id', '=', id).execute();
      await trx.deleteFrom('auto_tag_rule').where('id', '=', id).execute();
      return true;
    });
  }

  findRule(wsId: number, id: number): Promise<AutoTagRuleRow | undefined> {
    return this.db.selectFrom('auto_tag_rule').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  /** A rule by id whatever its work space (jobs carry the rule id). */
  findRuleById(id: number): Promise<AutoTagRuleRow | undefined> {
    return this.db.selectFrom('auto_tag_rule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listRules(wsId: number, q: { keyword?: string; kind?: string; offset: number; limit: number }) {
    let query = this.db.selectFrom('auto_tag_rule').where('work_space_id', '=', wsId);
    const keyword = q.keyword?.trim();
    if (keyword) query = query.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    if (q.kind) query = query.where('kind', '=', q.kind);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  enabledRules(wsId: number, kinds: string[]): Promise<AutoTagRuleRow[]> {
    return this.db
      .selectFrom('auto_tag_rule')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('kind', 'in', kinds)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
  }

  async hasEnabled(wsId: number, kinds: string[]): Promise<boolean> {
    if (!kinds.length) return false;
    const values: Record<string, string | number> = { wsId };
    kinds.forEach((kind, i) => (values[`kind${i}`] = kind));
    return (await enabledOf(String(kinds.length)).first(this.db, values)) !== undefined;
  }

  /** Relations tagged (done) per rule, and when last. */
  async taggedCounts(ruleIds: number[]): Promise<Map<number, { tagged: number; lastAt: number | null }>> {
    const out = new Map<number, { tagged: number; lastAt: number | null }>();
    if (!ruleIds.length) return out;
    const rows = await this.db
      .selectFrom('auto_tag_record')
      .select((eb) => ['rule_id', eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
      .where('rule_id', 'in', ruleIds)
      .where('status', '=', 'done')
      .groupBy('rule_id')
      .execute();
    for (const r of rows) out.set(Number(r.rule_id), { tagged: Number(r.n), lastAt: r.last === null ? null : Number(r.last) });
    return out;
  }

  // ---------------------------------------------------------------- names of what rules refer to

  async tagNames(wsId: number, ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!ids.length) return out;
    const rows = await this.db.selectFrom('corp_tag').select(['id', 'name']).where('work_space_id', '=', wsId).where('id', 'in', [...new Set(ids)]).execute();
    for (const r of rows) out.set(r.id, r.name);
    return out;
  }

  /** Channel and staff codes (not deleted) by id: name and state. */
  async codes(wsId: number, ids: number[]): Promise<Map<number, { name: string; state: string; deleted: boolean }>> {
    const out = new Map<number, { name: string; state: string; deleted: boolean }>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('contact_way')
      .select(['id', 'name', 'state', 'deleted_at'])
      .where('work_space_id', '=', wsId)
      .where('id', 'in', [...new Set(ids)])
      .where('kind', 'in', ['channel', 'staff'])
      .execute();
    for (const r of rows) out.set(Number(r.id), { name: r.name, state: r.state, deleted: r.deleted_at !== null });
    return out;
  }

  async groupNames(wsId: number, chatIds: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!chatIds.length) return out;
    const rows = await this.db.selectFrom('group_chat').select(['chat_id', 'name']).where('work_space_id', '=', wsId).where('chat_id', 'in', [...new Set(chatIds)]).execute();
    for (const r of rows) out.set(r.chat_id, r.name);
    return out;
  }

  /** Customer groups whose name has `keyword`, for the edit page's picker. */
  groupOptions(wsId: number, keyword: string, limit: number) {
    let groups = this.db.selectFrom('group_chat').select(['chat_id', 'name', 'member_count']).where('work_space_id', '=', wsId);
    if (keyword) groups = groups.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    return groups.orderBy('name').orderBy('chat_id').limit(limit).execute();
  }

  // ---------------------------------------------------------------- matching relations

  /** The condition as SQL over follow_relation `f` (live relations only; `states` resolved from the codes). */
  private condition(eb: Eb, c: AutoTagCondition, states: string[]): Expression<SqlBool> {
    switch (c.kind) {
      case 'source':
        return states.length ? eb('f.state', 'in', states) : sql<SqlBool>`1 = 0`;
      case 'time': {
        const local = sql`(f.createtime + ${sql.lit(CHINA_OFFSET_MS)})`;
        const weekday = sql`((${local} / 86400000 + 3) % 7 + 1)`;
        const minute = sql`((${local} / 60000) % 1440)`;
        return eb.and([
          eb('f.createtime', '>', 0),
          eb.or(
            c.rules.map(
              (r) =>
                sql<SqlBool>`(${weekday} in (${sql.join(r.weekdays.map((d) => sql.lit(d)))}) and ${minute} >= ${sql.lit(minutesOf(r.start))} and ${minute} < ${sql.lit(minutesOf(r.end))})`,
            ),
          ),
        ]);
      }
      case 'keyword': {
        const cols = c.fields.map((f) => (f === 'name' ? 'c.name' : f === 'remark' ? 'f.remark' : 'f.description'));
        const ors: Expression<SqlBool>[] = [];
        for (const kw of c.keywords) for (const col of cols) ors.push(sql<SqlBool>`${sql.ref(col)} like ${escapeLike(kw)} escape '\\'`);
        return eb.or(ors);
      }
      case 'group':
        return eb.exists(
          eb
            .selectFrom('group_member as gm')
            .select(sql.lit(1).as('one'))
            .whereRef('gm.work_space_id', '=', 'f.work_space_id')
            .whereRef('gm.member_id', '=', 'f.external_userid')
            .where('gm.type', '=', 2)
            .where('gm.left_at', 'is', null)
            .where('gm.chat_id', 'in', c.chatIds),
        );
    }
  }

  private matchQuery(wsId: number, c: AutoTagCondition, states: string[], scope: MatchScope) {
    let q = this.db
      .selectFrom('follow_relation as f')
      .where('f.work_space_id', '=', wsId)
      .where('f.deleted_at', 'is', null)
      .where('f.deleted_by_customer_at', 'is', null);
    if (c.kind === 'keyword' && c.fields.includes('name'))
      q = q.leftJoin('customer as c', (j) => j.onRef('c.work_space_id', '=', 'f.work_space_id').onRef('c.external_userid', '=', 'f.external_userid')) as typeof q;
    if (scope.externalUserid) q = q.where('f.external_userid', '=', scope.externalUserid);
    if (scope.chatId) {
      const chatId = scope.chatId;
      const since = scope.joinedSince ?? 0;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('group_member as g2')
            .select(sql.lit(1).as('one'))
            .whereRef('g2.work_space_id', '=', 'f.work_space_id')
            .whereRef('g2.member_id', '=', 'f.external_userid')
            .where('g2.chat_id', '=', chatId)
            .where('g2.join_time', '>=', since)
            .where('g2.left_at', 'is', null),
        ),
      );
    }
    return q.where((eb) => this.condition(eb as unknown as Eb, c, states));
  }

  /** A page of matching relations in key order (external_userid, userid), after `scope.after`. */
  matching(wsId: number, c: AutoTagCondition, states: string[], scope: MatchScope): Promise<MatchedRelation[]> {
    let q = this.matchQuery(wsId, c, states, scope).select(['f.external_userid', 'f.userid', 'f.tag_ids']);
    const after = scope.after;
    if (after)
      q = q.where((eb) =>
        eb.or([eb('f.external_userid', '>', after.externalUserid), eb.and([eb('f.external_userid', '=', after.externalUserid), eb('f.userid', '>', after.userid)])]),
      );
    return q.orderBy('f.external_userid').orderBy('f.userid').limit(scope.limit ?? 200).execute();
  }

  async countMatching(wsId: number, c: AutoTagCondition, states: string[]): Promise<number> {
    const r = await this.matchQuery(wsId, c, states, {})
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Our copy of one relation (undefined before the first re-read after an add). */
  relation(wsId: number, externalUserid: string, userid: string): Promise<MatchedRelation | undefined> {
    return this.db
      .selectFrom('follow_relation')
      .select(['external_userid', 'userid', 'tag_ids'])
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('userid', '=', userid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  // ---------------------------------------------------------------- records: once per rule and relation

  /**
   * Takes the relations for the rule (one statement for the new ones): a new record, or one whose earlier
   * try failed, was left pending by a run that died, or did not carry all of `tagIds` (the rule's tags
   * grew). Returns the record id of each relation taken, by `externalUserid\u0000userid`; the others are
   * done already or held by another run.
   */
  async claim(wsId: number, ruleId: number, rels: Array<{ externalUserid: string; userid: string }>, tagIds: string[], source: string, now: number): Promise<Map<string, number>> {
    const taken = new Map<string, number>();
    if (!rels.length) return taken;
    const fresh = await this.db
      .insertInto('auto_tag_record')
      .values(rels.map((r) => ({ work_space_id: wsId, rule_id: ruleId, external_userid: r.externalUserid, userid: r.userid, tag_ids: '[]', source, status: 'pending', error: null, at: now })))
      .onConflict((oc) => oc.columns(['rule_id', 'external_userid', 'userid']).doNothing())
      .returning(['id', 'external_userid', 'userid'])
      .execute();
    for (const r of fresh) taken.set(relKey(r.external_userid, r.userid), Number(r.id));
    const rest = rels.filter((r) => !taken.has(relKey(r.externalUserid, r.userid)));
    if (!rest.length) return taken;
    const old = await this.db
      .selectFrom('auto_tag_record')
      .select(['id', 'external_userid', 'userid', 'status', 'tag_ids', 'at'])
      .where('rule_id', '=', ruleId)
      .where(relationIn(this.db, rest))
      .execute();
    for (const o of old) {
      const covered = new Set(parseKeys(o.tag_ids));
      const retake =
        o.status === 'failed' ||
        (o.status === 'pending' && Number(o.at) < now - STALE_CLAIM_MS) ||
        ((o.status === 'done' || o.status === 'already') && tagIds.some((t) => !covered.has(t)));
      if (!retake) continue;
      const r = await this.db
        .updateTable('auto_tag_record')
        .set({ status: 'pending', source, at: now, error: null })
        .where('id', '=', o.id)
        .where('status', '=', o.status)
        .where('at', '=', o.at)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) taken.set(relKey(o.external_userid, o.userid), Number(o.id));
    }
    return taken;
  }

  async release(recordIds: number[]): Promise<void> {
    if (!recordIds.length) return;
    await this.db.deleteFrom('auto_tag_record').where('id', 'in', recordIds).where('status', '=', 'pending').execute();
  }

  /**
   * What came of a batch, in one transaction: the tags WeCom now has on our copy of each tagged relation
   * (with follow_tag), and every record's outcome. Returns the tagged relations we had a copy of.
   */
  async settle(
    wsId: number,
    outcomes: Array<{ recordId: number; externalUserid: string; userid: string; status: 'done' | 'already' | 'failed'; tagIds: string[]; error: string | null }>,
    now: number,
  ): Promise<void> {
    if (!outcomes.length) return;
    await this.db.transaction().execute(async (trx) => {
      const tagged = outcomes.filter((o) => o.status === 'done');
      if (tagged.length) {
        const rows = await trx
          .selectFrom('follow_relation')
          .select(['external_userid', 'userid', 'tag_ids'])
          .where('work_space_id', '=', wsId)
          .where(relationIn(trx, tagged))
          .execute();
        const wanted = new Map(tagged.map((o) => [relKey(o.externalUserid, o.userid), o.tagIds]));
        const follows = rows.map((r) => ({
          external_userid: r.external_userid,
          userid: r.userid,
          tag_ids: JSON.stringify([...new Set([...parseKeys(r.tag_ids), ...(wanted.get(relKey(r.external_userid, r.userid)) ?? [])])]),
        }));
        await setFollowTags(trx, wsId, follows);
      }
      // Records with the same outcome in one statement each.
      const groups = new Map<string, number[]>();
      for (const o of outcomes) {
        const key = JSON.stringify([o.status, o.tagIds, o.error?.slice(0, 500) ?? null]);
        groups.set(key, [...(groups.get(key) ?? []), o.recordId]);
      }
      for (const [key, ids] of groups) {
        const [status, tagIds, error] = JSON.parse(key) as [string, string[], string | null];
        await trx.updateTable('auto_tag_record').set({ status, tag_ids: JSON.stringify(tagIds), error, at: now }).where('id', 'in', ids).execute();
      }
    });
  }

  async records(ruleId: number, q: { source?: string; offset: number; limit: number }) {
    let query = this.db.selectFrom('auto_tag_record as r').where('r.rule_id', '=', ruleId).where('r.status', '!=', 'pending');
    if (q.source) query = query.where('r.source', '=', q.source);
    const [rows, total] = await Promise.all([
      query
        .leftJoin('customer as c', (j) => j.onRef('c.work_space_id', '=', 'r.work_space_id').onRef('c.external_userid', '=', 'r.external_userid'))
        .leftJoin('member as m', (j) => j.onRef('m.work_space_id', '=', 'r.work_space_id').onRef('m.userid', '=', 'r.userid'))
        .select(['r.id', 'r.external_userid', 'r.userid', 'r.tag_ids', 'r.source', 'r.status', 'r.error', 'r.at', 'c.name as customer_name', 'm.name as member_name'])
        .orderBy('r.at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  // ---------------------------------------------------------------- the retroactive run's progress

  /** Adds a page's counts and moves the keyset position, if the run is still this one. */
  async runProgress(
    id: number,
    version: number,
    p: { matched?: number; done: number; failed: number; after?: { externalUserid: string; userid: string } },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('auto_tag_rule')
      .set((eb) => ({
        ...(p.matched !== undefined ? { run_matched: p.matched } : {}),
        run_done: eb('run_done', '+', p.done),
        run_failed: eb('run_failed', '+', p.failed),
        ...(p.after ? { run_after_external: p.after.externalUserid, run_after_user: p.after.userid } : {}),
      }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async runFinished(id: number, version: number, status: 'done' | 'failed', error: string | null, now: number): Promise<void> {
    await this.db
      .updateTable('auto_tag_rule')
      .set({ run_status: status, run_error: error?.slice(0, 500) ?? null, run_finished_at: now })
      .where('id', '=', id)
      .where('version', '=', version)
      .execute();
  }
}
