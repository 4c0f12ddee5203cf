// SQL of `notification` for customer notices (流失提醒): written for the work space's main account,
// listed per work space. The names in a notice are read from the synced customer and member rows.
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { NotificationTable } from '../db/tables.js';

export type NotificationRow = Selectable<NotificationTable>;

export interface NewNotice {
  kind: string;
  title: string;
  content: string;
  externalUserid: string;
  userid: string;
  refId: number;
  createdAt: number;
}

export class NotificationRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(wsId: number, notices: NewNotice[]): Promise<void> {
    if (!notices.length) return;
    const ws = await this.db.selectFrom('work_space').select('account_id').where('id', '=', wsId).executeTakeFirst();
    if (!ws) return;
    await this.db
      .insertInto('notification')
      .values(
        notices.map((n) => ({
          work_space_id: wsId,
          account_id: ws.account_id,
          kind: n.kind,
          title: n.title.slice(0, 128),
          content: n.content,
          ref_id: n.refId,
          external_userid: n.externalUserid,
          userid: n.userid,
          created_at: n.createdAt,
          read_at: null,
          delivered_at: null,
        })),
      )
      .execute();
  }

  async list(wsId: number, kinds: string[], page: { offset: number; limit: number }): Promise<{ rows: NotificationRow[]; total: number }> {
    const base = this.db.selectFrom('notification').where('work_space_id', '=', wsId).where('kind', 'in', kinds);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async countOf(wsId: number, kinds: string[], ids: number[]): Promise<number> {
    const r = await this.db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_space_id', '=', wsId)
      .where('kind', 'in', kinds)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async markRead(wsId: number, kinds: string[], ids: number[], now: number): Promise<void> {
    await this.db
      .updateTable('notification')
      .set({ read_at: now })
      .where('work_space_id', '=', wsId)
      .where('kind', 'in', kinds)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
  }

  async customerName(wsId: number, externalUserid: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('customer').select('name').where('work_space_id', '=', wsId).where('external_userid', '=', externalUserid).executeTakeFirst();
    return r?.name || undefined;
  }

  async memberName(wsId: number, userid: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('member').select('name').where('work_space_id', '=', wsId).where('userid', '=', userid).executeTakeFirst();
    return r?.name || undefined;
  }
}
