// SQL of 群发: the push, its WeCom tasks and each target's result (docs/push.md). A task's msgid is
// written once (unique); a target is in one task at most (primary key (push_id, target_id)).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import type { PushTable, PushTargetTable, PushTaskTable } from '../db/tables.js';

export type PushRowDb = Selectable<PushTable>;
export type PushTaskRow = Selectable<PushTaskTable>;
export type TargetStatus = PushTargetTable['status'];

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TargetQuery {
  status?: TargetStatus;
  userid?: string;
  keyword?: string;
}

export class PushRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(values: Insertable<PushTable>, enqueue?: (trx: any, id: number) => Promise<unknown>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('push').values(values).returning('id').executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (enqueue) await enqueue(trx, id);
      return id;
    });
  }

  find(wsId: number, id: number) {
    return this.db.selectFrom('push').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom('push').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Changes a push only while it has `status`: false when it has moved on. */
  async update(id: number, status: PushTable['status'], values: Updateable<PushTable>, enqueue?: (trx: any) => Promise<unknown>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('push').set(values).where('id', '=', id).where('status', '=', status).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      if (enqueue) await enqueue(trx);
      return true;
    });
  }

  async set(id: number, values: Updateable<PushTable>): Promise<void> {
    await this.db.updateTable('push').set(values).where('id', '=', id).execute();
  }

  async remove(wsId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('push').where('work_space_id', '=', wsId).where('id', '=', id).where('status', '<>', 'sending').executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      await trx.deleteFrom('push_target').where('push_id', '=', id).execute();
      await trx.deleteFrom('push_task').where('push_id', '=', id).execute();
      return true;
    });
  }

  private listQuery(wsId: number, q: { status?: string; chatType?: string; keyword?: string }) {
    return this.db
      .selectFrom('push')
      .where('push.work_space_id', '=', wsId)
      .$if(q.status !== undefined, (b) => b.where('push.status', '=', q.status as PushTable['status']))
      .$if(q.chatType !== undefined, (b) => b.where('push.chat_type', '=', q.chatType as PushTable['chat_type']))
      .$if(!!q.keyword?.trim(), (b) => b.where(sql<boolean>`push.name like ${like(q.keyword!.trim())} escape '\\'`));
  }

  list(wsId: number, q: { status?: string; chatType?: string; keyword?: string; offset: number; limit: number }) {
    return this.listQuery(wsId, q)
      .leftJoin('account', 'account.id', 'push.created_by')
      .selectAll('push')
      .select(['account.nickname as creator_nickname', 'account.account as creator_account', 'account.phone as creator_phone'])
      .orderBy('push.created_at', 'desc')
      .orderBy('push.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  async count(wsId: number, q: { status?: string; chatType?: string; keyword?: string }): Promise<number> {
    const r = await this.listQuery(wsId, q).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async creatorName(accountId: number): Promise<string> {
    const r = await this.db.selectFrom('account').select(['nickname', 'account', 'phone']).where('id', '=', accountId).executeTakeFirst();
    return r?.nickname || r?.account || r?.phone || '';
  }

  /** Scheduled pushes whose time has come (business time). */
  due(now: number) {
    return this.db.selectFrom('push').select(['id', 'work_space_id']).where('status', '=', 'scheduled').where('send_at', '<=', now).execute();
  }

  /** Pushes whose next tracking read has come. */
  trackDue(now: number) {
    return this.db
      .selectFrom('push')
      .select(['id', 'work_space_id'])
      .where('status', 'in', ['sending', 'cancelled'])
      .where('next_track_at', 'is not', null)
      .where('next_track_at', '<=', now)
      .execute();
  }

  // ---- planning

  /** How many times each customer received a push since `since` (WeCom's monthly cap). */
  async received(wsId: number, ids: string[], since: number): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('push_target')
      .select(['target_id', (eb) => eb.fn.countAll().as('n')])
      .where('work_space_id', '=', wsId)
      .where('target_id', 'in', ids)
      .where('send_time', '>=', since)
      .where('status', '=', 'sent')
      .groupBy('target_id')
      .execute();
    return new Map(rows.map((r) => [r.target_id, Number(r.n)]));
  }

  /** A slice of targets and the plan's cursor after it, in one transaction (a crash resumes after the last slice written). */
  async addTargets(pushId: number, rows: Insertable<PushTargetTable>[], cursor: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('push_target')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['push_id', 'target_id']).doNothing())
          .execute();
      }
      await trx.updateTable('push').set({ plan_cursor: cursor }).where('id', '=', pushId).execute();
    });
  }

  /** Targets not yet in a task (and not left out). */
  private unassigned(pushId: number) {
    return this.db.selectFrom('push_target').where('push_id', '=', pushId).where('task_id', 'is', null).where('status', '=', 'unsent');
  }

  /** The senders with targets not yet in a task. */
  async unassignedSenders(pushId: number): Promise<string[]> {
    const rows = await this.unassigned(pushId).select('userid').distinct().orderBy('userid').execute();
    return rows.map((r) => r.userid);
  }

  /** A sender's targets not yet in a task, in target order. */
  async unassignedOf(pushId: number, userid: string): Promise<string[]> {
    const rows = await this.unassigned(pushId).select('target_id').where('userid', '=', userid).orderBy('target_id').execute();
    return rows.map((r) => r.target_id);
  }

  /** One sender's tasks: each a range of their targets, made with its targets in one transaction. */
  async addTasks(pushId: number, wsId: number, userid: string, ranges: Array<{ first: string; last: string; count: number }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const seq = await trx.selectFrom('push_task').select((eb) => eb.fn.max('seq').as('m')).where('push_id', '=', pushId).where('sender', '=', userid).executeTakeFirst();
      let n = Number(seq?.m ?? 0);
      for (const r of ranges) {
        const task = await trx
          .insertInto('push_task')
          .values({ push_id: pushId, work_space_id: wsId, sender: userid, seq: ++n, targets: r.count, state: 'pending' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('push_target')
          .set({ task_id: Number(task.id) })
          .where('push_id', '=', pushId)
          .where('userid', '=', userid)
          .where('task_id', 'is', null)
          .where('status', '=', 'unsent')
          .where('target_id', '>=', r.first)
          .where('target_id', '<=', r.last)
          .execute();
      }
    });
  }

  // ---- tasks

  tasks(pushId: number) {
    return this.db.selectFrom('push_task').selectAll().where('push_id', '=', pushId).orderBy('sender').orderBy('seq').execute();
  }

  task(id: number) {
    return this.db.selectFrom('push_task').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setTask(id: number, values: Updateable<PushTaskTable>): Promise<void> {
    await this.db.updateTable('push_task').set(values).where('id', '=', id).execute();
  }

  /** The msgids other tasks hold (a found message is adopted only when no task claims it). */
  async claimed(msgids: string[]): Promise<Set<string>> {
    if (!msgids.length) return new Set();
    const rows = await this.db.selectFrom('push_task').select('msgid').where('msgid', 'in', msgids).execute();
    return new Set(rows.map((r) => r.msgid!));
  }

  async taskTargets(taskId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('push_target').select('target_id').where('task_id', '=', taskId).orderBy('target_id').execute();
    return rows.map((r) => r.target_id);
  }

  /** How many of the push's tasks are still to be made. */
  async pendingTasks(pushId: number): Promise<number> {
    const row = await this.db
      .selectFrom('push_task')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('push_id', '=', pushId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The task made at WeCom: its msgid, and the targets WeCom refused, in one transaction. */
  async created(taskId: number, msgid: string, refused: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('push_task').set({ msgid, state: 'created', error: null }).where('id', '=', taskId).execute();
      for (let i = 0; i < refused.length; i += 500)
        await trx.updateTable('push_target').set({ status: 'refused' }).where('task_id', '=', taskId).where('target_id', 'in', refused.slice(i, i + 500)).execute();
    });
  }

  /** WeCom refused the whole task: its targets are refused. */
  async taskFailed(taskId: number, error: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('push_task').set({ state: 'failed', error }).where('id', '=', taskId).execute();
      await trx.updateTable('push_target').set({ status: 'refused' }).where('task_id', '=', taskId).where('status', '=', 'unsent').execute();
    });
  }

  /** The member's results: each target's status and send time, and the task read. */
  async results(taskId: number, memberSendTime: number | null, results: Array<{ targetId: string; status: TargetStatus; sendTime: number | null }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // one statement per result kind and send time (a member's results share one), 500 targets each
      const groups = new Map<string, { status: TargetStatus; sendTime: number | null; ids: string[] }>();
      for (const r of results) {
        if (r.status === 'unsent') continue;
        const key = `${r.status}:${r.sendTime}`;
        const g = groups.get(key) ?? { status: r.status, sendTime: r.sendTime, ids: [] };
        g.ids.push(r.targetId);
        groups.set(key, g);
      }
      for (const g of groups.values())
        for (let i = 0; i < g.ids.length; i += 500)
          await trx.updateTable('push_target').set({ status: g.status, send_time: g.sendTime }).where('task_id', '=', taskId).where('target_id', 'in', g.ids.slice(i, i + 500)).execute();
      await trx.updateTable('push_task').set({ member_status: 2, send_time: memberSendTime, results_read: 1 }).where('id', '=', taskId).execute();
    });
  }

  /** The push's figures, recounted from its targets and tasks. */
  async recount(pushId: number): Promise<void> {
    const rows = await this.db
      .selectFrom('push_target')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .where('push_id', '=', pushId)
      .groupBy('status')
      .execute();
    const n = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<TargetStatus, number>>;
    const members = await this.db
      .selectFrom('push_task')
      .select([sql<number>`count(distinct sender)`.as('all'), sql<number>`count(distinct case when member_status = 2 then sender end)`.as('sent')])
      .where('push_id', '=', pushId)
      .executeTakeFirst();
    const total = Object.values(n).reduce((a, b) => a + (b ?? 0), 0);
    await this.db
      .updateTable('push')
      .set({
        targets: total - (n.over_cap ?? 0),
        sent: n.sent ?? 0,
        unsent: n.unsent ?? 0,
        failed: (n.not_friend ?? 0) + (n.received_other ?? 0) + (n.refused ?? 0),
        over_cap: n.over_cap ?? 0,
        members: Number(members?.all ?? 0),
        members_sent: Number(members?.sent ?? 0),
      })
      .where('id', '=', pushId)
      .execute();
  }

  // ---- the detail's tables

  /** Per member: targets and results. */
  async memberCounts(pushId: number) {
    const rows = await this.db
      .selectFrom('push_target')
      .select(['userid', 'status', (eb) => eb.fn.countAll().as('n')])
      .where('push_id', '=', pushId)
      .groupBy(['userid', 'status'])
      .execute();
    return rows.map((r) => ({ userid: r.userid, status: r.status, n: Number(r.n) }));
  }

  async memberNames(wsId: number, userids: string[]) {
    if (!userids.length) return new Map<string, { name: string; avatar: string }>();
    const rows = await this.db.selectFrom('member').select(['userid', 'name', 'avatar']).where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
    return new Map(rows.map((r) => [r.userid, { name: r.name, avatar: r.avatar }]));
  }

  private targetQuery(push: { id: number; work_space_id: number; chat_type: string }, q: TargetQuery) {
    const wsId = push.work_space_id;
    // the customer's (or group's) name and avatar, read per row of a page
    const name =
      push.chat_type === 'group'
        ? sql<string | null>`(select g.name from group_chat g where g.work_space_id = ${wsId} and g.chat_id = t.target_id)`
        : sql<string | null>`(select c.name from customer c where c.work_space_id = ${wsId} and c.external_userid = t.target_id)`;
    const avatar =
      push.chat_type === 'group' ? sql<string | null>`''` : sql<string | null>`(select c.avatar from customer c where c.work_space_id = ${wsId} and c.external_userid = t.target_id)`;
    const word = q.keyword?.trim();
    return this.db
      .selectFrom('push_target as t')
      .leftJoin('member as m', (j) => j.on('m.work_space_id', '=', wsId).onRef('m.userid', '=', 't.userid'))
      .where('t.push_id', '=', push.id)
      .$if(q.status !== undefined, (b) => b.where('t.status', '=', q.status!))
      .$if(q.userid !== undefined, (b) => b.where('t.userid', '=', q.userid!))
      .$if(!!word, (b) => b.where(sql<boolean>`${name} like ${like(word!)} escape '\\'`))
      .select([name.as('name'), avatar.as('avatar')]);
  }

  targets(push: { id: number; work_space_id: number; chat_type: string }, q: TargetQuery & { after?: string; offset?: number; limit: number }) {
    return this.targetQuery(push, q)
      .select(['t.target_id', 't.userid', 't.status', 't.send_time', 'm.name as member_name'])
      .$if(q.after !== undefined, (b) => b.where('t.target_id', '>', q.after!))
      .orderBy('t.target_id')
      .offset(q.offset ?? 0)
      .limit(q.limit)
      .execute();
  }

  async countTargets(push: { id: number; work_space_id: number; chat_type: string }, q: TargetQuery): Promise<number> {
    const r = await this.targetQuery(push, q)
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
