// SQL of 客户继承: one customer_transfer row per customer handed over, with WeCom's status.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { CustomerTransferTable } from '../db/tables.js';

export type TransferValues = Omit<CustomerTransferTable, 'id'>;

export interface TransferQuery {
  kind?: 'onjob' | 'resigned';
  status?: number;
  offset: number;
  limit: number;
}

export const WAITING = 2;

export class TransferRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(rows: TransferValues[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) await this.db.insertInto('customer_transfer').values(rows.slice(i, i + 200)).execute();
  }

  private filtered(wsId: number, q: Omit<TransferQuery, 'offset' | 'limit'>) {
    let query = this.db.selectFrom('customer_transfer').where('customer_transfer.work_space_id', '=', wsId);
    if (q.kind) query = query.where('customer_transfer.kind', '=', q.kind);
    if (q.status !== undefined) query = query.where('customer_transfer.status', '=', q.status);
    return query;
  }

  async count(wsId: number, q: Omit<TransferQuery, 'offset' | 'limit'>): Promise<number> {
    const row = await this.filtered(wsId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Rows per status (of one kind, when given). */
  async countsByStatus(wsId: number, kind?: 'onjob' | 'resigned'): Promise<Record<string, number>> {
    const rows = await this.filtered(wsId, { kind })
      .select(['customer_transfer.status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('customer_transfer.status')
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
  }

  /** Newest first, with the names of both members (when still in the address book) and the customer. */
  list(wsId: number, q: TransferQuery) {
    return this.filtered(wsId, q)
      .leftJoin('member as handover', (j) =>
        j.onRef('handover.work_space_id', '=', 'customer_transfer.work_space_id').onRef('handover.userid', '=', 'customer_transfer.handover_userid'),
      )
      .leftJoin('member as takeover', (j) =>
        j.onRef('takeover.work_space_id', '=', 'customer_transfer.work_space_id').onRef('takeover.userid', '=', 'customer_transfer.takeover_userid'),
      )
      .leftJoin('customer', (j) =>
        j.onRef('customer.work_space_id', '=', 'customer_transfer.work_space_id').onRef('customer.external_userid', '=', 'customer_transfer.external_userid'),
      )
      .selectAll('customer_transfer')
      .select(['handover.name as handover_name', 'takeover.name as takeover_name', 'customer.name as customer_name'])
      .orderBy('customer_transfer.created_at', 'desc')
      .orderBy('customer_transfer.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  /** Work spaces with transfers still waiting for the customer. */
  async spacesWaiting(): Promise<number[]> {
    const rows = await this.db.selectFrom('customer_transfer').select('work_space_id').where('status', '=', WAITING).distinct().execute();
    return rows.map((r) => Number(r.work_space_id));
  }

  /** The waiting transfers of a work space. */
  waiting(wsId: number) {
    return this.db
      .selectFrom('customer_transfer')
      .select(['id', 'kind', 'handover_userid', 'takeover_userid', 'external_userid'])
      .where('work_space_id', '=', wsId)
      .where('status', '=', WAITING)
      .execute();
  }

  /** A waiting transfer moves on; false when it had already moved (another poll, or the callback, was first). */
  async settle(id: number, status: number, takeoverTime: number | null, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('customer_transfer')
      .set({ status, takeover_time: takeoverTime, updated_at: now, checked_at: now })
      .where('id', '=', id)
      .where('status', '=', WAITING)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async touch(ids: number[], now: number): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db.updateTable('customer_transfer').set({ checked_at: now }).where('id', 'in', ids.slice(i, i + 500)).execute();
    }
  }

  /** The waiting transfer of this customer to this member, as transfer_fail names it. */
  findWaiting(wsId: number, takeover: string, externalUserid: string) {
    return this.db
      .selectFrom('customer_transfer')
      .select(['id', 'kind', 'handover_userid', 'takeover_userid', 'external_userid'])
      .where('work_space_id', '=', wsId)
      .where('takeover_userid', '=', takeover)
      .where('external_userid', '=', externalUserid)
      .where('status', '=', WAITING)
      .executeTakeFirst();
  }

  private memberCustomers(wsId: number, userid: string, keyword?: string) {
    let q = this.db
      .selectFrom('follow_relation')
      .leftJoin('customer', (j) =>
        j.onRef('customer.work_space_id', '=', 'follow_relation.work_space_id').onRef('customer.external_userid', '=', 'follow_relation.external_userid'),
      )
      .where('follow_relation.work_space_id', '=', wsId)
      .where('follow_relation.userid', '=', userid)
      .where('follow_relation.deleted_at', 'is', null);
    const k = keyword?.trim();
    if (k) {
      const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([sql<boolean>`customer.name like ${like} escape '\\'`, sql<boolean>`follow_relation.remark like ${like} escape '\\'`]));
    }
    return q;
  }

  async countMemberCustomers(wsId: number, userid: string, keyword?: string): Promise<number> {
    const row = await this.memberCustomers(wsId, userid, keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A member's live customers, newest first, and whether a transfer of each is waiting. */
  listMemberCustomers(wsId: number, userid: string, q: { keyword?: string; offset: number; limit: number }) {
    return this.memberCustomers(wsId, userid, q.keyword)
      .select(['follow_relation.external_userid', 'follow_relation.remark', 'follow_relation.createtime', 'customer.name'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('customer_transfer')
              .select('customer_transfer.id')
              .whereRef('customer_transfer.work_space_id', '=', 'follow_relation.work_space_id')
              .whereRef('customer_transfer.external_userid', '=', 'follow_relation.external_userid')
              .where('customer_transfer.status', '=', WAITING),
          )
          .as('waiting'),
      )
      .orderBy('follow_relation.createtime', 'desc')
      .orderBy('follow_relation.external_userid', 'asc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  /** Synced groups by chat id, with the owner's name while still in the address book. */
  groups(wsId: number, chatIds: string[]) {
    if (!chatIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('group_chat')
      .leftJoin('member', (j) => j.onRef('member.work_space_id', '=', 'group_chat.work_space_id').onRef('member.userid', '=', 'group_chat.owner'))
      .select(['group_chat.chat_id', 'group_chat.name', 'group_chat.owner', 'group_chat.member_count', 'member.name as owner_name'])
      .where('group_chat.work_space_id', '=', wsId)
      .where('group_chat.chat_id', 'in', chatIds)
      .execute();
  }

  /** Names of members (address book) and customers, for WeCom's unassigned list. */
  async names(wsId: number, userids: string[], externalUserids: string[]) {
    const members = userids.length
      ? await this.db.selectFrom('member').select(['userid', 'name']).where('work_space_id', '=', wsId).where('userid', 'in', userids).execute()
      : [];
    const customers = externalUserids.length
      ? await this.db
          .selectFrom('customer')
          .select(['external_userid', 'name'])
          .where('work_space_id', '=', wsId)
          .where('external_userid', 'in', externalUserids)
          .execute()
      : [];
    return {
      members: new Map(members.map((m) => [m.userid, m.name])),
      customers: new Map(customers.map((c) => [c.external_userid, c.name])),
    };
  }
}
