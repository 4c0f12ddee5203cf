// SQL of the login_failure table: one row per failed login, keyed by the identifier tried.
import type { Database } from '../db/database.js';

export class LoginFailureRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
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
