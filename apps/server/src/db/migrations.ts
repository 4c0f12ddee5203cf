// Migrations in code, run by Kysely's Migrator; the same steps on SQLite and PostgreSQL.
// Only the auto-increment id differs in spelling between the two dialects.
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { roleKeys, withActionsBelow } from '@scrm/contracts/menu';

type Dialect = 'sqlite' | 'postgres';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** SQLite: the FTS5 tables of single characters and pairs (0020), with the column each indexes. */
const SHORT_WORD_INDEXES = [
  ['customer_name_grams', 'customer', 'name'],
  ['follow_remark_grams', 'follow_relation', 'remark'],
] as const;

/** PostgreSQL: the GIN indexes 客户列表's word search reads (0015's trigrams, 0020's characters and pairs). */
export const SEARCH_GIN_INDEXES = ['customer_name_trgm_idx', 'follow_relation_remark_trgm_idx', 'customer_name_grams_idx', 'follow_relation_remark_grams_idx'];

/** SQL for a text's characters and pairs of characters, space-separated (the tokens of the short-word tables). */
const gramsOf = (x: string) =>
  `(with recursive i(n) as (select 1 union all select n + 1 from i where n < length(${x})) select group_concat(substr(${x}, n, 2), ' ') || ' ' || group_concat(substr(${x}, n, 1), ' ') from i)`;

/**
 * PostgreSQL: `scrm_grams(t)`, a text's characters and pairs of characters (the keys of 0020's GIN
 * indexes and the short words' `@>`). 0020's SQL body, an aggregate over two series, is run as a query at
 * each call: 6.5 µs a name, against 1.4 µs for 0040's PL/pgSQL loop, on every row written to the indexes.
 * 0040's has the same words, some twice (GIN keeps each key once; `@>` ignores repeats), so the indexes
 * built with the one serve the other.
 */
const GRAMS_SQL = sql`create or replace function scrm_grams(t text) returns text[] language sql immutable parallel safe as $$
    select coalesce(array_agg(distinct g), '{}') from (
      select substr(t, i, 1) as g from generate_series(1, length(t)) i
      union all select substr(t, i, 2) from generate_series(1, length(t) - 1) i) x $$`;
const GRAMS_PLPGSQL = sql`create or replace function scrm_grams(t text) returns text[] language plpgsql immutable parallel safe as $$
    declare
      chars text[] := coalesce(string_to_array(t, null), '{}');
      grams text[] := chars;
    begin
      for i in 1 .. coalesce(array_length(chars, 1), 0) - 1 loop
        grams := grams || (chars[i] || chars[i + 1]);
      end loop;
      return grams;
    end $$`;

/** SQLite: the trigram tables of 0015 (FTS5 over the rows' own text). */
const TRIGRAM_INDEXES = [
  ['customer_name_fts', 'customer', 'name'],
  ['follow_remark_fts', 'follow_relation', 'remark'],
] as const;

/**
 * The triggers that keep a trigram table (0015) in step with its table's column. `skipEmpty` (0036):
 * an empty text, which no search finds, is not indexed; a row is in the index exactly when its text is
 * not empty, so a delete is told to the index only then.
 */
function trigramTriggers(fts: string, table: string, column: string, skipEmpty: boolean): string[] {
  const [isNew, isOld] = skipEmpty ? [` and new.${column} <> ''`, ` and old.${column} <> ''`] : ['', ''];
  return [
    `create trigger ${fts}_ai after insert on ${table}${skipEmpty ? ` when new.${column} <> ''` : ''} begin insert into ${fts}(rowid, ${column}) values (new.rowid, new.${column}); end`,
    `create trigger ${fts}_ad after delete on ${table}${skipEmpty ? ` when old.${column} <> ''` : ''} begin insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column}); end`,
    `create trigger ${fts}_au after update of ${column} on ${table} when old.${column} is not new.${column} begin
       insert into ${fts}(${fts}, rowid, ${column}) select 'delete', old.rowid, old.${column} where 1${isOld};
       insert into ${fts}(rowid, ${column}) select new.rowid, new.${column} where 1${isNew};
     end`,
  ];
}

/** The triggers that keep a short-word table (0020) in step with its table's column; `skipEmpty` as above. */
function gramTriggers(grams: string, table: string, column: string, skipEmpty: boolean): string[] {
  const [isNew, isOld] = skipEmpty ? [` and new.${column} <> ''`, ` and old.${column} <> ''`] : ['', ''];
  return [
    `create trigger ${grams}_ai after insert on ${table}${skipEmpty ? ` when new.${column} <> ''` : ''} begin insert into ${grams}(rowid, t) values (new.rowid, ${gramsOf(`new.${column}`)}); end`,
    `create trigger ${grams}_ad after delete on ${table}${skipEmpty ? ` when old.${column} <> ''` : ''} begin delete from ${grams} where rowid = old.rowid; end`,
    `create trigger ${grams}_au after update of ${column} on ${table} when old.${column} is not new.${column} begin
       delete from ${grams} where rowid = old.rowid${isOld};
       insert into ${grams}(rowid, t) select new.rowid, ${gramsOf(`new.${column}`)} where 1${isNew};
     end`,
  ];
}

/** SQLite: the search triggers of 0015 and 0020 made again, skipping empty texts or not (0036). */
async function searchTriggers(db: Kysely<any>, skipEmpty: boolean): Promise<void> {
  for (const [fts, table, column] of TRIGRAM_INDEXES) {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger ${fts}_${t}`).execute(db);
    for (const trigger of trigramTriggers(fts, table, column, skipEmpty)) await sql.raw(trigger).execute(db);
  }
  for (const [grams, table, column] of SHORT_WORD_INDEXES) {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger ${grams}_${t}`).execute(db);
    for (const trigger of gramTriggers(grams, table, column, skipEmpty)) await sql.raw(trigger).execute(db);
  }
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

    '0003_jobs': {
      async up(db: Kysely<any>) {
        // The durable job table (jobs/): claimed with FOR UPDATE SKIP LOCKED on PostgreSQL, leased and renewed.
        await withId(db.schema.createTable('job'), dialect)
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('work_space_id', 'integer', (c) => c.references('work_space.id').onDelete('cascade'))
          .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
          // Never run twice: a second enqueue with the same key adds nothing, even after the first is done.
          .addColumn('idempotency_key', 'varchar(255)', (c) => c.unique())
          // At most one queued job per key, and jobs with the same key never run at the same time.
          .addColumn('singleton_key', 'varchar(255)')
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('run_at', 'bigint', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(8))
          .addColumn('locked_by', 'varchar(64)')
          .addColumn('locked_until', 'bigint')
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .execute();
        // The claim walks the queued jobs in claim order and stops at its limit; done jobs are not in it.
        await sql`create index job_queue_idx on job (priority desc, run_at, id) where status = 'queued'`.execute(db);
        await db.schema.createIndex('job_status_idx').on('job').columns(['status', 'locked_until']).execute();
        await db.schema.createIndex('job_singleton_idx').on('job').columns(['singleton_key', 'status']).execute();
        await db.schema
          .createIndex('job_singleton_queued_uq')
          .on('job')
          .column('singleton_key')
          .unique()
          .where(sql<boolean>`status = 'queued'`)
          .execute();
        await db.schema.createIndex('job_ws_kind_idx').on('job').columns(['work_space_id', 'kind', 'status']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('job').ifExists().execute();
      },
    },

    '0004_acquisition': {
      async up(db: Kysely<any>) {
        const scoped = (name: string) =>
          withId(db.schema.createTable(name), dialect).addColumn('work_space_id', 'integer', (c) =>
            c.notNull().references('work_space.id').onDelete('cascade'),
          );
        const blob = sql.raw(dialect === 'postgres' ? 'bytea' : 'blob');

        // ---- materials (素材库)
        await scoped('material_group')
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('material_group_name_uq').on('material_group').columns(['work_space_id', 'name']).unique().execute();

        // Files live in the database, so every server process behind a load balancer can serve them.
        await scoped('material_file')
          .addColumn('name', 'varchar(255)', (c) => c.notNull())
          .addColumn('mime', 'varchar(128)', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('sha256', 'char(64)', (c) => c.notNull())
          .addColumn('token', 'varchar(32)', (c) => c.notNull())
          .addColumn('bytes', blob, (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await scoped('material')
          .addColumn('group_id', 'integer', (c) => c.references('material_group.id').onDelete('set null'))
          .addColumn('type', 'varchar(16)', (c) => c.notNull())
          .addColumn('title', 'varchar(64)', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
          .addColumn('appid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('page', 'varchar(255)', (c) => c.notNull().defaultTo(''))
          .addColumn('file_id', 'integer', (c) => c.references('material_file.id').onDelete('set null'))
          .addColumn('cover_file_id', 'integer', (c) => c.references('material_file.id').onDelete('set null'))
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();
        await db.schema.createIndex('material_ws_idx').on('material').columns(['work_space_id', 'deleted_at', 'type']).execute();

        // WeCom media ids of a file (valid 3 days), renewed before they run out.
        await db.schema
          .createTable('material_media')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('file_id', 'integer', (c) => c.notNull().references('material_file.id').onDelete('cascade'))
          .addColumn('media_type', 'varchar(16)', (c) => c.notNull())
          .addColumn('media_id', 'varchar(255)', (c) => c.notNull())
          .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('material_media_pk', ['work_space_id', 'file_id', 'media_type'])
          .execute();

        // ---- contact ways: channel codes (渠道活码), staff codes (员工活码), one-customer-one-code leads (一客一码)
        await scoped('contact_way_group')
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('contact_way_group_name_uq').on('contact_way_group').columns(['work_space_id', 'name']).unique().execute();

        await scoped('lead_batch')
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('skip_verify', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('welcome', 'text', (c) => c.notNull().defaultTo('{"text":"","materialIds":[]}'))
          .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();

        await scoped('contact_way')
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('group_id', 'integer', (c) => c.references('contact_way_group.id').onDelete('set null'))
          .addColumn('lead_batch_id', 'integer', (c) => c.references('lead_batch.id').onDelete('cascade'))
          .addColumn('config_id', 'varchar(64)')
          .addColumn('qr_code', 'varchar(512)', (c) => c.notNull().defaultTo(''))
          .addColumn('state', 'varchar(32)', (c) => c.notNull())
          .addColumn('way_type', 'integer', (c) => c.notNull())
          .addColumn('skip_verify', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('distribution', 'varchar(16)', (c) => c.notNull().defaultTo('round_robin'))
          .addColumn('daily_cap', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('welcome', 'text', (c) => c.notNull().defaultTo('{"text":"","materialIds":[]}'))
          .addColumn('current_users', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('error', 'text')
          .addColumn('remark', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('expires_at', 'bigint')
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();
        await db.schema.createIndex('contact_way_state_uq').on('contact_way').columns(['work_space_id', 'state']).unique().execute();
        await db.schema.createIndex('contact_way_kind_idx').on('contact_way').columns(['work_space_id', 'kind', 'deleted_at']).execute();
        await db.schema.createIndex('contact_way_batch_idx').on('contact_way').column('lead_batch_id').execute();

        await db.schema
          .createTable('contact_way_member')
          .addColumn('contact_way_id', 'integer', (c) => c.notNull().references('contact_way.id').onDelete('cascade'))
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('daily_cap', 'integer')
          .addColumn('backup', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
          .addPrimaryKeyConstraint('contact_way_member_pk', ['contact_way_id', 'userid'])
          .execute();
        await db.schema.createIndex('contact_way_member_user_idx').on('contact_way_member').columns(['work_space_id', 'userid']).execute();

        await scoped('lead')
          .addColumn('batch_id', 'integer', (c) => c.notNull().references('lead_batch.id').onDelete('cascade'))
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
          .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('contact_way_id', 'integer', (c) => c.references('contact_way.id').onDelete('set null'))
          .addColumn('external_userid', 'varchar(128)')
          .addColumn('userid', 'varchar(64)')
          .addColumn('added_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('lead_batch_idx').on('lead').columns(['batch_id', 'id']).execute();
        await db.schema.createIndex('lead_way_idx').on('lead').column('contact_way_id').execute();

        // Every add_external_contact event: which code (and lead) it came through, its welcome and tags,
        // and when either side deleted the other (retention, risk).
        await scoped('contact_way_add')
          .addColumn('contact_way_id', 'integer')
          .addColumn('lead_id', 'integer')
          .addColumn('callback_event_id', 'integer', (c) => c.unique())
          .addColumn('external_userid', 'varchar(128)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('state', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('added_at', 'bigint', (c) => c.notNull())
          // The customer had no relation with any member of the corp before.
          .addColumn('new_customer', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('welcome_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
          .addColumn('welcome_at', 'bigint')
          .addColumn('welcome_error', 'text')
          .addColumn('tag_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('tag_error', 'text')
          .addColumn('deleted_by_member_at', 'bigint')
          .addColumn('deleted_by_customer_at', 'bigint')
          .execute();
        await db.schema.createIndex('cw_add_way_idx').on('contact_way_add').columns(['work_space_id', 'contact_way_id', 'added_at']).execute();
        await db.schema.createIndex('cw_add_user_idx').on('contact_way_add').columns(['work_space_id', 'userid', 'added_at']).execute();
        await db.schema.createIndex('cw_add_customer_idx').on('contact_way_add').columns(['work_space_id', 'external_userid']).execute();

        // ---- risk control (风控)
        await scoped('cron_plan')
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('userids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();

        await scoped('limit_plan')
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('userids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('daily_cap', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('hourly_cap', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('burst_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('burst_minutes', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('delete_percent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('delete_min', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();

        // A member taken offline, on one code (contact_way_id) or on every code (0). One row per member,
        // scope, kind and period, so a detector that fires twice takes them offline once.
        await scoped('member_offline')
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('contact_way_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('kind', 'varchar(24)', (c) => c.notNull())
          .addColumn('period', 'varchar(48)', (c) => c.notNull())
          .addColumn('reason', 'varchar(255)', (c) => c.notNull())
          .addColumn('plan_id', 'integer')
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('until', 'bigint')
          .addColumn('ended_at', 'bigint')
          .addColumn('ended_by', 'integer')
          .execute();
        await db.schema
          .createIndex('member_offline_uq')
          .on('member_offline')
          .columns(['work_space_id', 'userid', 'contact_way_id', 'kind', 'period'])
          .unique()
          .execute();
        await db.schema.createIndex('member_offline_active_idx').on('member_offline').columns(['work_space_id', 'ended_at']).execute();

        await scoped('risk_record')
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('contact_way_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('kind', 'varchar(24)', (c) => c.notNull())
          .addColumn('action', 'varchar(8)', (c) => c.notNull())
          .addColumn('reason', 'varchar(255)', (c) => c.notNull())
          .addColumn('offline_id', 'integer')
          .addColumn('plan_id', 'integer')
          .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('operator_id', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('risk_record_ws_idx').on('risk_record').columns(['work_space_id', 'created_at']).execute();

        // What the message centre will deliver (delivery arrives with the notifications work).
        await scoped('notification')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('title', 'varchar(128)', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('ref_id', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('read_at', 'bigint')
          .addColumn('delivered_at', 'bigint')
          .execute();
        await db.schema.createIndex('notification_account_idx').on('notification').columns(['account_id', 'created_at']).execute();
        // A customer's record lists the groups they are in.
        await db.schema.createIndex('group_member_member_idx').on('group_member').columns(['work_space_id', 'member_id']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('group_member_member_idx').ifExists().execute();
        for (const t of ['notification', 'risk_record', 'member_offline', 'limit_plan', 'cron_plan', 'contact_way_add', 'lead',
          'contact_way_member', 'contact_way', 'lead_batch', 'contact_way_group', 'material_media', 'material', 'material_file', 'material_group']) {
          await db.schema.dropTable(t).ifExists().execute();
        }
      },
    },
    // Callbacks seen (signature, timestamp, nonce): a second delivery of the same signed request is
    // refused while its timestamp is still accepted. The key is unique, so the first process wins.
    '0006_callback_nonce': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('callback_nonce')
          .addColumn('key', 'char(64)', (c) => c.primaryKey())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('callback_nonce_expires_idx').on('callback_nonce').column('expires_at').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('callback_nonce').ifExists().execute();
      },
    },
    '0008_job_fencing': {
      async up(db: Kysely<any>) {
        // Each claim of a job takes the next fence: a run whose fence is no longer the row's touches nothing.
        await db.schema.alterTable('job').addColumn('fence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        // The run that is asking WeCom to make a code's contact way (job id and fence), and since when.
        await db.schema.alterTable('contact_way').addColumn('creating_by', 'varchar(64)').execute();
        await db.schema.alterTable('contact_way').addColumn('creating_at', 'bigint').execute();
        // The daily cleanup drops events past their retention.
        await db.schema.createIndex('callback_event_received_idx').on('callback_event').column('received_at').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('callback_event_received_idx').ifExists().execute();
        await db.schema.alterTable('contact_way').dropColumn('creating_at').execute();
        await db.schema.alterTable('contact_way').dropColumn('creating_by').execute();
        await db.schema.alterTable('job').dropColumn('fence').execute();
      },
    },
    // The customer model the list, the tag counts, auto-tag rules and the data centre read:
    // one row per tag on a follow relation (the filterable form of follow_relation.tag_ids), and one
    // row per thing that happened to a customer (the timeline and the source of the daily roll-ups).
    '0009_customer_model': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('follow_tag')
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('tag_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('external_userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addPrimaryKeyConstraint('follow_tag_pk', ['work_space_id', 'tag_id', 'external_userid', 'userid'])
          .execute();
        await db.schema.createIndex('follow_tag_customer_idx').on('follow_tag').columns(['work_space_id', 'external_userid', 'userid']).execute();
        await withId(db.schema.createTable('customer_event'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('external_userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('dedupe_key', 'varchar(128)', (c) => c.unique())
          .execute();
        await db.schema.createIndex('customer_event_customer_idx').on('customer_event').columns(['work_space_id', 'external_userid', 'at']).execute();
        await db.schema.createIndex('customer_event_kind_idx').on('customer_event').columns(['work_space_id', 'kind', 'at']).execute();
        // Existing relations' tags.
        const rows = await db.selectFrom('follow_relation').select(['work_space_id', 'external_userid', 'userid', 'tag_ids']).execute();
        const values: Array<Record<string, unknown>> = [];
        for (const r of rows as Array<{ work_space_id: number; external_userid: string; userid: string; tag_ids: string }>) {
          let ids: unknown = [];
          try {
            ids = JSON.parse(r.tag_ids);
          } catch {
            ids = [];
          }
          if (!Array.isArray(ids)) continue;
          for (const id of new Set(ids.filter((x): x is string => typeof x === 'string' && x.length > 0)))
            values.push({ work_space_id: r.work_space_id, tag_id: id, external_userid: r.external_userid, userid: r.userid });
        }
        for (let i = 0; i < values.length; i += 200) await db.insertInto('follow_tag').values(values.slice(i, i + 200)).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('customer_event').ifExists().execute();
        await db.schema.dropTable('follow_tag').ifExists().execute();
      },
    },
    // Customers per tag, counted by a job and read by the tag page: the grouped count over follow_tag
    // takes seconds at a million customers (bench/tag-counts.ts), the page must not.
    '0010_tags': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('tag_customer_count')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('tag_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('customers', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('tag_customer_count_pk', ['work_space_id', 'tag_id'])
          .execute();
        await db.schema
          .createTable('tag_count_state')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().primaryKey().references('work_space.id').onDelete('cascade'))
          .addColumn('counted_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('tag_count_state').ifExists().execute();
        await db.schema.dropTable('tag_customer_count').ifExists().execute();
      },
    },
    // 客户列表: the indexes its query shapes walk (docs/customers.md has the plans), the phone numbers
    // a member noted on a relation, and the batch tag jobs with their failures.
    '0011_customer_list': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('follow_relation').addColumn('remark_mobiles', 'text', (c) => c.notNull().defaultTo('[]')).execute();
        await db.schema.createIndex('follow_relation_time_idx').on('follow_relation').columns(['work_space_id', 'createtime']).execute();
        await db.schema.createIndex('follow_relation_user_time_idx').on('follow_relation').columns(['work_space_id', 'userid', 'createtime']).execute();
        await db.schema.createIndex('follow_relation_state_idx').on('follow_relation').columns(['work_space_id', 'state']).execute();
        await db.schema.createIndex('customer_name_idx').on('customer').columns(['work_space_id', 'name']).execute();
        await withId(db.schema.createTable('customer_batch'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('add_tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('remove_tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('filter', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('cursor', 'text')
          .addColumn('error', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .execute();
        await db.schema.createIndex('customer_batch_ws_idx').on('customer_batch').columns(['work_space_id', 'id']).execute();
        await withId(db.schema.createTable('customer_batch_failure'), dialect)
          .addColumn('batch_id', 'integer', (c) => c.notNull())
          .addColumn('external_userid', 'varchar(128)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('errcode', 'integer', (c) => c.notNull())
          .addColumn('error', 'varchar(512)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('customer_batch_failure_uq')
          .on('customer_batch_failure')
          .columns(['batch_id', 'external_userid', 'userid'])
          .unique()
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('customer_batch_failure').ifExists().execute();
        await db.schema.dropTable('customer_batch').ifExists().execute();
        await db.schema.dropIndex('customer_name_idx').ifExists().execute();
        await db.schema.dropIndex('follow_relation_state_idx').ifExists().execute();
        await db.schema.dropIndex('follow_relation_user_time_idx').ifExists().execute();
        await db.schema.dropIndex('follow_relation_time_idx').ifExists().execute();
        await db.schema.alterTable('follow_relation').dropColumn('remark_mobiles').execute();
      },
    },
    // 客户群 and 客户继承: member changes of groups as their events arrive (one row per callback event,
    // so an event processed twice counts once) and customers handed from one member to another.
    '0012_groups_transfers': {
      async up(db: Kysely<any>) {
        const bigId = (name: string) =>
          dialect === 'postgres'
            ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
            : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
        await bigId('group_event')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('chat_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('scene', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('member_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('callback_event_id', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('group_event_callback_uq').on('group_event').column('callback_event_id').unique().execute();
        await db.schema.createIndex('group_event_chat_idx').on('group_event').columns(['work_space_id', 'chat_id', 'at']).execute();
        await db.schema.createIndex('group_event_at_idx').on('group_event').columns(['work_space_id', 'at']).execute();

        await bigId('customer_transfer')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('handover_userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('takeover_userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('external_userid', 'varchar(128)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('errcode', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('takeover_time', 'bigint')
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('checked_at', 'bigint')
          .execute();
        await db.schema.createIndex('customer_transfer_ws_idx').on('customer_transfer').columns(['work_space_id', 'created_at']).execute();
        await db.schema.createIndex('customer_transfer_status_idx').on('customer_transfer').columns(['status', 'work_space_id']).execute();
        await db.schema.createIndex('customer_transfer_customer_idx').on('customer_transfer').columns(['work_space_id', 'external_userid']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('customer_transfer').ifExists().execute();
        await db.schema.dropTable('group_event').ifExists().execute();
      },
    },
    // 自动标签: rules with their retroactive run's progress, and the record that keeps a rule's tags
    // to one marking per relation (the unique key); a code's customers are found through 0011's
    // follow_relation_state_idx.
    '0013_auto_tag': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('auto_tag_rule'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('condition', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('run_status', 'varchar(16)', (c) => c.notNull().defaultTo('idle'))
          .addColumn('run_matched', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('run_done', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('run_failed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('run_after_external', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('run_after_user', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('run_started_at', 'bigint')
          .addColumn('run_finished_at', 'bigint')
          .addColumn('run_error', 'varchar(500)')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('auto_tag_rule_ws_idx').on('auto_tag_rule').columns(['work_space_id', 'kind', 'enabled']).execute();
        await withId(db.schema.createTable('auto_tag_record'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('rule_id', 'integer', (c) => c.notNull().references('auto_tag_rule.id').onDelete('cascade'))
          .addColumn('external_userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('source', 'varchar(16)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('error', 'varchar(500)')
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('auto_tag_record_once', ['rule_id', 'external_userid', 'userid'])
          .execute();
        await db.schema.createIndex('auto_tag_record_rule_idx').on('auto_tag_record').columns(['rule_id', 'at']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('auto_tag_record').ifExists().execute();
        await db.schema.dropTable('auto_tag_rule').ifExists().execute();
      },
    },
    // The data centre's roll-ups (one row per work space, dimension, day or month, and member / code /
    // tag), kept up to date as customer events are recorded; loss alerts (流失提醒) as notifications.
    '0014_data_centre': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('customer_daily')
          .$call(dailyRollupColumns)
          // SQLite: the rows stored in key order (without rowid), so a range of days or months is read
          // in one pass with its counts; PostgreSQL: the unique key carries the counts (index-only scans).
          .$call((t) =>
            dialect === 'sqlite' ? t.addPrimaryKeyConstraint('customer_daily_pk', ['work_space_id', 'dim', 'grain', 'period', 'key']).modifyEnd(sql`without rowid`) : t,
          )
          .execute();
        if (dialect === 'postgres')
          await sql`create unique index customer_daily_pk on customer_daily (work_space_id, dim, grain, period, key)
            include (adds, deleted_by_member, deleted_by_customer, lost_1, lost_7, lost_30)`.execute(db);
        // One member's, code's or tag's days (a filtered series).
        await db.schema.createIndex('customer_daily_key_idx').on('customer_daily').columns(['work_space_id', 'dim', 'grain', 'key', 'period']).execute();
        // 流失提醒 go into the notification table the risk engine writes to, with whom they are about.
        await db.schema.alterTable('notification').addColumn('external_userid', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
        await db.schema.alterTable('notification').addColumn('userid', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
        await db.schema.createIndex('notification_ws_idx').on('notification').columns(['work_space_id', 'kind', 'created_at']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('notification_ws_idx').ifExists().execute();
        await db.schema.alterTable('notification').dropColumn('userid').execute();
        await db.schema.alterTable('notification').dropColumn('external_userid').execute();
        await db.schema.dropTable('customer_daily').ifExists().execute();
      },
    },
    // 客户列表 at a million customers (docs/customers.md): a search index for customer names and
    // member remarks (SQLite: FTS5 trigram tables over the rows, kept in step by triggers; PostgreSQL:
    // pg_trgm GIN), the exact totals counted in the background and kept a minute, and a batch's count
    // moved into its job (counted_at null until the job has counted).
    '0015_customer_list_speed': {
      async up(db: Kysely<any>) {
        if (dialect === 'sqlite') {
          for (const [fts, table, column] of TRIGRAM_INDEXES) {
            await sql.raw(`create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='rowid', tokenize='trigram')`).execute(db);
            await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
            for (const trigger of trigramTriggers(fts, table, column, false)) await sql.raw(trigger).execute(db);
          }
        } else {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index customer_name_trgm_idx on customer using gin (name gin_trgm_ops)`.execute(db);
          await sql`create index follow_relation_remark_trgm_idx on follow_relation using gin (remark gin_trgm_ops)`.execute(db);
        }
        // A code's relations in add-time order: the list walks one branch per code (as per member).
        await db.schema.createIndex('follow_relation_state_time_idx').on('follow_relation').columns(['work_space_id', 'state', 'createtime']).execute();
        await db.schema.dropIndex('follow_relation_state_idx').execute();
        // SQLite: statistics that know the new index (with old ones only, it took it for the time walk and
        // sorted the table). A full analyze (4 s at two million relations): sampled ones (analysis_limit)
        // put a work space at a thousand relations, and 500 customers' relations were then read by walking
        // the time index (9 s a round of the export).
        if (dialect === 'sqlite') await sql`analyze follow_relation`.execute(db);
        await db.schema
          .createTable('customer_count')
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('filter_key', 'varchar(64)', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('counted_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('customer_count_pk', ['work_space_id', 'filter_key'])
          .execute();
        await db.schema.alterTable('customer_batch').addColumn('counted_at', 'bigint').execute();
        await sql`update customer_batch set counted_at = created_at`.execute(db);
      },
      async down(db: Kysely<any>) {
        await db.schema.createIndex('follow_relation_state_idx').on('follow_relation').columns(['work_space_id', 'state']).execute();
        await db.schema.dropIndex('follow_relation_state_time_idx').ifExists().execute();
        await db.schema.alterTable('customer_batch').dropColumn('counted_at').execute();
        await db.schema.dropTable('customer_count').ifExists().execute();
        if (dialect === 'sqlite') {
          for (const fts of ['customer_name_fts', 'follow_remark_fts']) {
            for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
            await sql.raw(`drop table if exists ${fts}`).execute(db);
          }
        } else {
          await db.schema.dropIndex('follow_relation_remark_trgm_idx').ifExists().execute();
          await db.schema.dropIndex('customer_name_trgm_idx').ifExists().execute();
        }
      },
    },
    // The data centre counts customers by their relations' state (添加时间, deletions, current tags) so it
    // agrees with the customer list: the customers whose relations changed (marked with the change), what
    // each customer contributes (to apply a change as a difference) and the rebuild's lease. The event-based
    // roll-ups are dropped and every customer is marked, so the catch-up job recounts them.
    '0016_data_centre_defs': {
      async up(db: Kysely<any>) {
        for (const table of ['customer_daily_dirty', 'customer_daily_part'])
          await db.schema
            .createTable(table)
            .addColumn('work_space_id', 'integer', (c) => c.notNull())
            .addColumn('external_userid', 'varchar(64)', (c) => c.notNull())
            .$call((t) => (table === 'customer_daily_part' ? t.addColumn('parts', 'text', (c) => c.notNull()) : t))
            .addPrimaryKeyConstraint(`${table}_pk`, ['work_space_id', 'external_userid'])
            .execute();
        await db.schema
          .createTable('customer_daily_rebuild')
          .addColumn('work_space_id', 'integer', (c) => c.primaryKey())
          .addColumn('until', 'bigint', (c) => c.notNull())
          .execute();
        await db.deleteFrom('customer_daily').execute();
        await sql`insert into customer_daily_dirty (work_space_id, external_userid)
          select distinct work_space_id, external_userid from follow_relation`.execute(db);
      },
      async down(db: Kysely<any>) {
        for (const table of ['customer_daily_rebuild', 'customer_daily_part', 'customer_daily_dirty']) await db.schema.dropTable(table).ifExists().execute();
      },
    },
    // The tag page's own 「同步企业微信标签」 state (apart from the work space's full sync and its banner).
    '0017_customer_fixes': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('tag_sync')
          .addColumn('work_space_id', 'integer', (c) => c.notNull().primaryKey().references('work_space.id').onDelete('cascade'))
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('synced_at', 'bigint')
          .addColumn('error', 'varchar(500)')
          .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tag_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('tag_sync').ifExists().execute();
      },
    },
    // 群发 (docs/push.md): a push, its WeCom tasks (one add_msg_template each, msgid once) and each
    // customer's (or group's) result, the task it went in and when it was sent.
    '0018_push': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('push'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('chat_type', 'varchar(8)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('audience', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('attachments', 'text')
          .addColumn('send_at', 'bigint')
          .addColumn('started_at', 'bigint')
          .addColumn('finished_at', 'bigint')
          .addColumn('planned', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('plan_cursor', 'varchar(200)')
          .addColumn('targets', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('members_sent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('unsent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('over_cap', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('error', 'varchar(500)')
          .addColumn('tracked_at', 'bigint')
          .addColumn('next_track_at', 'bigint')
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('push_ws_idx').on('push').columns(['work_space_id', 'created_at']).execute();
        await db.schema.createIndex('push_due_idx').on('push').columns(['status', 'send_at']).execute();
        await withId(db.schema.createTable('push_task'), dialect)
          .addColumn('push_id', 'integer', (c) => c.notNull().references('push.id').onDelete('cascade'))
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('sender', 'varchar(64)', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('targets', 'integer', (c) => c.notNull())
          .addColumn('state', 'varchar(16)', (c) => c.notNull())
          .addColumn('attempted_at', 'bigint')
          .addColumn('msgid', 'varchar(128)', (c) => c.unique())
          .addColumn('member_status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('send_time', 'bigint')
          .addColumn('results_read', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reminded_at', 'bigint')
          .addColumn('reminder_times', 'varchar(200)')
          .addColumn('cancelled_at', 'bigint')
          .addColumn('error', 'varchar(500)')
          .addUniqueConstraint('push_task_seq_uq', ['push_id', 'sender', 'seq'])
          .execute();
        await db.schema
          .createTable('push_target')
          .addColumn('push_id', 'integer', (c) => c.notNull().references('push.id').onDelete('cascade'))
          .addColumn('work_space_id', 'integer', (c) => c.notNull())
          .addColumn('target_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('task_id', 'integer')
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('send_time', 'bigint')
          .addPrimaryKeyConstraint('push_target_pk', ['push_id', 'target_id'])
          .execute();
        await db.schema.createIndex('push_target_task_idx').on('push_target').columns(['task_id']).execute();
        await db.schema.createIndex('push_target_user_idx').on('push_target').columns(['push_id', 'userid', 'target_id']).execute();
        // WeCom's monthly cap: how many pushes a customer received since the month began
        await db.schema.createIndex('push_target_received_idx').on('push_target').columns(['work_space_id', 'target_id', 'send_time']).execute();
      },
      async down(db: Kysely<any>) {
        for (const t of ['push_target', 'push_task', 'push']) await db.schema.dropTable(t).ifExists().execute();
      },
    },
    // 朋友圈: a moments task (add_moment_task, made once: attempted_at is written before the call) and
    // each sender's publish state as get_moment_task reports it (docs/moment.md).
    '0019_moment': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('moment'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('range', 'text', (c) => c.notNull())
          .addColumn('send_at', 'bigint')
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('started_at', 'bigint')
          .addColumn('finished_at', 'bigint')
          .addColumn('attempted_at', 'bigint')
          .addColumn('jobid', 'varchar(255)')
          .addColumn('moment_id', 'varchar(255)')
          .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('unpublished', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('invalid_senders', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('invalid_tags', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('error', 'varchar(500)')
          .addColumn('tracked_at', 'bigint')
          .addColumn('next_track_at', 'bigint')
          .execute();
        await db.schema.createIndex('moment_ws_idx').on('moment').columns(['work_space_id', 'created_at']).execute();
        await db.schema.createIndex('moment_due_idx').on('moment').columns(['status', 'send_at']).execute();
        await db.schema.createIndex('moment_track_idx').on('moment').columns(['status', 'next_track_at']).execute();
        await db.schema
          .createTable('moment_member')
          .addColumn('task_id', 'integer', (c) => c.notNull().references('moment.id').onDelete('cascade'))
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('published_at', 'bigint')
          .addColumn('reminded_at', 'bigint')
          .addPrimaryKeyConstraint('moment_member_pk', ['task_id', 'userid'])
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('moment_member').ifExists().execute();
        await db.schema.dropTable('moment').ifExists().execute();
      },
    },
    // 客户列表's search for words of one or two characters (a surname, 「老王」): the trigram indexes of
    // 0015 cannot answer them, and one pass over a million names held a SQLite server for seconds. Each
    // name and remark is indexed again by its single characters and pairs of characters (SQLite: FTS5
    // tables of those as tokens, kept by triggers; PostgreSQL: GIN over an array of them).
    '0020_short_words': {
      async up(db: Kysely<any>) {
        if (dialect === 'sqlite') {
          for (const [grams, table, column] of SHORT_WORD_INDEXES) {
            await sql.raw(`create virtual table ${grams} using fts5(t, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`).execute(db);
            await sql.raw(`insert into ${grams}(rowid, t) select rowid, ${gramsOf(column)} from ${table}`).execute(db);
            for (const trigger of gramTriggers(grams, table, column, false)) await sql.raw(trigger).execute(db);
          }
        } else {
          await GRAMS_SQL.execute(db);
          await sql`create index customer_name_grams_idx on customer using gin (scrm_grams(name))`.execute(db);
          await sql`create index follow_relation_remark_grams_idx on follow_relation using gin (scrm_grams(remark))`.execute(db);
        }
      },
      async down(db: Kysely<any>) {
        if (dialect === 'sqlite') {
          for (const [grams] of SHORT_WORD_INDEXES) {
            for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${grams}_${t}`).execute(db);
            await sql.raw(`drop table if exists ${grams}`).execute(db);
          }
        } else {
          await db.schema.dropIndex('follow_relation_remark_grams_idx').ifExists().execute();
          await db.schema.dropIndex('customer_name_grams_idx').ifExists().execute();
          await sql`drop function if exists scrm_grams(text)`.execute(db);
        }
      },
    },
    // 客户列表's tags filter sorts a tag's relations by add time from follow_tag's key alone (and keeps an
    // add-time range there): each row carries its relation's createtime, written with it by
    // sync/follow-tag.repository.ts (every follow_tag write, so also a re-add's new createtime).
    '0021_follow_tag_time': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('follow_tag').addColumn('createtime', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
        if (dialect === 'sqlite')
          await sql`update follow_tag set createtime = coalesce((select f.createtime from follow_relation f where f.work_space_id = follow_tag.work_space_id
            and f.external_userid = follow_tag.external_userid and f.userid = follow_tag.userid), 0)`.execute(db);
        else
          await sql`update follow_tag t set createtime = f.createtime from follow_relation f
            where f.work_space_id = t.work_space_id and f.external_userid = t.external_userid and f.userid = t.userid`.execute(db);
        await db.schema.createIndex('follow_tag_time_idx').on('follow_tag').columns(['work_space_id', 'tag_id', 'createtime', 'external_userid', 'userid']).execute();
        // Statistics that know the new index and column (SQLite without them may take the index for the
        // key's lookups; PostgreSQL's were of a table every row of which was just rewritten).
        await sql`analyze follow_tag`.execute(db);
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('follow_tag_time_idx').ifExists().execute();
        await db.schema.alterTable('follow_tag').dropColumn('createtime').execute();
      },
    },
    // 成员分组: named groups of a work space's members (the pickers choose a group's members at once).
    // A member who leaves the corp keeps the row (shown as departed), so one who returns is in the group again.
    '0022_member_group': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('member_group'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('member_group_name_uq').on('member_group').columns(['work_space_id', 'name']).unique().execute();
        await db.schema
          .createTable('member_group_member')
          .addColumn('group_id', 'integer', (c) => c.notNull().references('member_group.id').onDelete('cascade'))
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('userid', 'varchar(64)', (c) => c.notNull())
          .addColumn('added_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('member_group_member_pk', ['group_id', 'userid'])
          .execute();
        await db.schema.createIndex('member_group_member_user_idx').on('member_group_member').columns(['work_space_id', 'userid']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('member_group_member').ifExists().execute();
        await db.schema.dropTable('member_group').ifExists().execute();
      },
    },
    // 功能角色 and a child's work spaces. A child's keys become its role's, read on each request; each main
    // account's children holding the same keys before get one role 「原有权限」 (numbered after the first), their
    // keys mapped to what they allowed (a page then covered its changes: withActionsBelow), and keep seeing
    // every work space as before (all_work_spaces = 1).
    '0023_child_role': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('child_role'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('permission_keys', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('child_role_name_uq').on('child_role').columns(['account_id', 'name']).unique().execute();
        await db.schema.alterTable('account').addColumn('role_id', 'integer', (c) => c.references('child_role.id')).execute();
        await db.schema.alterTable('account').addColumn('all_work_spaces', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('account').addColumn('work_space_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute();
        await db.schema.createIndex('account_role_idx').on('account').column('role_id').execute();

        const kids: Array<{ id: number; parent_id: number; permission_keys: string }> = await db
          .selectFrom('account')
          .select(['id', 'parent_id', 'permission_keys'])
          .where('parent_id', 'is not', null)
          .orderBy('id')
          .execute();
        const roles = new Map<string, number>();
        const counts = new Map<number, number>();
        const now = Date.now();
        for (const kid of kids) {
          let keys: string[] = [];
          try {
            const v = JSON.parse(kid.permission_keys);
            if (Array.isArray(v)) keys = v.filter((k): k is string => typeof k === 'string');
          } catch {
            keys = [];
          }
          const mapped = roleKeys(withActionsBelow(keys)).keys;
          let roleId: number | null = null;
          if (mapped.length) {
            const id = `${kid.parent_id}:${mapped.join(',')}`;
            if (!roles.has(id)) {
              const n = (counts.get(kid.parent_id) ?? 0) + 1;
              counts.set(kid.parent_id, n);
              const row = await db
                .insertInto('child_role')
                .values({ account_id: kid.parent_id, name: n === 1 ? '原有权限' : `原有权限${n}`, permission_keys: JSON.stringify(mapped), created_at: now, updated_at: now })
                .returning('id')
                .executeTakeFirstOrThrow();
              roles.set(id, row.id);
            }
            roleId = roles.get(id)!;
          }
          await db.updateTable('account').set({ role_id: roleId, all_work_spaces: 1 }).where('id', '=', kid.id).execute();
        }
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('account_role_idx').ifExists().execute();
        await db.schema.alterTable('account').dropColumn('work_space_ids').execute();
        await db.schema.alterTable('account').dropColumn('all_work_spaces').execute();
        await db.schema.alterTable('account').dropColumn('role_id').execute();
        await db.schema.dropTable('child_role').ifExists().execute();
      },
    },
    // 消息中心 (docs/notify.md): per-account class settings, recipients bound to a WeChat user by scanning,
    // the QR requests that bind them, one delivery row per (notification, recipient, channel) — the
    // idempotency record and the log at once — and SMS credits with their recharges.
    '0024_notify_delivery': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('notify_class_setting')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('class_key', 'varchar(32)', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull())
          .addColumn('sms', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('notify_class_setting_pk', ['account_id', 'class_key'])
          .execute();
        await withId(db.schema.createTable('notify_recipient'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('phone', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('openid', 'varchar(128)')
          .addColumn('classes', 'text', (c) => c.notNull())
          .addColumn('bound_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notify_recipient_account_idx').on('notify_recipient').columns(['account_id', 'id']).execute();
        await db.schema.createIndex('notify_recipient_openid_uq').on('notify_recipient').columns(['account_id', 'openid']).unique().execute();
        await db.schema
          .createTable('notify_bind')
          .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('recipient_id', 'integer')
          .addColumn('name', 'varchar(30)', (c) => c.notNull())
          .addColumn('phone', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('notify_delivery'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('notification_id', 'integer', (c) => c.notNull().references('notification.id').onDelete('cascade'))
          .addColumn('recipient_id', 'integer', (c) => c.notNull())
          .addColumn('channel', 'varchar(8)', (c) => c.notNull())
          .addColumn('class_key', 'varchar(32)', (c) => c.notNull())
          .addColumn('target', 'varchar(128)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('attempted_at', 'bigint')
          .addColumn('msgid', 'varchar(64)')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('sent_at', 'bigint')
          .execute();
        await db.schema.createIndex('notify_delivery_once_uq').on('notify_delivery').columns(['notification_id', 'recipient_id', 'channel']).unique().execute();
        await db.schema.createIndex('notify_delivery_account_idx').on('notify_delivery').columns(['account_id', 'created_at']).execute();
        await db.schema
          .createTable('notify_credit')
          .addColumn('account_id', 'integer', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
          .addColumn('sms_balance', 'integer', (c) => c.notNull())
          .addColumn('sms_used', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('notify_recharge'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('amount', 'integer', (c) => c.notNull())
          .addColumn('balance_after', 'integer', (c) => c.notNull())
          .addColumn('note', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notify_recharge_account_idx').on('notify_recharge').columns(['account_id', 'created_at']).execute();
        // The notifications not yet planned into deliveries (the sweep's read); delivered_at is set once every delivery is final.
        await db.schema.alterTable('notification').addColumn('planned_at', 'bigint').execute();
        await db.schema.createIndex('notification_unplanned_idx').on('notification').columns(['planned_at', 'id']).execute();
        // Notifications written before this migration are history: not delivered now.
        await db.updateTable('notification').set({ planned_at: 0 }).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('notification_unplanned_idx').ifExists().execute();
        await db.schema.alterTable('notification').dropColumn('planned_at').execute();
        for (const t of ['notify_recharge', 'notify_credit', 'notify_delivery', 'notify_bind', 'notify_recipient', 'notify_class_setting']) {
          await db.schema.dropTable(t).ifExists().execute();
        }
      },
    },
    // 用户中心 and the sister platforms: a session's last activity (written at most once a minute, see
    // auth/session.service.ts) and the short-lived access tokens of GET /api/get_access_token, each tied to
    // the session that asked (revoking the session revokes them).
    '0025_user_centre': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('session').addColumn('last_seen_at', 'bigint').execute();
        await db.schema
          .createTable('access_token')
          .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
          .addColumn('session_hash', 'char(64)', (c) => c.notNull().references('session.token_hash').onDelete('cascade'))
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('audience', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .execute();
        await db.schema.createIndex('access_token_session_idx').on('access_token').column('session_hash').execute();
        await db.schema.createIndex('access_token_expiry_idx').on('access_token').column('expires_at').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('access_token').ifExists().execute();
        await db.schema.alterTable('session').dropColumn('last_seen_at').execute();
      },
    },
    // 资源包: the seats an account owns (docs/seats.md). A seat has a term (starts_at … expires_at) and a
    // state: free (in the account's pool, or given to a work space), bound (to a work space's member) or
    // expired. A member holds at most one live seat (the partial unique index); binds pick a free seat with
    // one conditional UPDATE, so concurrent binds never hand out more seats than there are.
    '0026_seat': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('seat'), dialect)
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('state', 'varchar(16)', (c) => c.notNull())
          .addColumn('work_space_id', 'integer')
          .addColumn('userid', 'varchar(64)')
          .addColumn('source', 'varchar(32)', (c) => c.notNull())
          .addColumn('starts_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('bound_at', 'bigint')
          .addColumn('notified_stage', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('seat_account_idx').on('seat').columns(['account_id', 'state', 'expires_at']).execute();
        await db.schema.createIndex('seat_expiry_idx').on('seat').columns(['state', 'expires_at']).execute();
        await db.schema
          .createIndex('seat_member_uq')
          .on('seat')
          .columns(['work_space_id', 'userid'])
          .unique()
          .where(sql<boolean>`state = 'bound'`)
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('seat').ifExists().execute();
      },
    },
    '0027_licence': {
      // 接口许可: the provider's licence orders for a work space and their activation codes, as last read from WeCom.
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('licence_order'), dialect)
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('order_id', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('base_count', 'integer', (c) => c.notNull())
          .addColumn('external_count', 'integer', (c) => c.notNull())
          .addColumn('months', 'integer', (c) => c.notNull())
          .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('paid_at', 'bigint')
          .addColumn('checked_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('licence_order_ws_idx').on('licence_order').columns(['work_space_id', 'id']).execute();
        await db.schema
          .createTable('licence_code')
          .addColumn('active_code', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('work_space_id', 'integer', (c) => c.notNull().references('work_space.id').onDelete('cascade'))
          .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('userid', 'varchar(64)')
          .addColumn('active_time', 'bigint')
          .addColumn('expire_time', 'bigint')
          .addColumn('checked_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('licence_code_ws_order_idx').on('licence_code').columns(['work_space_id', 'order_id']).execute();
        await db.schema.createIndex('licence_code_ws_user_idx').on('licence_code').columns(['work_space_id', 'userid']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('licence_code').ifExists().execute();
        await db.schema.dropTable('licence_order').ifExists().execute();
      },
    },
    // Commerce (docs/seats.md "Orders", docs/distributors.md): distributors who resell seats, the account a
    // distributor brought in (its promotion QR), and the seat orders paid through a payment provider. A
    // provider's notification is recorded once per (provider, notify_id), so a notification delivered twice
    // credits once.
    '0028_commerce': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('distributor'), dialect)
          .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('seat_price_fen', 'bigint', (c) => c.notNull())
          .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .alterTable('account')
          .addColumn('distributor_id', 'integer', (c) => c.references('distributor.id').onDelete('set null'))
          .execute();
        await db.schema.createIndex('account_distributor_idx').on('account').columns(['distributor_id', 'id']).execute();
        await withId(db.schema.createTable('seat_order'), dialect)
          .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('distributor_id', 'integer', (c) => c.references('distributor.id').onDelete('set null'))
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('seat_count', 'integer', (c) => c.notNull())
          .addColumn('term_days', 'integer', (c) => c.notNull())
          .addColumn('seat_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('unit_price_fen', 'bigint', (c) => c.notNull())
          .addColumn('amount_fen', 'bigint', (c) => c.notNull())
          .addColumn('state', 'varchar(16)', (c) => c.notNull())
          .addColumn('provider', 'varchar(16)', (c) => c.notNull())
          .addColumn('trade_no', 'varchar(64)')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('paid_at', 'bigint')
          .addColumn('closed_at', 'bigint')
          .execute();
        await db.schema.createIndex('seat_order_account_idx').on('seat_order').columns(['account_id', 'id']).execute();
        await db.schema.createIndex('seat_order_distributor_idx').on('seat_order').columns(['distributor_id', 'state', 'paid_at']).execute();
        await db.schema.createIndex('seat_order_pending_idx').on('seat_order').columns(['state', 'expires_at']).execute();
        await withId(db.schema.createTable('payment_notice'), dialect)
          .addColumn('provider', 'varchar(16)', (c) => c.notNull())
          .addColumn('notify_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('order_id', 'integer', (c) => c.references('seat_order.id').onDelete('cascade'))
          .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('payment_notice_uq').on('payment_notice').columns(['provider', 'notify_id']).unique().execute();
        await db.schema.createIndex('payment_notice_order_idx').on('payment_notice').columns(['order_id', 'id']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('payment_notice').ifExists().execute();
        await db.schema.dropTable('seat_order').ifExists().execute();
        await db.schema.dropIndex('account_distributor_idx').ifExists().execute();
        await db.schema.alterTable('account').dropColumn('distributor_id').execute();
        await db.schema.dropTable('distributor').ifExists().execute();
      },
    },
    // 客户列表's search on PostgreSQL: the GIN indexes of words (pg_trgm, 0015; characters and pairs,
    // 0020) keep at most 64 kB of entries not yet merged (the least PostgreSQL allows; its default is
    // 4 MB). Every search reads the whole of that pending list: after the million-customer seed it
    // held 260–380 pages per index, and the names' trigram index took 22–50 ms to answer a word no name
    // holds (10 pages once merged), the characters' index 51–148 ms for 「伟」 (against 15–19). A
    // writer now merges its entries after 64 kB of them rather than 4 MB (vacuum merges them too).
    '0030_search_pending_list': {
      async up(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        for (const index of SEARCH_GIN_INDEXES) {
          await sql.raw(`alter index ${index} set (gin_pending_list_limit = 64)`).execute(db);
          await sql.raw(`select gin_clean_pending_list('${index}'::regclass)`).execute(db);
        }
      },
      async down(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        for (const index of SEARCH_GIN_INDEXES) await sql.raw(`alter index ${index} reset (gin_pending_list_limit)`).execute(db);
      },
    },
    // 分销商门户 (docs/distributors.md): the distributors' own sessions (never the account `session` table, so
    // neither kind of token opens the other's calls), the login QR scenes shown through a promotion link (the
    // promo code survives from the scan to the account's creation; gone with their scene), and the seats a
    // distributor gave its customers.
    '0031_distributor': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('distributor_session')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('distributor_id', 'integer', (c) => c.notNull().references('distributor.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .addColumn('ip', 'varchar(64)', (c) => c.notNull())
          .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('distributor_session_distributor_idx').on('distributor_session').columns(['distributor_id']).execute();
        await db.schema
          .createTable('distributor_scene')
          .addColumn('scene_code', 'varchar(64)', (c) => c.primaryKey().references('qr_scene.code').onDelete('cascade'))
          .addColumn('distributor_id', 'integer', (c) => c.notNull().references('distributor.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('distributor_seat_record'), dialect)
          .addColumn('distributor_id', 'integer', (c) => c.notNull().references('distributor.id').onDelete('cascade'))
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('seat_count', 'integer', (c) => c.notNull())
          .addColumn('term_days', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('distributor_seat_record_idx').on('distributor_seat_record').columns(['distributor_id', 'created_at']).execute();
        await db.schema.createIndex('distributor_seat_record_account_idx').on('distributor_seat_record').columns(['account_id']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('distributor_seat_record').ifExists().execute();
        await db.schema.dropTable('distributor_scene').ifExists().execute();
        await db.schema.dropTable('distributor_session').ifExists().execute();
      },
    },
    '0032_api_speed': {
      async up(db: Kysely<any>) {
        // 成员列表's page in name order read from an index (the sort read every member's row).
        await db.schema.createIndex('member_name_idx').on('member').columns(['work_space_id', 'name', 'userid']).execute();
        if (dialect !== 'postgres') return;
        // Every process keeps resolved sessions a while (auth/session-cache.ts): any change that could change
        // a session's answer — a logout, a password change, a child disabled or edited, a role edited, an
        // account deleted — tells every process at its commit, whoever made it (a server, a script, psql).
        await sql`create function scrm_auth_changed() returns trigger language plpgsql as $$
          begin perform pg_notify('scrm_auth', ''); return null; end $$`.execute(db);
        await sql`create trigger account_auth_changed after update or delete on account for each statement execute function scrm_auth_changed()`.execute(db);
        await sql`create trigger child_role_auth_changed after update or delete on child_role for each statement execute function scrm_auth_changed()`.execute(db);
        // Not last_seen_at: it is written once a minute per session and changes no answer.
        await sql`create trigger session_auth_changed after update of revoked_at, expires_at, account_id or delete on session
          for each statement execute function scrm_auth_changed()`.execute(db);
      },
      async down(db: Kysely<any>) {
        if (dialect === 'postgres') {
          for (const t of ['account', 'child_role', 'session']) await sql.raw(`drop trigger if exists ${t}_auth_changed on ${t}`).execute(db);
          await sql`drop function if exists scrm_auth_changed()`.execute(db);
        }
        await db.schema.dropIndex('member_name_idx').ifExists().execute();
      },
    },
    // 客户列表's gender filter tests the relation it walks: the customer's gender copied onto each of its
    // relations (the sync writes it with the relation; a trigger copies a change of the customer's). Before,
    // every relation walked looked up its customer — at a million customers on PostgreSQL a random read
    // each (1.6 buffers), gender's p95 58–60 ms against a goal of 50.
    '0033_follow_gender': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('follow_relation').addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        if (dialect === 'postgres') {
          await sql`update follow_relation f set gender = c.gender from customer c
            where c.work_space_id = f.work_space_id and c.external_userid = f.external_userid and c.gender <> 0`.execute(db);
          await sql`create function scrm_customer_gender() returns trigger language plpgsql as $$
            begin
              update follow_relation set gender = new.gender
                where work_space_id = new.work_space_id and external_userid = new.external_userid and gender <> new.gender;
              return null;
            end $$`.execute(db);
          await sql`create trigger customer_gender_copied after update of gender on customer for each row
            when (old.gender is distinct from new.gender) execute function scrm_customer_gender()`.execute(db);
          return;
        }
        await sql`update follow_relation set gender = c.gender from customer c
          where c.work_space_id = follow_relation.work_space_id and c.external_userid = follow_relation.external_userid and c.gender <> 0`.execute(db);
        await sql`create trigger customer_gender_copied after update of gender on customer when old.gender is not new.gender begin
            update follow_relation set gender = new.gender
              where work_space_id = new.work_space_id and external_userid = new.external_userid and gender <> new.gender;
          end`.execute(db);
      },
      async down(db: Kysely<any>) {
        if (dialect === 'postgres') {
          await sql`drop trigger if exists customer_gender_copied on customer`.execute(db);
          await sql`drop function if exists scrm_customer_gender()`.execute(db);
        } else await sql`drop trigger if exists customer_gender_copied`.execute(db);
        await db.schema.alterTable('follow_relation').dropColumn('gender').execute();
      },
    },
    // Each member's customers, as the member list counts them per row, from the index alone: relations
    // by member and then deleted_at, so the live ones (deleted_at null) are one range of it. It takes the
    // place of (work_space_id, userid); counted through that one, every relation was read for its
    // deleted_at (a page of 20 members at 2,000 customers each: 40,000 rows).
    '0034_live_relations_by_member': {
      async up(db: Kysely<any>) {
        await db.schema.createIndex('follow_relation_live_user_idx').on('follow_relation').columns(['work_space_id', 'userid', 'deleted_at']).execute();
        await db.schema.dropIndex('follow_relation_user_idx').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.createIndex('follow_relation_user_idx').on('follow_relation').columns(['work_space_id', 'userid']).execute();
        await db.schema.dropIndex('follow_relation_live_user_idx').execute();
      },
    },
    // A rebuild's roll-ups are written here a batch at a time, then swapped into customer_daily in one
    // short transaction: written there directly, the last step of a rebuild after a first sync of
    // 200,000 customers held SQLite (and so every answer of the server) for 2.9 s.
    '0035_daily_staging': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('customer_daily_next')
          .$call(dailyRollupColumns)
          .addPrimaryKeyConstraint('customer_daily_next_pk', ['work_space_id', 'dim', 'grain', 'period', 'key'])
          .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('customer_daily_next').execute();
      },
    },
    // SQLite: an empty name or remark is not indexed for search. Half the relations a sync writes have no
    // remark, and each still cost two index writes (one per search table). Rows indexed before stay,
    // without words: harmless, and taken out or replaced by their next change.
    '0036_search_skips_empty': {
      async up(db: Kysely<any>) {
        if (dialect === 'sqlite') await searchTriggers(db, true);
      },
      async down(db: Kysely<any>) {
        if (dialect === 'sqlite') {
          await searchTriggers(db, false);
          // Put back what the old triggers expect: every row in the index.
          for (const [fts] of TRIGRAM_INDEXES) await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
          for (const [grams, table, column] of SHORT_WORD_INDEXES) {
            await sql.raw(`insert into ${grams}(rowid, t) select rowid, ${gramsOf(column)} from ${table} where ${column} = ''`).execute(db);
          }
        }
      },
    },
    // A refund's counts are kept on the order: the operator's refund and the provider's REFUND notice race,
    // and whichever takes the seats back, the operator's answer reports what was taken.
    '0037_order_taken_back': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('seat_order').addColumn('taken_back', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('seat_order').addColumn('kept_bound', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('seat_order').dropColumn('kept_bound').execute();
        await db.schema.alterTable('seat_order').dropColumn('taken_back').execute();
      },
    },
    '0038_job_active_indexes': {
      // The job table's indexes hold what the job loop looks for: queued jobs (job_queue_idx, the
      // singleton's unique key, as before), running ones (by lease, by singleton key) and finished ones
      // by age (the purge). The three full indexes they replace held every done job too and were
      // rewritten by each change of status (a claim, a `done`): the acquisition chain's four jobs an add.
      async up(db: Kysely<any>) {
        await db.schema.dropIndex('job_status_idx').execute();
        await db.schema.dropIndex('job_singleton_idx').execute();
        await db.schema.dropIndex('job_ws_kind_idx').execute();
        await sql`create index job_running_idx on job (locked_until) where status = 'running'`.execute(db);
        await sql`create index job_singleton_running_idx on job (singleton_key) where status = 'running'`.execute(db);
        await sql`create index job_finished_idx on job (finished_at) where finished_at is not null`.execute(db);
        // A work space's deletion cascades to its jobs.
        await db.schema.createIndex('job_work_space_idx').on('job').column('work_space_id').execute();
      },
      async down(db: Kysely<any>) {
        for (const name of ['job_running_idx', 'job_singleton_running_idx', 'job_finished_idx', 'job_work_space_idx']) await db.schema.dropIndex(name).execute();
        await db.schema.createIndex('job_status_idx').on('job').columns(['status', 'locked_until']).execute();
        await db.schema.createIndex('job_singleton_idx').on('job').columns(['singleton_key', 'status']).execute();
        await db.schema.createIndex('job_ws_kind_idx').on('job').columns(['work_space_id', 'kind', 'status']).execute();
      },
    },
    // SQLite: follow_tag stored in the order of its time key (0021), without a rowid. A first sync of
    // 200,000 customers wrote its ~600,000 tag rows into four B-trees (the rowid table, the primary key,
    // the customer index, the time index), and the time index took them all over its pages: in a replay of
    // the sync's writes the tag rows took about a third of the time. Stored by the time key, the whole sync
    // takes ~15 % less (bench/RESULTS.md, Sync). Now two B-trees: the table itself, keyed by
    // (work_space_id, tag_id, createtime, external_userid, userid), and the customer index. A relation's
    // tag is still there once: every write deletes the relation's rows before it inserts them
    // (sync/follow-tag.repository.ts). PostgreSQL keeps its table and indexes (a heap has no key order to
    // store the rows in).
    '0039_follow_tag_by_time': {
      async up(db: Kysely<any>) {
        if (dialect === 'sqlite') await rebuildFollowTag(db, 'by time');
      },
      async down(db: Kysely<any>) {
        if (dialect === 'sqlite') await rebuildFollowTag(db, 'by key');
      },
    },
    // PostgreSQL: scrm_grams as a PL/pgSQL loop (GRAMS_PLPGSQL: the same words, a fifth of the time).
    '0040_grams_plpgsql': {
      async up(db: Kysely<any>) {
        if (dialect === 'postgres') await GRAMS_PLPGSQL.execute(db);
      },
      async down(db: Kysely<any>) {
        if (dialect === 'postgres') await GRAMS_SQL.execute(db);
      },
    },
    // PostgreSQL: follow_tag keyed by its relation, then the tag — the same columns as the key of 0009, so
    // the same rows are unique — in place of that key and the customer index, which the new key's first
    // columns serve: two B-trees a row, not three (a first sync's tag rows in a quarter less time). The tag's
    // lookups read the time index (work_space_id, tag_id, createtime, …) of 0021. SQLite's table is keyed
    // by its time index since 0039.
    '0041_follow_tag_relation_key': {
      async up(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        await sql`alter table follow_tag drop constraint follow_tag_pk, add constraint follow_tag_pk primary key (work_space_id, external_userid, userid, tag_id)`.execute(db);
        await db.schema.dropIndex('follow_tag_customer_idx').execute();
      },
      async down(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        await db.schema.createIndex('follow_tag_customer_idx').on('follow_tag').columns(['work_space_id', 'external_userid', 'userid']).execute();
        await sql`alter table follow_tag drop constraint follow_tag_pk, add constraint follow_tag_pk primary key (work_space_id, tag_id, external_userid, userid)`.execute(db);
      },
    },
    // PostgreSQL: the word indexes' pending-list limit moves from the indexes (0030) to the connection, so
    // a first sync's writers can take a larger one for their own transactions. The server's connections keep
    // 64 kB (SEARCH_PENDING_LIST_KB, db/database.ts); a full customer pass writes with 4 MB and merges the
    // lists once it ends (PASS_PENDING_LIST_KB, sync/sync.repository.ts): the backends spent a tenth less CPU
    // on a first sync of 200,000 customers, spent before on decoding and encoding again frequent keys'
    // posting lists at every 64 kB merge.
    '0042_search_pending_list_per_connection': {
      async up(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        for (const index of SEARCH_GIN_INDEXES) await sql.raw(`alter index ${index} reset (gin_pending_list_limit)`).execute(db);
      },
      async down(db: Kysely<any>) {
        if (dialect !== 'postgres') return;
        for (const index of SEARCH_GIN_INDEXES) await sql.raw(`alter index ${index} set (gin_pending_list_limit = 64)`).execute(db);
      },
    },
    // A callback's event was stored twice: its XML, and the event read from it as JSON, which nothing read
    // (processing reads the XML again). The JSON was two fifths of a row the intake writes.
    '0043_callback_event_xml_only': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('callback_event').dropColumn('parsed').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('callback_event').addColumn('parsed', 'text', (c) => c.notNull().defaultTo('{}')).execute();
      },
    },
  };
}

/** The columns of a day's roll-up row: customer_daily's (0016), and the rebuild's staging copy (0035). */
function dailyRollupColumns(t: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return t
    .addColumn('work_space_id', 'integer', (c) => c.notNull())
    .addColumn('dim', 'varchar(8)', (c) => c.notNull())
    .addColumn('grain', 'varchar(1)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('adds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_by_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_by_customer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost_1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost_7', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost_30', 'integer', (c) => c.notNull().defaultTo(0));
}

/**
 * SQLite: follow_tag built again with its rows, either keyed by its time key without a rowid (0039) or
 * as 0009 and 0021 left it (the key, the customer index and the time index).
 */
async function rebuildFollowTag(db: Kysely<any>, layout: 'by time' | 'by key'): Promise<void> {
  type Column = 'work_space_id' | 'tag_id' | 'createtime' | 'external_userid' | 'userid';
  const timeKey: Column[] = ['work_space_id', 'tag_id', 'createtime', 'external_userid', 'userid'];
  const key: Column[] = layout === 'by time' ? timeKey : ['work_space_id', 'tag_id', 'external_userid', 'userid'];
  // One transaction (SQLite's migrations run outside one): a rebuild cut short leaves the table as it was.
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('follow_tag_next')
      .addColumn('work_space_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('external_userid', 'varchar(64)', (c) => c.notNull())
      .addColumn('userid', 'varchar(64)', (c) => c.notNull())
      .addColumn('createtime', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('follow_tag_pk', key)
      .$call((t) => (layout === 'by time' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    // In the new key's order: each page of the table is written once.
    await trx
      .insertInto('follow_tag_next')
      .columns(timeKey)
      .expression((eb) => key.reduce((q, column) => q.orderBy(column), eb.selectFrom('follow_tag').select(timeKey)))
      .execute();
    await trx.schema.dropTable('follow_tag').execute();
    await trx.schema.alterTable('follow_tag_next').renameTo('follow_tag').execute();
    await trx.schema.createIndex('follow_tag_customer_idx').on('follow_tag').columns(['work_space_id', 'external_userid', 'userid']).execute();
    if (layout === 'by key') await trx.schema.createIndex('follow_tag_time_idx').on('follow_tag').columns(timeKey).execute();
  });
  await sql`analyze follow_tag`.execute(db);
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Up to and including the migration `name` (tests of a migration's mapping of older rows). */
export async function migrateTo(db: Kysely<any>, dialect: Dialect, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Used by tests and health checks: a round trip to the database. */
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
