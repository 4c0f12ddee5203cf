// SQL of child_role (功能角色) and of the children holding a role.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { affected, isForeignKeyViolation } from '../../db/database.js';
import type { ChildRoleTable, DB } from '../../db/tables.js';

export type RoleRow = Selectable<ChildRoleTable>;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class RoleRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A role of the main account `owner`. */
  find(owner: number, id: number, db: Kysely<DB> = this.db): Promise<RoleRow | undefined> {
    return db.selectFrom('child_role').selectAll().where('id', '=', id).where('account_id', '=', owner).executeTakeFirst();
  }

  async list(owner: number, name: string, offset: number, limit: number): Promise<{ rows: RoleRow[]; total: number }> {
    let q = this.db.selectFrom('child_role').where('account_id', '=', owner);
    if (name) q = q.where(sql<boolean>`name like ${escapeLike(name)} escape '\\'`);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** How many children hold each of `ids`. */
  async childCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('account')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('role_id', 'in', [...ids])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.role_id), Number(r.n)]));
  }

  async insert(row: Insertable<ChildRoleTable>): Promise<number> {
    const { id } = await this.db.insertInto('child_role').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async update(owner: number, id: number, patch: { name: string; permission_keys: string; updated_at: number }): Promise<boolean> {
    const r = await this.db.updateTable('child_role').set(patch).where('id', '=', id).where('account_id', '=', owner).executeTakeFirst();
    return affected(r) === 1;
  }

  /** Deletes the role unless a child holds it; in one transaction, so no child can take it meanwhile. */
  async deleteUnused(owner: number, id: number): Promise<{ deleted: boolean; inUse: number }> {
    return this.db.transaction().execute(async (trx) => {
      const role = await this.find(owner, id, trx);
      if (!role) return { deleted: false, inUse: 0 };
      const { n } = await trx
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(n) > 0) return { deleted: false, inUse: Number(n) };
      await trx.deleteFrom('child_role').where('id', '=', id).execute();
      return { deleted: true, inUse: 0 };
    }).catch((err) => {
      // A child was given the role between the count and the delete (PostgreSQL: the key refuses).
      if (isForeignKeyViolation(err)) return { deleted: false, inUse: 1 };
      throw err;
    });
  }
}
