// Kysely's driver for SQLite's one connection (better-sqlite3), in place of Kysely's own. As there, a
// transaction has the connection to itself and the statements of others wait their turn (first come,
// first served) — except beside a background transaction (`sqliteDialects().background`): a long run of
// writes (a first sync's customer pass, written in slices of up to four seconds) lets the statements that
// only read run between its own, so the console's pages and health checks answer at once while it
// writes. Those reads see what the transaction wrote so far, as they would see it between two slices;
// writers still wait, and the background work ends its slice early when one does (`writersWaiting`).
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** What the driver needs of better-sqlite3 (db/database.ts adds a statement cache in between). */
export interface SqliteHandle {
  prepare(sql: string): Statement;
  close(): void;
}

interface Statement {
  /** It returns rows (a select, or a write with `returning`). */
  readonly reader: boolean;
  /** It writes nothing. */
  readonly readonly: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(params: readonly unknown[]): IterableIterator<unknown>;
}

/** A handle per use: it holds the database only from `beginTransaction` to `releaseConnection`. */
class Connection implements DatabaseConnection {
  constructor(private readonly gate: Gate) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.gate.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield* this.gate.stream(this, query) as AsyncIterableIterator<QueryResult<R>>;
  }
}

/** Who has the one connection, who waits for it, and the statements run on it. */
class Gate {
  /** The connection that has the database to itself: a transaction or a stream in progress. */
  private holder: Connection | undefined;
  /** The holder lets statements that only read run between its own. */
  private shared = false;
  /** Those waiting for the holder to finish, in order of arrival; each is handed the database in turn. */
  private readonly queue: Array<() => void> = [];
  /**
   * Transactions rolled back so far. What a read saw of a background transaction that then rolled back
   * is gone, while `total_changes()` still counts it: the change mark counts these too.
   */
  private rolledBack = 0;

  constructor(readonly db: SqliteHandle) {}

  writersWaiting(): boolean {
    return this.queue.length > 0;
  }

  rollbacks(): number {
    return this.rolledBack;
  }

  async begin(connection: Connection, sharesReads: boolean): Promise<void> {
    await this.take(connection);
    this.run('begin');
    this.shared = sharesReads;
  }

  commit(): void {
    this.run('commit');
  }

  rollback(): void {
    this.shared = false;
    this.rolledBack += 1;
    this.run('rollback');
  }

  /** The end of a use of `connection`: the database goes to the next in line if it held it. */
  release(connection: Connection): void {
    if (this.holder === connection) this.give();
  }

  async execute(connection: Connection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const stmt = this.db.prepare(query.sql);
    if (this.holder === connection || !this.holder || (this.shared && stmt.readonly)) return result(stmt, query);
    await this.take(connection);
    try {
      return result(stmt, query);
    } finally {
      this.give();
    }
  }

  async *stream(connection: Connection, query: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    // better-sqlite3 runs nothing else on the connection while a statement's rows are being read.
    const own = this.holder !== connection;
    if (own) await this.take(connection);
    const shared = this.shared;
    this.shared = false;
    try {
      for (const row of this.db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row] };
    } finally {
      this.shared = shared;
      if (own) this.give();
    }
  }

  private run(sql: string): void {
    this.db.prepare(sql).run([]);
  }

  private take(connection: Connection): Promise<void> {
    if (!this.holder) {
      this.holder = connection;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.holder = connection;
        resolve();
      }),
    );
  }

  private give(): void {
    this.holder = undefined;
    this.shared = false;
    this.queue.shift()?.();
  }
}

function result(stmt: Statement, { parameters }: CompiledQuery): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class SqliteDriver implements Driver {
  constructor(
    private readonly gate: Gate,
    /** Its transactions let statements that only read run between their own (the background dialect). */
    private readonly sharesReads: boolean,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this.gate);
  }

  async beginTransaction(connection: Connection): Promise<void> {
    await this.gate.begin(connection, this.sharesReads);
  }

  async commitTransaction(): Promise<void> {
    this.gate.commit();
  }

  async rollbackTransaction(): Promise<void> {
    this.gate.rollback();
  }

  async releaseConnection(connection: Connection): Promise<void> {
    this.gate.release(connection);
  }

  async destroy(): Promise<void> {
    // The background dialect's Kysely is never destroyed on its own: the main one closes the file.
    if (!this.sharesReads) this.gate.db.close();
  }
}

/** Kysely's SQLite dialect with a driver of ours. */
const dialectOf = (driver: SqliteDriver): Dialect => ({
  createDriver: () => driver,
  createQueryCompiler: () => new SqliteQueryCompiler(),
  createAdapter: () => new SqliteAdapter(),
  createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
});

/**
 * Two dialects over one connection: `dialect` for everything, `background` for the transactions that let
 * reads through (Database.backgroundTransaction), and what the two share.
 */
export function sqliteDialects(db: SqliteHandle) {
  const gate = new Gate(db);
  return {
    dialect: dialectOf(new SqliteDriver(gate, false)),
    background: dialectOf(new SqliteDriver(gate, true)),
    /** Transactions and single writes wait for the database: a background transaction should end soon. */
    writersWaiting: () => gate.writersWaiting(),
    /** Transactions rolled back so far (the change mark counts them). */
    rollbacks: () => gate.rollbacks(),
  };
}
