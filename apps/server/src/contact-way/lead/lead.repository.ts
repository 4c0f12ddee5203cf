// SQL of one-customer-one-code (一客一码): lead batches, their leads and the temporary codes behind
// them. Every query is scoped by work_space_id; a deleted batch (deleted_at) is gone for the pages.
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { LeadStatus } from '@scrm/contracts/lead';
import type { Database } from '../../db/database.js';
import type { DB, LeadBatchTable, LeadTable } from '../../db/tables.js';
import { escapeLike } from '../contact-way.repository.js';

export type LeadBatchRow = Selectable<LeadBatchTable>;
type Executor = Database['kysely'] | Transaction<DB>;

export interface BatchCounts {
  total: number;
  creating: number;
  failed: number;
  /** Codes WeCom has made (live or expired since). */
  created: number;
  added: number;
}

export interface LeadRow {
  id: number;
  name: string;
  phone: string;
  remark: string;
  external_userid: string | null;
  userid: string | null;
  added_at: number | null;
  created_at: number;
  contact_way_id: number;
  state: string;
  qr_code: string;
  error: string | null;
  status: LeadStatus;
  customer_name: string | null;
}

export interface LeadQuery {
  status?: LeadStatus;
  keyword?: string;
}

/** A lead's status, derived from its code and whether it added the member (added wins over expiry). */
const statusOf = (now: number) => sql<LeadStatus>`case
  when lead.added_at is not null then 'added'
  when contact_way.status = 'failed' then 'failed'
  when contact_way.status = 'expired' or contact_way.expires_at <= ${now} then 'expired'
  when contact_way.status = 'creating' then 'creating'
  else 'waiting' end`;

export class LeadRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** Runs `fn` in one transaction; the repository calls given its `trx` join it. */
  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------------------------------------------------------------- batches

  findBatch(wsId: number, id: number): Promise<LeadBatchRow | undefined> {
    return this.db
      .selectFrom('lead_batch')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  private batches(wsId: number, keyword?: string) {
    let q = this.db.selectFrom('lead_batch').where('work_space_id', '=', wsId).where('deleted_at', 'is', null);
    const kw = keyword?.trim();
    if (kw) q = q.where(sql<boolean>`name like ${escapeLike(kw)} escape '\\'`);
    return q;
  }

  listBatches(wsId: number, q: { keyword?: string; offset: number; limit: number }): Promise<LeadBatchRow[]> {
    return this.batches(wsId, q.keyword).selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
  }

  async countBatches(wsId: number, keyword?: string): Promise<number> {
    const row = await this.batches(wsId, keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertBatch(values: Insertable<LeadBatchTable>, trx: Executor): Promise<number> {
    const row = await trx.insertInto('lead_batch').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Name, tags and welcome of a batch, copied to its live codes; `added` more leads to its total. */
  async updateBatch(id: number, fields: { name: string; tag_ids: string; welcome: string; updated_at: number }, added: number, trx: Executor): Promise<void> {
    await trx
      .updateTable('lead_batch')
      .set({ ...fields, total: (eb) => eb('total', '+', added) })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('contact_way')
      .set({ tag_ids: fields.tag_ids, welcome: fields.welcome, updated_at: fields.updated_at })
      .where('lead_batch_id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  async markBatchDeleted(id: number, now: number): Promise<void> {
    await this.db.updateTable('lead_batch').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  /** Per batch: its leads, the state of their codes and how many added the member. */
  async batchCounts(ids: number[]): Promise<Map<number, BatchCounts>> {
    const out = new Map<number, BatchCounts>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('lead')
      .innerJoin('contact_way', 'contact_way.id', 'lead.contact_way_id')
      .select((eb) => [
        'lead.batch_id',
        eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when contact_way.status = 'creating' then 1 else 0 end)`.as('creating'),
        sql<number>`sum(case when contact_way.status = 'failed' then 1 else 0 end)`.as('failed'),
        sql<number>`sum(case when contact_way.config_id is not null then 1 else 0 end)`.as('created'),
        sql<number>`sum(case when lead.added_at is not null then 1 else 0 end)`.as('added'),
      ])
      .where('lead.batch_id', 'in', ids)
      .groupBy('lead.batch_id')
      .execute();
    for (const r of rows) {
      out.set(r.batch_id, {
        total: Number(r.total),
        creating: Number(r.creating ?? 0),
        failed: Number(r.failed ?? 0),
        created: Number(r.created ?? 0),
        added: Number(r.added ?? 0),
      });
    }
    return out;
  }

  /** Adds through each batch's codes since `since`. */
  async addsSince(ids: number[], since: number): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('contact_way_add')
      .innerJoin('contact_way', 'contact_way.id', 'contact_way_add.contact_way_id')
      .select((eb) => ['contact_way.lead_batch_id', eb.fn.countAll<number>().as('n')])
      .where('contact_way.lead_batch_id', 'in', ids)
      .where('contact_way_add.added_at', '>=', since)
      .groupBy('contact_way.lead_batch_id')
      .execute();
    return new Map(rows.map((r) => [r.lead_batch_id!, Number(r.n)]));
  }

  /** The batch's live codes. */
  codesOf(batchId: number) {
    return this.db.selectFrom('contact_way').selectAll().where('lead_batch_id', '=', batchId).where('deleted_at', 'is', null).orderBy('id').execute();
  }

  // ---------------------------------------------------------------- leads

  async insertLeads(rows: Array<Insertable<LeadTable>>, trx: Executor): Promise<void> {
    if (rows.length) await trx.insertInto('lead').values(rows).execute();
  }

  private leads(wsId: number, batchId: number, q: LeadQuery, now: number) {
    let query = this.db
      .selectFrom('lead')
      .innerJoin('contact_way', 'contact_way.id', 'lead.contact_way_id')
      .where('lead.work_space_id', '=', wsId)
      .where('lead.batch_id', '=', batchId);
    const kw = q.keyword?.trim();
    if (kw) {
      const like = escapeLike(kw);
      query = query.where(sql<boolean>`(lead.name like ${like} escape '\\' or lead.phone like ${like} escape '\\' or lead.remark like ${like} escape '\\')`);
    }
    if (q.status) query = query.where(sql<boolean>`(${statusOf(now)}) = ${q.status}`);
    return query;
  }

  listLeads(wsId: number, batchId: number, q: LeadQuery & { offset: number; limit: number }, now: number): Promise<LeadRow[]> {
    return this.leads(wsId, batchId, q, now)
      .leftJoin('customer', (j) => j.onRef('customer.work_space_id', '=', 'lead.work_space_id').onRef('customer.external_userid', '=', 'lead.external_userid'))
      .select([
        'lead.id',
        'lead.name',
        'lead.phone',
        'lead.remark',
        'lead.external_userid',
        'lead.userid',
        'lead.added_at',
        'lead.created_at',
        'contact_way.id as contact_way_id',
        'contact_way.state',
        'contact_way.qr_code',
        'contact_way.error',
        statusOf(now).as('status'),
        'customer.name as customer_name',
      ])
      .orderBy('lead.id')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  async countLeads(wsId: number, batchId: number, q: LeadQuery, now: number): Promise<number> {
    const row = await this.leads(wsId, batchId, q, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A lead of a live batch, with its code id. */
  findLead(wsId: number, id: number) {
    return this.db
      .selectFrom('lead')
      .innerJoin('lead_batch', 'lead_batch.id', 'lead.batch_id')
      .select(['lead.id', 'lead.name', 'lead.batch_id', 'lead.contact_way_id', 'lead_batch.name as batch_name'])
      .where('lead.work_space_id', '=', wsId)
      .where('lead.id', '=', id)
      .where('lead_batch.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The welcome status of each lead's own add (the first through its code). */
  async welcomeOf(leadIds: number[]): Promise<Map<number, Selectable<DB['contact_way_add']>['welcome_status']>> {
    if (!leadIds.length) return new Map();
    const rows = await this.db
      .selectFrom('contact_way_add')
      .select(['lead_id', 'welcome_status'])
      .where('lead_id', 'in', leadIds)
      .orderBy('id', 'desc')
      .execute();
    // Newest first, so the earliest add of each lead is written last.
    const out = new Map<number, Selectable<DB['contact_way_add']>['welcome_status']>();
    for (const r of rows) out.set(r.lead_id!, r.welcome_status);
    return out;
  }
}
