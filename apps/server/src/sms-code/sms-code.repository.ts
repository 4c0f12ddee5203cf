// SQL of the sms_code table.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB } from '../db/tables.js';

export interface SmsCodeRow {
  id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
}

export class SmsCodeRepository {
  constructor(
    private readonly database: Database,
    private readonly trx?: Kysely<DB>,
  ) {}

  private get db() {
    return this.trx ?? this.database.kysely;
  }

  /**
   * Runs `fn` in one transaction holding a lock on the phone, so a cooldown check and the insert
   * after it are one step even across server processes (PostgreSQL advisory lock; SQLite has one writer).
   */
  lockedForPhone<T>(phone: string, fn: (codes: SmsCodeRepository) => Promise<T>): Promise<T> {
    return this.database.kysely.transaction().execute(async (trx) => {
      if (this.database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
      return fn(new SmsCodeRepository(this.database, trx));
    });
  }

  async latestCreatedAt(phone: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sms_code')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  async countByPhoneSince(phone: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countByIpSince(ip: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: { phone: string; code_hash: string; created_at: number; expires_at: number; ip: string }): Promise<number> {
    const { id } = await this.db
      .insertInto('sms_code')
      .values({ ...row, attempts: 0, used_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('sms_code').where('id', '=', id).execute();
  }

  /** The newest code of a phone that is unused and unexpired. */
  async findLive(phone: string, now: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .selectFrom('sms_code')
      .select(['id', 'code_hash', 'created_at', 'expires_at', 'attempts'])
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Counts one try of a code in a single statement, before the code is compared: false when the
   * code already had `max` tries (parallel tries each take their own count, so at most `max` compare).
   */
  async takeAttempt(id: number, max: number): Promise<boolean> {
    const row = await this.db
      .updateTable('sms_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .returning('attempts')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a code used; false when another request used it first. */
  async consume(id: number, now: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const r = await db
      .updateTable('sms_code')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** Daily cleanup: codes expired before `before`. */
  async deleteExpiredBefore(before: number): Promise<void> {
    await this.db.deleteFrom('sms_code').where('expires_at', '<', before).execute();
  }
}
