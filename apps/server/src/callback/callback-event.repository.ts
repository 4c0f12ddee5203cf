// The callback inbox: every verified event is stored once (unique per work space and dedupe key),
// then processed afterwards; failures are retried with backoff.
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { CallbackEventTable } from '../db/tables.js';

export type CallbackEvent = Selectable<CallbackEventTable>;
export const MAX_ATTEMPTS = 8;

export class CallbackEventRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /**
   * True when the event is new; a duplicate (same dedupe key) adds no row. With `refresh`, a duplicate
   * of a processed event queues it again: its processing only re-reads WeCom's current state, and
   * WeCom's CreateTime has one-second steps, so two real changes in one second share a key and the
   * second must not be lost.
   */
  async insert(e: { workSpaceId: number; dedupeKey: string; rawXml: string; parsed: unknown; refresh?: boolean }): Promise<boolean> {
    const r = await this.db
      .insertInto('callback_event')
      .values({
        work_space_id: e.workSpaceId,
        dedupe_key: e.dedupeKey.slice(0, 255),
        raw_xml: e.rawXml,
        parsed: JSON.stringify(e.parsed),
        received_at: Date.now(),
        processed_at: null,
        next_attempt_at: 0,
        attempts: 0,
        error: null,
      })
      .onConflict((oc) => {
        const target = oc.columns(['work_space_id', 'dedupe_key']);
        return e.refresh
          ? target.doUpdateSet({ processed_at: null, next_attempt_at: 0, attempts: 0 }).where('callback_event.processed_at', 'is not', null)
          : target.doNothing();
      })
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  due(now: number, limit = 50): Promise<CallbackEvent[]> {
    return this.db
      .selectFrom('callback_event')
      .selectAll()
      .where('processed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  async done(id: number): Promise<void> {
    await this.db.updateTable('callback_event').set({ processed_at: Date.now(), error: null }).where('id', '=', id).execute();
  }

  async failed(id: number, attempts: number, error: string, nextAttemptAt: number): Promise<void> {
    await this.db
      .updateTable('callback_event')
      .set({ attempts, error: error.slice(0, 1000), next_attempt_at: nextAttemptAt })
      .where('id', '=', id)
      .execute();
  }
}
