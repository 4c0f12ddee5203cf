// SQL of the pending corp authorisations (wecom_auth_state): the state handed to WeCom's install page,
// whose account asked, and the work space or error it ended in.
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { WecomAuthStateTable } from '../db/tables.js';

export type WecomAuthState = Selectable<WecomAuthStateTable>;
type AuthKind = 'third' | 'replace';

export class WecomAuthStateRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(values: Insertable<WecomAuthStateTable>): Promise<void> {
    await this.db.insertInto('wecom_auth_state').values(values).execute();
  }

  /** The state of that kind; only when `accountId` asked for it, if given. */
  find(state: string, kind: AuthKind, accountId?: number): Promise<WecomAuthState | undefined> {
    let q = this.db.selectFrom('wecom_auth_state').selectAll().where('state', '=', state).where('kind', '=', kind);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    return q.executeTakeFirst();
  }

  async setWorkSpace(state: string, workSpaceId: number): Promise<void> {
    await this.db.updateTable('wecom_auth_state').set({ work_space_id: workSpaceId, error: null }).where('state', '=', state).execute();
  }

  async setError(state: string, error: string): Promise<void> {
    await this.db.updateTable('wecom_auth_state').set({ error }).where('state', '=', state).execute();
  }
}
