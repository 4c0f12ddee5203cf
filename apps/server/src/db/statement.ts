// Statements Kysely builds once. Kysely builds every query anew on each call — its immutable builders,
// then the compiler's walk over the tree — and on the acquisition chain that was a sixth of the
// server's CPU, most of it for the same dozen statements (the job table's claim and finish, an add's
// rows). A statement declared with `statement` is built once per dialect with a marker in each value's
// place; a run puts the values in the markers' places and hands the SQL to the same executor (the
// plugins still see it: db/table-writes.ts).
// Only for SQL that does not depend on the values: a value goes where Kysely puts a parameter (a
// comparison, a `set`, an insert's value, a limit), an `in` list only of a fixed length, and no part
// of the statement is left out for some values (the builder sees markers, not values). Where the
// shape varies, a family of statements keyed by it (`updateAdd`'s columns, `hasEnabled`'s kinds).
import { createQueryId, type CompiledQuery, type Kysely, type QueryExecutorProvider, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './tables.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Value = string | number | bigint | null;
/** A builder, or a `sql` template (whose compile takes the executor). */
interface Buildable<R> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<R>;
}

/** Where a value goes: a marker that Kysely takes for a value and passes through as a parameter. */
class Slot {
  constructor(
    readonly name: string,
    /** Of a batch's rows, which. */
    readonly row = 0,
  ) {}
}

interface Built {
  query: CompiledQuery['query'];
  sql: string;
  /** The parameters: a slot (a value's name, and its row in a batch), or a constant of the statement (a status, `null`). */
  parameters: Array<{ slot: string; row: number } | { value: unknown }>;
}

export interface Statement<A, R> {
  /** Runs it with these values; the result as Kysely's `execute` of the builder gives it. */
  run(executor: Executor, values: A): Promise<QueryResult<R>>;
  rows(executor: Executor, values: A): Promise<R[]>;
  first(executor: Executor, values: A): Promise<R | undefined>;
  /** Rows changed by an UPDATE, DELETE or INSERT without RETURNING. */
  affected(executor: Executor, values: A): Promise<number>;
}

/**
 * A statement built once: `build` gets the executor and the values (markers, typed as the values) and
 * returns the builder, e.g. `statement((db, v: { id: number }) => db.selectFrom('job').selectAll().where('id', '=', v.id))`.
 */
export function statement<A extends { [K in keyof A]: Value }, R>(build: (db: Executor, values: A) => Buildable<R>): Statement<A, R> {
  const made = built((executor) => build(executor, marked<A>(0)).compile(executor));
  const run = (executor: Executor, values: A) => execute<R>(executor, made(executor), [values]);
  return {
    run,
    rows: async (executor, values) => (await run(executor, values)).rows,
    first: async (executor, values) => (await run(executor, values)).rows[0],
    affected: async (executor, values) => Number((await run(executor, values)).numAffectedRows ?? 0),
  };
}

/**
 * Statements of one kind whose shape varies with the call (the columns an update sets, the length of an
 * `in` list, the table of an upsert): each shape is built once, the first time its key is asked for.
 */
export function statementsByShape<S extends Statement<never, unknown> | BatchStatement<never, unknown>>(make: (shape: string) => S): (shape: string) => S {
  const byShape = new Map<string, S>();
  return (shape) => {
    let made = byShape.get(shape);
    if (!made) byShape.set(shape, (made = make(shape)));
    return made;
  };
}

export interface BatchStatement<Row, R> {
  run(executor: Executor, rows: Row[]): Promise<QueryResult<R>>;
  rows(executor: Executor, rows: Row[]): Promise<R[]>;
}

/**
 * A statement over a batch of rows of one shape (an insert of several rows), built once for each
 * number of rows up to `most`; a larger batch is built by Kysely as usual. `build` gets the rows as
 * markers: `batchStatement((db, rows: Array<{ key: string }>) => db.insertInto('t').values(rows.map((r) => ({ key: r.key }))))`.
 */
export function batchStatement<Row extends { [K in keyof Row]: Value }, R>(build: (db: Executor, rows: Row[]) => Buildable<R>, most = 32): BatchStatement<Row, R> {
  const bySize = new Map<number, (executor: Executor) => Built>();
  const run = (executor: Executor, rows: Row[]): Promise<QueryResult<R>> => {
    if (!rows.length) throw new Error('batchStatement: no rows');
    if (rows.length > most) return executor.executeQuery(build(executor, rows).compile(executor));
    let made = bySize.get(rows.length);
    if (!made) {
      const n = rows.length;
      made = built((executor) => build(executor, Array.from({ length: n }, (_, i) => marked<Row>(i))).compile(executor));
      bySize.set(n, made);
    }
    return execute<R>(executor, made(executor), rows);
  };
  return { run, rows: async (executor, rows) => (await run(executor, rows)).rows };
}

/** Values of row `row` as markers. */
const marked = <A>(row: number) => new Proxy({} as A & object, { get: (_, name) => new Slot(String(name), row) });

/** Compiled once per dialect (the adapter's class): a process may hold a SQLite and a PostgreSQL database (tests). */
function built(compile: (executor: Executor) => CompiledQuery): (executor: Executor) => Built {
  const byDialect = new Map<unknown, Built>();
  return (executor) => {
    const dialect = executor.getExecutor().adapter.constructor;
    const hit = byDialect.get(dialect);
    if (hit) return hit;
    const compiled = compile(executor);
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? { slot: p.name, row: p.row } : { value: p }));
    const made = { query: compiled.query, sql: compiled.sql, parameters };
    byDialect.set(dialect, made);
    return made;
  };
}

/** Runs a built statement with these rows' values, through the executor (its plugins see the statement). */
function execute<R>(executor: Executor, { query, sql, parameters }: Built, rows: ReadonlyArray<object>): Promise<QueryResult<R>> {
  const queryId = createQueryId();
  const runner = executor.getExecutor();
  runner.transformQuery(query, queryId);
  return runner.executeQuery<R>({
    query,
    queryId,
    sql,
    parameters: parameters.map((p) => {
      if (!('slot' in p)) return p.value;
      const v = (rows[p.row] as Record<string, unknown>)[p.slot];
      if (v === undefined) throw new Error(`statement: no value for ${p.slot}`);
      return v;
    }),
  });
}
