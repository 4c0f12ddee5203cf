// SQL of the account table (main and child accounts).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import type { AccountTable, DB } from '../db/tables.js';

export type AccountRow = Selectable<AccountTable>;

export class AccountRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** Runs `work` in one transaction; repository calls given its `trx` (sessions, codes, scenes) join it. */
  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  findById(id: number, db: Kysely<DB> = this.db): Promise<AccountRow | undefined> {
    return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('account').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  findByOpenid(openid: string, db: Kysely<DB> = this.db): Promise<AccountRow | undefined> {
    return db.selectFrom('account').selectAll().where('gzh_openid', '=', openid).executeTakeFirst();
  }

  /** By account name first, then by phone: an account name wins over someone else's phone. */
  async findByLogin(identifier: string): Promise<AccountRow | undefined> {
    const rows = await this.db
      .selectFrom('account')
      .selectAll()
      .where((eb) => eb.or([eb('account', '=', identifier), eb('phone', '=', identifier)]))
      .execute();
    return rows.find((r) => r.account === identifier) ?? rows[0];
  }

  /** Whether another account already uses `name` as its account name or phone. */
  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    let q = this.db
      .selectFrom('account')
      .select('id')
      .where((eb) => eb.or([eb('account', '=', name), eb('phone', '=', name)]));
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  async insert(row: Insertable<AccountTable>, db: Kysely<DB> = this.db): Promise<number> {
    const { id } = await db.insertInto('account').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, patch: Updateable<AccountTable>, db: Kysely<DB> = this.db): Promise<void> {
    await db.updateTable('account').set(patch).where('id', '=', id).execute();
  }
}
