// SQL of the work_space table: the WeCom corps connected by a main account.
import type { Database } from '../db/database.js';

export interface WorkSpaceRow {
  id: number;
  nickname: string;
  access_type: string;
}

export class WorkSpaceRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  listByOwner(ownerId: number, offset: number, limit: number): Promise<WorkSpaceRow[]> {
    return this.db
      .selectFrom('work_space')
      .select(['id', 'nickname', 'access_type'])
      .where('account_id', '=', ownerId)
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countByOwner(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('work_space')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
