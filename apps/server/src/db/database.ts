// Opens the database: SQLite (WAL) under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// The normalisation layer lives here: pg's bigint → number, flags as 0/1, JSON lists as text.
import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './tables.js';
import { nextTurn } from './next-turn.js';
import { TableWrites } from './table-writes.js';
import { PreparedStatements } from './pg-statements.js';
import { sqliteDialects } from './sqlite-driver.js';
import { walCheckpointer } from './wal-checkpointer.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  kysely: Kysely<DB>;
  dialect: DialectName;
  /** The raw better-sqlite3 handle, for the few hot statements worth preparing once. */
  sqlite: SQLite.Database | undefined;
  /** The PostgreSQL pool (shared rate limits use it). */
  pgPool: pg.Pool | undefined;
  /** SQLite: puts what was committed so far on disk (the WAL synced in the thread pool); PostgreSQL: nothing to do. */
  syncCommitted(): Promise<void>;
  /** This process's UPDATEs and DELETEs, told to who watches a table (the session cache). */
  writes: TableWrites;
  /**
   * A text that differs from an earlier one when data may have changed between the two reads, by any
   * process (answers kept between requests check it, http/kept-answers.ts). SQLite: the changes this
   * connection made (`total_changes()`, counted as each statement ends), its transactions rolled back
   * (a read beside a background transaction saw its rows) and `data_version` (which moves when another
   * connection commits; read at most once a millisecond and once per turn of the event loop).
   * PostgreSQL: the current snapshot (`xmin:xmax:in-progress ids`), which moves when any transaction
   * starts to write or ends one that did.
   */
  changeMark(): Promise<string>;
  /**
   * Called once the migrations ran. PostgreSQL: from now on a statement whose plan cannot depend on its
   * values is prepared on each connection once (db/pg-statements.ts). SQLite: nothing to do.
   */
  prepareStatements(): void;
  /**
   * A transaction of background writes that may hold the database for seconds (a first sync's
   * slices). SQLite: statements that only read run between its own meanwhile (db/sqlite-driver.ts);
   * writers wait, so it should end once `writersWaiting()`. PostgreSQL: a transaction.
   */
  backgroundTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
  /** Others wait to write: SQLite, for the transaction in progress; PostgreSQL, for a connection of the pool. */
  writersWaiting(): boolean;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/**
 * PostgreSQL: the word indexes' GIN pending lists, in kB, for the server's connections. Every search reads
 * a pending list whole: after a million-customer seed at PostgreSQL's default of 4 MB they held 260–380
 * pages and a word search took 22–148 ms instead of 15–19 (docs/customers.md); at 64 kB (the least it allows)
 * each writer merges its entries into the index soon. A full customer pass takes more for its own
 * transactions and merges the lists when it ends (sync/sync.repository.ts).
 */
export const SEARCH_PENDING_LIST_KB = 64;

/** SQLite: another connection's commits (`data_version`) are read for the change mark at most this often, in ms. */
const VERSION_READ_MS = 1;

/**
 * A PostgreSQL connection that is set up before the pool hands it out: its `set` is answered before
 * `connect` resolves. (A `set` sent from the pool's `connect` event went beside the query the connection
 * was handed out for, which pg 8 queues with a deprecation warning and pg 9 refuses. A startup packet's
 * `options=-c …` would save the round trip, but PgBouncer refuses parameters it does not track.)
 */
class SetUpClient extends pg.Client {
  connect(): Promise<pg.Client>;
  connect(callback: ((err: Error) => void) | ((err: null, client: pg.Client) => void)): void;
  connect(callback?: ((err: Error) => void) | ((err: null, client: pg.Client) => void)): Promise<pg.Client> | void {
    const ready = super.connect().then(async () => {
      await this.query(`set gin_pending_list_limit = ${SEARCH_PENDING_LIST_KB}`).catch((err: Error) =>
        console.error('PostgreSQL connection setting failed:', err.message),
      );
      return this as pg.Client;
    });
    if (!callback) return ready;
    const done = callback as (err: Error | null, client?: pg.Client) => void;
    ready.then((client) => done(null, client), done);
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; sqliteCacheMb?: number }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      Client: SetUpClient,
      max: 10,
      types: {
        // Epoch-millisecond times and counts are int8: well inside Number's safe range.
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection the server drops (a restart, a failover) must not take the process down with it.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    const statements = new PreparedStatements();
    pool.on('connect', (client) => statements.attach(client));
    const writes = new TableWrites();
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    const changeMark = async () => (await pool.query<{ mark: string }>({ name: 'change-mark', text: 'select pg_current_snapshot()::text as mark' })).rows[0]!.mark;
    const prepareStatements = () => {
      statements.enabled = true;
    };
    return {
      kysely,
      dialect: 'postgres',
      sqlite: undefined,
      pgPool: pool,
      syncCommitted: async () => {},
      writes,
      changeMark,
      prepareStatements,
      backgroundTransaction: (work) => kysely.transaction().execute(work),
      writersWaiting: () => pool.waitingCount > 0,
      close: () => kysely.destroy(),
    };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, 'scrm.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Temporary files in memory. Above all the statement journal: a statement inside a transaction that may
  // fail halfway (a multi-row insert, a table with triggers) first copies each page it changes, and past
  // 64 kB SQLite wrote those copies to a file in /var/tmp — 12 GB of the 14 GB a first sync of 200,000
  // customers wrote, in 6 million write calls (bench/RESULTS.md, Sync). A statement's copies are freed
  // when it ends; SQLite's sorter still spills large sorts to disk.
  sqlite.pragma('temp_store = MEMORY');
  // The page cache (SQLITE_CACHE_MB, 64 MB by default; SQLite's own is 2 MB). A first sync inserts
  // customers, relations and their tags in no index's order: with 2 MB most of an insert was reading the
  // index pages it changes back from the file, and the inserts took twice as long (bench/RESULTS.md, Sync).
  sqlite.pragma(`cache_size = ${-1024 * (opts.sqliteCacheMb ?? 64)}`);
  // The planner's statistics: SQLite gathers none by itself (PostgreSQL's autovacuum does). Without
  // them it guessed, e.g. reading a work space's whole follow_tag for one relation. `optimize` analyses
  // the tables that need it (never analysed, or grown tenfold), on open and then every hour. In full
  // (analysis_limit 0): sampled statistics put a work space of two million relations at a thousand and
  // sent the export down the time index (docs/customers.md).
  sqlite.pragma('analysis_limit = 0');
  sqlite.pragma('optimize = 0x10002'); // before the server answers: at once
  const optimizer = setInterval(() => void analyzeSQLite(sqlite).catch(() => undefined), 3_600_000);
  optimizer.unref();
  const writes = new TableWrites();
  const dialects = sqliteDialects(cachingStatements(sqlite));
  const kysely = new Kysely<DB>({ dialect: dialects.dialect, plugins: [writes] });
  const background = new Kysely<DB>({ dialect: dialects.background, plugins: [writes] });
  // With synchronous = NORMAL a commit writes the WAL without syncing it (a checkpoint syncs it before
  // copying it into the database). Syncing it ourselves, from the thread pool, makes every commit so far
  // durable without the event loop waiting on the disk. The WAL keeps its file while the database is open.
  let wal: Promise<FileHandle> | undefined;
  const syncCommitted = async () => {
    wal ??= open(`${file}-wal`, 'r').catch((err: unknown) => {
      wal = undefined;
      throw err;
    });
    await (await wal).datasync();
  };
  // The change mark: this connection's changes on every call (counted in memory: ~0.1 µs), and
  // data_version at most once a millisecond and once per turn of the event loop (a statement that cost a
  // kept list 10–20 % of its requests per second when read per call). So another process's commit is seen
  // by every call the server reads a millisecond after it, and by the next call at once when the server
  // was idle (the version read in a turn is forgotten in that turn's check phase).
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version: number | undefined;
  let versionAt = 0;
  const forget = () => (version = undefined);
  const changeMark = async () => {
    const now = performance.now();
    if (version === undefined || now - versionAt > VERSION_READ_MS) {
      if (version === undefined) setImmediate(forget);
      version = dataVersion.get() as number;
      versionAt = now;
    }
    return `${ownChanges.get() as number}:${dialects.rollbacks()}:${version}`;
  };
  // Checkpoints after this connection's changes, from a worker (db/wal-checkpointer.ts).
  const checkpointer = walCheckpointer(sqlite, file, () => ownChanges.get() as number);
  const close = async () => {
    clearInterval(optimizer);
    await checkpointer.close();
    await kysely.destroy();
    await (await wal?.catch(() => undefined))?.close();
  };
  // SQLite's statements are prepared once already (cachingStatements).
  return {
    kysely,
    dialect: 'sqlite',
    sqlite,
    pgPool: undefined,
    syncCommitted,
    writes,
    changeMark,
    prepareStatements: () => {},
    backgroundTransaction: (work) => background.transaction().execute(work),
    writersWaiting: dialects.writersWaiting,
    close,
  };
}

/**
 * SQLite's planner statistics refreshed where `optimize` would refresh them (the tables never analysed,
 * or grown tenfold since), one index at a time with a turn of the event loop between: ANALYZE in full
 * holds the process — at a million customers 8.4 s for `follow_relation`'s indexes and 3.7 s for
 * `follow_tag`'s, and the end of a first sync of 200,000 customers held every answer for 11–41 s.
 */
export async function analyzeSQLite(sqlite: SQLite.Database): Promise<void> {
  const due = (sqlite.pragma('optimize = 0x10003') as Array<{ optimize: string }>).flatMap((r) => /^ANALYZE "main"\."(.+)"$/.exec(r.optimize)?.[1] ?? []);
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const table of due) {
    const indexes = (sqlite.pragma(`index_list(${quoted(table)})`) as Array<{ name: string }>).map((i) => i.name);
    for (const target of indexes.length ? indexes : [table]) {
      sqlite.exec(`analyze ${quoted(target)}`);
      await nextTurn();
    }
  }
}

const STATEMENT_CACHE = 1000;

/** What the SQLite driver (db/sqlite-driver.ts) calls on a prepared statement. */
interface DriverStatement {
  /** It returns rows (a select, or a write with `returning`). */
  readonly reader: boolean;
  /** It writes nothing (SQLite's own answer: a `returning` write is a reader and not read-only). */
  readonly readonly: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): SQLite.RunResult;
  iterate(params: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * Kysely prepares every statement it runs; preparing costs as much as running the small ones. The
 * same SQL text is prepared once here (Kysely runs each statement to the end before the next, so a
 * statement is never in use twice). When the cache is full the oldest statement not used since it
 * was last passed over goes (second chance): a hit only sets a flag, where moving the entry to the end
 * of the map (a delete and a set with a key of hundreds of characters) cost ~2 % of the acquisition chain.
 */
function cachingStatements(sqlite: SQLite.Database) {
  const cache = new Map<string, { stmt: DriverStatement; used: boolean }>();
  const evictOne = () => {
    for (const [text, entry] of cache) {
      cache.delete(text);
      if (!entry.used) return;
      entry.used = false;
      cache.set(text, entry);
    }
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string): DriverStatement {
      const hit = cache.get(text);
      if (hit) {
        hit.used = true;
        return hit.stmt;
      }
      const stmt = rowsAsObjects(sqlite.prepare(text));
      if (cache.size >= STATEMENT_CACHE) evictOne();
      cache.set(text, { stmt, used: false });
      return stmt;
    },
  };
}

type RowMaker = (values: unknown[]) => Record<string, unknown>;

/**
 * A statement whose rows come back as objects of one fixed shape. better-sqlite3 builds each row object
 * a property at a time; reading the values as arrays and building the objects with a function made for
 * the statement's columns halves the cost of a list's rows (20 rows of `push`' 26 columns: 87 → 42 µs).
 */
function rowsAsObjects(stmt: SQLite.Statement): DriverStatement {
  if (!stmt.reader) return { reader: false, readonly: stmt.readonly, all: (p) => stmt.all(p), run: (p) => stmt.run(p), iterate: (p) => stmt.iterate(p) };
  stmt.raw(true);
  let width = -1;
  let make: RowMaker = () => ({});
  // A `select *` prepared before a migration added a column: SQLite re-prepares it, and the maker follows.
  const maker = (values: unknown[]): RowMaker => {
    if (values.length !== width) {
      const names = stmt.columns().map((c) => c.name);
      width = names.length;
      make = rowMaker(names);
    }
    return make;
  };
  return {
    reader: true,
    readonly: stmt.readonly,
    all(params) {
      const rows = stmt.all(params) as unknown[][];
      if (!rows.length) return rows;
      const build = maker(rows[0]!);
      for (let i = 0; i < rows.length; i++) (rows as unknown[])[i] = build(rows[i]!);
      return rows;
    },
    run: (params) => stmt.run(params),
    *iterate(params) {
      for (const values of stmt.iterate(params) as IterableIterator<unknown[]>) yield maker(values)(values);
    },
  };
}

/** An object literal with the columns' names in order (a later column of the same name wins, as in better-sqlite3's own rows). */
function rowMaker(names: string[]): RowMaker {
  const last = new Map(names.map((name, i) => [name, i]));
  const body = [...last].map(([name, i]) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${body} };`) as RowMaker;
}

/**
 * A transaction whose commit is on disk when it resolves, for writes acknowledged to someone who will
 * not send them again (WeCom's callbacks). PostgreSQL's commit is (synchronous_commit); SQLite's
 * (`synchronous = NORMAL`) survives a crash of the process, not of the machine, until the WAL is synced.
 */
export async function durableTransaction<T>(database: Database, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const result = await database.kysely.transaction().execute(work);
  await database.syncCommitted();
  return result;
}

export const flag = (v: boolean): number => (v ? 1 : 0);

/** A JSON text column, or `fallback` when it is empty or not JSON. */
export const parseJsonColumn = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function parseKeys(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function parseIds(text: string | null | undefined): number[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is number => Number.isInteger(k)) : [];
  } catch {
    return [];
  }
}

/** A unique constraint refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | undefined;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/** A foreign key refused the write (a row it names is gone, or one that names this row came first). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | undefined;
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

/** numUpdatedRows / numDeletedRows come back as bigint. */
export const affected = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): number =>
  Number(r?.numUpdatedRows ?? r?.numDeletedRows ?? 0n);
