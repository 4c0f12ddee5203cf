// Snapshots of the database for the matrices, read from the live schema (so a new table is covered
// without touching the matrices): one query giving each table's row count, highest id and latest
// time columns (`*_at`), and the full rows a work space and an account own.
import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

export interface TableInfo {
  name: string;
  columns: string[];
}

export async function tablesOf(db: Db, dialect: 'sqlite' | 'postgres'): Promise<TableInfo[]> {
  const names =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
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
 * Reads, in one query, a fingerprint per table: rows, highest id and the latest of each `*_at` column.
 * A refused request must leave every fingerprint as it was.
 */
export function fingerprinter(db: Db, tables: TableInfo[]): () => Promise<Map<string, string>> {
  const parts = tables.map((t) => {
    const cols = [`cast(count(*) as text)`];
    if (t.columns.includes('id')) cols.push(`coalesce(cast(max(${q('id')}) as text), '')`);
    for (const c of t.columns.filter((c) => c.endsWith('_at')).sort()) cols.push(`coalesce(cast(max(${q(c)}) as text), '')`);
    return `select '${t.name}' as t, ${cols.join(` || ':' || `)} as f from ${q(t.name)}`;
  });
  const query = sql.raw<{ t: string; f: string }>(parts.join(' union all '));
  return async () => new Map((await query.execute(db)).rows.map((r) => [r.t, r.f]));
}

/** The tables whose fingerprint differs, as "table: before → after". */
export function diff(before: Map<string, string>, after: Map<string, string>, ignore: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const [t, f] of after) if (!ignore.has(t) && before.get(t) !== f) out.push(`${t}: ${before.get(t)} → ${f}`);
  return out;
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
