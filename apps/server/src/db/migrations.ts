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

    '0002_wecom': {
      async up(db: Kysely<any>) {
        const ws = () => db.schema.alterTable('work_space');
        // SQLite adds one column per ALTER TABLE.
        for (const [name, type, dflt] of [
          ['corp_id', 'varchar(64)', null],
          ['corp_name', 'varchar(128)', "''"],
          ['agent_id', 'varchar(32)', "''"],
          ['secret_enc', 'text', null],
          ['permanent_code_enc', 'text', null],
          ['callback_token', 'varchar(64)', "''"],
          ['callback_aes_key', 'varchar(64)', "''"],
          ['token_ok', 'integer', '0'],
          ['callback_verified', 'integer', '0'],
          ['contact_permission', 'integer', '0'],
          ['last_checked_at', 'bigint', null],
          ['sync_status', 'varchar(16)', "'idle'"],
          ['sync_progress', 'text', "'{}'"],
          ['synced_at', 'bigint', null],
          ['sync_error', 'text', null],
          ['updated_at', 'bigint', '0'],
        ] as const) {
          await ws()
            .addColumn(name, sql.raw(type), (c) => (dflt === null ? c : c.notNull().defaultTo(sql.raw(dflt))))
            .execute();
        }
        await db.schema.createIndex('work_space_corp_uq').on('work_space').columns(['account_id', 'corp_id']).unique().execute();

        const scoped = (name: string) =>
          db.schema
            .createTable(name)
            .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'));

        await scoped('department')
          .addColumn('id', 'integer', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('order', 'bigint', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('department_pk', ['work_space_id', 'id'])
          .execute();

        await scoped('member')
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull())
          .addColumn('department', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
          .addColumn('is_follow_user', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('member_pk', ['work_space_id', 'userid'])
          .execute();

        await scoped('corp_tag_group')
          .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull())
          .addColumn('order', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('corp_tag_group_pk', ['work_space_id', 'group_id'])
          .execute();

        await scoped('corp_tag')
          .addColumn('id', 'varchar(64)', (c) => c.notNull())
          .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull())
          .addColumn('order', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('corp_tag_pk', ['work_space_id', 'id'])
          .execute();

        await scoped('customer')
          .addColumn('external_userid', 'varchar(128)', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
          .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('unionid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('corp_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('customer_pk', ['work_space_id', 'external_userid'])
          .execute();

        await scoped('follow_relation')
          .addColumn('external_userid', 'varchar(128)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('remark', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
          .addColumn('createtime', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('add_way', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('state', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('oper_userid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('deleted_at', 'bigint')
          .addColumn('deleted_by_customer_at', 'bigint')
          .addPrimaryKeyConstraint('follow_relation_pk', ['work_space_id', 'external_userid', 'userid'])
          .execute();
        await db.schema.createIndex('follow_relation_user_idx').on('follow_relation').columns(['work_space_id', 'userid']).execute();

        await scoped('group_chat')
          .addColumn('chat_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('group_chat_pk', ['work_space_id', 'chat_id'])
          .execute();

        await scoped('group_member')
          .addColumn('chat_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('member_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('join_time', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('join_scene', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('invitor', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('left_at', 'bigint')
          .addPrimaryKeyConstraint('group_member_pk', ['work_space_id', 'chat_id', 'member_id'])
          .execute();

        // work_space_id 0 holds provider-level events (suite and template callbacks).
        await withId(db.schema.createTable('callback_event'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('dedupe_key', 'varchar(255)', (c) => c.notNull())
          .addColumn('raw_xml', 'text', (c) => c.notNull())
          .addColumn('parsed', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .addColumn('processed_at', 'bigint')
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('error', 'text')
          .execute();
        await db.schema.createIndex('callback_event_dedupe_uq').on('callback_event').columns(['work_space_id', 'dedupe_key']).unique().execute();
        await db.schema.createIndex('callback_event_pending_idx').on('callback_event').columns(['processed_at', 'next_attempt_at']).execute();

        await db.schema
          .createTable('suite_ticket')
          .addColumn('suite_id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('ticket', 'varchar(255)', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('wecom_auth_state')
          .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('work_space_id', 'integer')
          .addColumn('error', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('server_secret')
          .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        for (const t of ['server_secret', 'wecom_auth_state', 'suite_ticket', 'callback_event', 'group_member', 'group_chat',
          'follow_relation', 'customer', 'corp_tag', 'corp_tag_group', 'member', 'department']) {
          await db.schema.dropTable(t).ifExists().execute();
        }
        await db.schema.dropIndex('work_space_corp_uq').ifExists().execute();
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
