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

  /** True when the event is new; a duplicate (same dedupe key) changes nothing. */
  async insert(e: { workSpaceId: number; dedupeKey: string; rawXml: string; parsed: unknown }): Promise<boolean> {
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
      .onConflict((oc) => oc.columns(['work_space_id', 'dedupe_key']).doNothing())
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
