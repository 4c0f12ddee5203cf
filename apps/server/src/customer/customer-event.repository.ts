// SQL of `customer_event`: what happened to each customer (added, deleted either way, tagged,
// remarked, pushed, transferred, joined or left a group), written once per happening.
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { batchStatement } from '../db/statement.js';
import type { CustomerEventKind, CustomerEventTable } from '../db/tables.js';

export type CustomerEventRow = Selectable<CustomerEventTable>;

export interface NewCustomerEvent {
  work_space_id: number;
  external_userid: string;
  userid: string;
  kind: CustomerEventKind;
  at: number;
  detail: string;
  dedupe_key: string | null;
}

/** Events (every add and deletion writes one), built once per number of rows (db/statement.ts). */
const insertEvents = batchStatement((db, rows: NewCustomerEvent[]) =>
  db
    .insertInto('customer_event')
    .values(
      rows.map((v) => ({ work_space_id: v.work_space_id, external_userid: v.external_userid, userid: v.userid, kind: v.kind, at: v.at, detail: v.detail, dedupe_key: v.dedupe_key })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returningAll(),
);

export class CustomerEventRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** The rows actually written (an event whose dedupe key is already there is left out). */
  async insert(events: NewCustomerEvent[]): Promise<CustomerEventRow[]> {
    if (!events.length) return [];
    return insertEvents.rows(this.db, events);
  }

  /** A customer's events, newest first. */
  ofCustomer(wsId: number, externalUserid: string, limit: number): Promise<CustomerEventRow[]> {
    return this.db
      .selectFrom('customer_event')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
