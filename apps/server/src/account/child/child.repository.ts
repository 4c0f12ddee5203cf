// SQL of child accounts: the account rows under a main account, with their role's name.
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import { affected } from '../../db/database.js';
import type { AccountTable, DB } from '../../db/tables.js';

export type ChildRow = Selectable<AccountTable> & { role_name: string | null };

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ChildFilter {
  keyword: string;
  roleId: number | null;
}

export class ChildRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  private base(owner: number, db: Kysely<DB> = this.db) {
    return db.selectFrom('account as a').leftJoin('child_role as r', 'r.id', 'a.role_id').where('a.parent_id', '=', owner);
  }

  find(owner: number, id: number, db: Kysely<DB> = this.db): Promise<ChildRow | undefined> {
    return this.base(owner, db).selectAll('a').select('r.name as role_name').where('a.id', '=', id).executeTakeFirst();
  }

  async list(owner: number, filter: ChildFilter, offset: number, limit: number): Promise<{ rows: ChildRow[]; total: number }> {
    let q = this.base(owner);
    if (filter.keyword) {
      const like = escapeLike(filter.keyword);
      q = q.where(sql<boolean>`(a.account like ${like} escape '\\' or a.nickname like ${like} escape '\\' or a.phone like ${like} escape '\\')`);
    }
    if (filter.roleId !== null) q = q.where('a.role_id', '=', filter.roleId);
    const [rows, count] = await Promise.all([
      q.selectAll('a').select('r.name as role_name').orderBy('a.id', 'desc').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async update(owner: number, id: number, patch: Updateable<AccountTable>, db: Kysely<DB> = this.db): Promise<boolean> {
    const r = await db.updateTable('account').set(patch).where('id', '=', id).where('parent_id', '=', owner).executeTakeFirst();
    return affected(r) === 1;
  }

  async delete(owner: number, id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const r = await db.deleteFrom('account').where('id', '=', id).where('parent_id', '=', owner).executeTakeFirst();
    return affected(r) === 1;
  }
}
