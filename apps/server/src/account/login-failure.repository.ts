// SQL of the login_failure table: one row per failed login, keyed by the identifier tried.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/tables.js';

export class LoginFailureRepository {
  constructor(
    private readonly database: Database,
    private readonly trx?: Kysely<DB>,
  ) {}

  private get db() {
    return this.trx ?? this.database.kysely;
  }

  /**
   * Runs `fn` in one transaction holding a lock on the key, so a check of the failures and the
   * insert after it are one step even across server processes (PostgreSQL advisory lock; SQLite has
   * one writer and Kysely runs its transaction alone on the connection).
   */
  lockedForKey<T>(key: string, fn: (failures: LoginFailureRepository) => Promise<T>): Promise<T> {
    return this.database.kysely.transaction().execute(async (trx) => {
      if (this.database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return fn(new LoginFailureRepository(this.database, trx));
    });
  }

  /** Times of the newest failures of a key since `since`, newest first. */
  async recent(key: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('login_failure')
      .select('created_at')
      .where('key', '=', key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.created_at);
  }

  async insert(key: string, now: number): Promise<void> {
    await this.db.insertInto('login_failure').values({ key, created_at: now }).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('key', '=', key).execute();
  }

  async deleteOlderThan(before: number): Promise<void> {
    await this.db.deleteFrom('login_failure').where('created_at', '<', before).execute();
  }
}
