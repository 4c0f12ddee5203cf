// The callback inbox: every verified event is stored once (unique per work space and dedupe key),
// then processed afterwards by a `callback` job (retried with back-off by the job system). An event
// whose job gave up waits for `next_attempt_at`, when the sweep queues it again; rows older than the
// retention are deleted by the daily cleanup.
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import { durableTransaction, type Database } from '../db/database.js';
import { batchStatement, statement } from '../db/statement.js';
import type { CallbackEventTable, DB } from '../db/tables.js';

export type CallbackEvent = Selectable<CallbackEventTable>;

export interface NewCallbackEvent {
  workSpaceId: number;
  dedupeKey: string;
  rawXml: string;
  receivedAt: number;
  /** A duplicate of an event already processed is processed again (see `insert`). */
  refresh?: boolean;
  /** The customer this event only asks to re-read: the event is stored as applied (its re-read is queued with it). */
  reread?: string;
}

type EventRow = Pick<CallbackEvent, 'work_space_id' | 'dedupe_key' | 'raw_xml' | 'received_at' | 'processed_at'>;
/** A delivery batch's events, built once per batch size. */
const insertEvents = batchStatement((db, rows: EventRow[]) =>
  db
    .insertInto('callback_event')
    .values(
      rows.map((r) => ({
        work_space_id: r.work_space_id,
        dedupe_key: r.dedupe_key,
        raw_xml: r.raw_xml,
        received_at: r.received_at,
        processed_at: r.processed_at,
        next_attempt_at: 0,
        attempts: 0,
        error: null,
      })),
    )
    .onConflict((oc) => oc.columns(['work_space_id', 'dedupe_key']).doNothing())
    .returning(['id', 'work_space_id', 'dedupe_key']),
);
const byId = statement((db, v: { id: number }) => db.selectFrom('callback_event').selectAll().where('id', '=', v.id));
const processed = statement((db, v: { id: number; at: number }) => db.updateTable('callback_event').set({ processed_at: v.at, error: null }).where('id', '=', v.id));

export class CallbackEventRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /**
   * Stores events once (unique per work space and dedupe key) and returns, for each, its id when it is to be
   * processed: new, or — with `refresh` — a duplicate of an event already processed. Processing only
   * re-reads WeCom's current state, and WeCom's CreateTime has one-second steps, so two real changes
   * in one second share a key and the second must not be lost. Null: a duplicate still waiting — as are,
   * of several events here with one key, all but the first. One statement for all (and one more for
   * each duplicate of a processed event).
   */
  async insertMany(events: NewCallbackEvent[], executor: Kysely<DB> | Transaction<DB> = this.db): Promise<Array<number | null>> {
    const keyOf = (e: NewCallbackEvent) => `${e.workSpaceId}\n${e.dedupeKey.slice(0, 255)}`;
    const first = new Map<string, NewCallbackEvent>();
    for (const e of events) if (!first.has(keyOf(e))) first.set(keyOf(e), e);
    const rows = first.size
      ? await insertEvents.rows(
          executor,
          [...first.values()].map((e) => ({
            work_space_id: e.workSpaceId,
            dedupe_key: e.dedupeKey.slice(0, 255),
            raw_xml: e.rawXml,
            received_at: e.receivedAt,
            processed_at: e.reread ? e.receivedAt : null,
          })),
        )
      : [];
    const stored = new Map(rows.map((r) => [`${r.work_space_id}\n${r.dedupe_key}`, r.id]));
    const ids: Array<number | null> = [];
    for (const e of events) {
      if (first.get(keyOf(e)) !== e) ids.push(null);
      else ids.push(stored.get(keyOf(e)) ?? (e.refresh ? await this.reopen(e.workSpaceId, e.dedupeKey.slice(0, 255), executor) : null));
    }
    return ids;
  }

  /** A duplicate of a processed event: processed again (its id), else null. */
  private async reopen(workSpaceId: number, key: string, trx: Kysely<DB> | Transaction<DB>): Promise<number | null> {
    const again = await trx
      .updateTable('callback_event')
      .set({ processed_at: null, next_attempt_at: 0, attempts: 0, error: null })
      .where('work_space_id', '=', workSpaceId)
      .where('dedupe_key', '=', key)
      .where('processed_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return again?.id ?? null;
  }

  /** Runs `work` in one transaction that is on disk when it resolves (events are acknowledged after it). */
  durably<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return durableTransaction(this.database, work);
  }

  find(id: number): Promise<CallbackEvent | undefined> {
    return byId.first(this.db, { id });
  }

  /**
   * Events not processed, received before `before`, due again by `now` (a job that gave up set when),
   * with no job queued or running.
   */
  orphans(before: number, now: number, limit = 1000): Promise<Array<{ id: number; work_space_id: number }>> {
    return this.db
      .selectFrom('callback_event')
      .select(['id', 'work_space_id'])
      .where('processed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where('received_at', '<', before)
      .where((eb) => this.noActiveJob(eb))
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  /** No job of the event in the outer query is queued or running (each looked up by its status's partial index). */
  private noActiveJob(eb: ExpressionBuilder<DB, 'callback_event'>) {
    const job = (status: 'queued' | 'running') =>
      eb.exists(
        this.db
          .selectFrom('job')
          .select('job.id')
          .where('job.singleton_key', '=', sql<string>`${'callback:'} || callback_event.id`)
          .where('job.status', '=', status),
      );
    return eb.and([eb.not(job('queued')), eb.not(job('running'))]);
  }

  /** Its job gave up: the sweep queues it again at `at`. */
  async retryAt(id: number, at: number): Promise<void> {
    await this.db.updateTable('callback_event').set({ next_attempt_at: at }).where('id', '=', id).execute();
  }

  /** Deletes events received before `before`, processed or given up (no job left). */
  async purge(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('callback_event')
      .where('received_at', '<', before)
      .where((eb) => eb.or([eb('processed_at', 'is not', null), this.noActiveJob(eb)]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async done(id: number): Promise<void> {
    await processed.run(this.db, { id, at: Date.now() });
  }

  async failed(id: number, attempts: number, error: string): Promise<void> {
    await this.db.updateTable('callback_event').set({ attempts, error: error.slice(0, 1000) }).where('id', '=', id).execute();
  }
}
