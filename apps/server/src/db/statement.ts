// Statements Kysely builds once. Kysely builds every query anew on each call — its immutable builders,
// then the compiler's walk over the tree — and on the acquisition chain that was an eighth of the
// server's CPU, most of it for the same dozen statements (the job table's claim and finish, an add's
// rows). A statement declared with `statement` is built once per dialect with a marker in each value's
// place; a run puts the values in the markers' places and hands the SQL to the same executor (the
// plugins still see it: db/table-writes.ts).
// Only for SQL that does not depend on the values: a value goes where Kysely puts a parameter (a
// comparison, a `set`, an insert's value, a limit), never a list for `in`, and no part of the
// statement is left out for some values. `test/db/statement.test.ts` holds the two apart.
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
  constructor(readonly name: string) {}
}

interface Built {
  query: CompiledQuery['query'];
  sql: string;
  /** The parameters: a slot's name, or a constant of the statement (a status, `null`). */
  parameters: Array<{ slot: string } | { value: unknown }>;
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
  // Per dialect (the adapter's class): a process may hold a SQLite and a PostgreSQL database (tests).
  const byDialect = new Map<unknown, Built>();
  const built = (executor: Executor): Built => {
    const dialect = executor.getExecutor().adapter.constructor;
    const hit = byDialect.get(dialect);
    if (hit) return hit;
    const slots = new Proxy({} as A, { get: (_, name) => new Slot(String(name)) });
    const compiled = build(executor, slots).compile(executor);
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { value: p }));
    const made = { query: compiled.query, sql: compiled.sql, parameters };
    byDialect.set(dialect, made);
    return made;
  };
  const run = async (executor: Executor, values: A): Promise<QueryResult<R>> => {
    const { query, sql, parameters } = built(executor);
    const queryId = createQueryId();
    const runner = executor.getExecutor();
    runner.transformQuery(query, queryId);
    return runner.executeQuery<R>({
      query,
      queryId,
      sql,
      parameters: parameters.map((p) => {
        if (!('slot' in p)) return p.value;
        const v = values[p.slot as keyof A];
        if (v === undefined) throw new Error(`statement: no value for ${p.slot}`);
        return v;
      }),
    });
  };
  return {
    run,
    rows: async (executor, values) => (await run(executor, values)).rows,
    first: async (executor, values) => (await run(executor, values)).rows[0],
    affected: async (executor, values) => Number((await run(executor, values)).numAffectedRows ?? 0),
  };
}
