// SQL of the suite tickets WeCom pushes every 10 minutes to a provider app (suite_ticket).
import type { Database } from '../db/database.js';

export class SuiteTicketRepository {
  constructor(private readonly database: Database) {}

  async find(suiteId: string): Promise<string | undefined> {
    const row = await this.database.kysely.selectFrom('suite_ticket').select('ticket').where('suite_id', '=', suiteId).executeTakeFirst();
    return row?.ticket;
  }

  async save(suiteId: string, ticket: string, now: number): Promise<void> {
    await this.database.kysely
      .insertInto('suite_ticket')
      .values({ suite_id: suiteId, ticket, updated_at: now })
      .onConflict((oc) => oc.column('suite_id').doUpdateSet({ ticket, updated_at: now }))
      .execute();
  }
}
