// The database as the matrices see it, read from the live schema (so a new table is covered without
// touching the matrices): a log of every row written (triggers installed in the test database), and
// the full rows a work space and an account own.
import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

export interface TableInfo {
  name: string;
  columns: string[];
}

/** SQLite's own tables, without the search index's virtual tables and their shadow tables (written by SQLite, not by us). */
async function sqliteTables(db: Db): Promise<string[]> {
  const rows = (await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows.map((r) => r.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

export async function tablesOf(db: Db, dialect: 'sqlite' | 'postgres'): Promise<TableInfo[]> {
  const names =
    dialect === 'sqlite'
      ? await sqliteTables(db)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows.map((r) => r.name);
  const out: TableInfo[] = [];
  for (const name of names.filter((n) => !n.startsWith('kysely_')).sort()) {
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${name}`.execute(db)).rows.map((r) => r.name);
    out.push({ name, columns });
  }
  return out;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * Installs (in the test database only) a trigger on every table that logs each row inserted, updated
 * or deleted into `matrix_write`: reading the log's last id before and after a request tells whether
 * the request wrote anything, updates and deletes included, in one cheap query.
 */
export async function installWriteLog(db: Db, dialect: 'sqlite' | 'postgres', tables: TableInfo[]) {
  const run = (text: string) => sql.raw(text).execute(db);
  if (dialect === 'postgres') {
    await run('create table matrix_write (id bigserial primary key, t text not null, op text not null)');
    await run(`create function matrix_write_log() returns trigger language plpgsql as $$ begin insert into matrix_write (t, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`);
    for (const t of tables) await run(`create trigger matrix_write_log after insert or update or delete on ${q(t.name)} for each row execute function matrix_write_log()`);
  } else {
    await run('create table matrix_write (id integer primary key autoincrement, t text not null, op text not null)');
    for (const t of tables) {
      for (const op of ['insert', 'update', 'delete']) {
        await run(`create trigger ${q(`matrix_write_${t.name}_${op}`)} after ${op} on ${q(t.name)} begin insert into matrix_write (t, op) values ('${t.name}', '${op.toUpperCase()}'); end`);
      }
    }
  }
  return {
    /** The log's position now. */
    async mark(): Promise<number> {
      const r = await sql<{ n: number | string | null }>`select max(id) as n from matrix_write`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /** What was written after `mark`, as "table INSERT×n" (writes in `ignore`, as "table OP", left out). */
    async since(mark: number, ignore: ReadonlySet<string> = new Set()): Promise<string[]> {
      const r = await sql<{ t: string; op: string; n: number | string }>`select t, op, count(*) as n from matrix_write where id > ${mark} group by t, op order by t, op`.execute(db);
      return r.rows.filter((x) => !ignore.has(`${x.t} ${x.op}`)).map((x) => `${x.t} ${x.op}×${x.n}`);
    },
  };
}

/**
 * Every row a work space owns (each table with a work_space_id column), the work space itself and
 * the account with its children and sessions, as sorted JSON per table.
 */
export async function ownedRows(db: Db, tables: TableInfo[], wsId: number, accountId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const rows = async (table: string, where: string, ...values: number[]) => {
    const query = sql.raw(`select * from ${q(table)} where ${where.replace(/\?/g, () => String(Math.trunc(Number(values.shift()))))}`);
    out[table] = (await query.execute(db)).rows.map((x) => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  };
  for (const t of tables) if (t.columns.includes('work_space_id')) await rows(t.name, 'work_space_id = ?', wsId);
  await rows('work_space', 'id = ?', wsId);
  await rows('account', 'id = ? or parent_id = ?', accountId, accountId);
  await rows('session', 'account_id in (select id from account where id = ? or parent_id = ?)', accountId, accountId);
  return out;
}
