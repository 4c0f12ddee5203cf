// Migrations in code, run by Kysely's Migrator; the same steps on SQLite and PostgreSQL.
// Only the auto-increment id differs in spelling between the two dialects.
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_account': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('account'), dialect)
          .addColumn('parent_id', 'integer', (c) => c.references('account.id').onDelete('cascade'))
          .addColumn('account', 'varchar(64)', (c) => c.unique())
          .addColumn('phone', 'varchar(32)', (c) => c.unique())
          .addColumn('password_hash', 'text')
          .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
          .addColumn('gzh_openid', 'varchar(128)', (c) => c.unique())
          .addColumn('permission_keys', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('account_parent_idx').on('account').column('parent_id').execute();

        await db.schema
          .createTable('session')
          .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();

        await withId(db.schema.createTable('sms_code'), dialect)
          .addColumn('phone', 'varchar(32)', (c) => c.notNull())
          .addColumn('code_hash', 'char(64)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', 'bigint')
          .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'created_at']).execute();
        await db.schema.createIndex('sms_code_ip_idx').on('sms_code').columns(['ip', 'created_at']).execute();

        await withId(db.schema.createTable('login_failure'), dialect)
          .addColumn('key', 'varchar(160)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('login_failure_key_idx').on('login_failure').columns(['key', 'created_at']).execute();

        await db.schema
          .createTable('qr_scene')
          .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
          .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('cascade'))
          .addColumn('ticket', 'varchar(255)', (c) => c.notNull())
          .addColumn('url', 'varchar(512)', (c) => c.notNull())
          .addColumn('openid', 'varchar(128)')
          .addColumn('wx_nickname', 'varchar(128)')
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('work_space'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('nickname', 'varchar(128)', (c) => c.notNull())
          .addColumn('access_type', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('work_space_account_idx').on('work_space').column('account_id').execute();
      },
      async down(db: Kysely<any>) {
        for (const t of ['work_space', 'qr_scene', 'login_failure', 'sms_code', 'session', 'account']) {
          await db.schema.dropTable(t).ifExists().execute();
        }
      },
    },
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Used by tests and health checks: a round trip to the database. */
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
