// SQL of the server's own secrets (server_secret): on PostgreSQL the secret key every process shares.
import type { Database, DialectName } from '../db/database.js';

export class ServerSecretRepository {
  constructor(private readonly database: Database) {}

  /** On SQLite (one process) the key is kept in a file instead. */
  get dialect(): DialectName {
    return this.database.dialect;
  }

  /** The stored value of `name`, storing `candidate` first when there is none (the first process wins). */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    const db = this.database.kysely;
    await db
      .insertInto('server_secret')
      .values({ name, value: candidate, created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
