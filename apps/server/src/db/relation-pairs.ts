// "(external_userid, userid) is one of these pairs", in the shape both engines answer through an
// index that starts with the scope (work space or rule) and then external_userid: the `in` on the
// customers reaches the index, the `or` then picks the pairs. With the pairs' `or` alone, SQLite and
// PostgreSQL read every row of the scope for each statement — quadratic over a sync or a 补打 run.
// On PostgreSQL the customers and the pairs go as three arrays instead, whatever their number: parsing
// and planning 100 pairs' `or` cost each of a first sync's deletes of follow_tag ~2 ms, against 0.6 ms
// as arrays (bench/RESULTS.md, Sync). It is planned for its values each time (db/pg-statements.ts): the
// `= any` on the customers reaches the index whatever the table's statistics, where a plan made once,
// while the table was still small, would read the whole work space.
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from './tables.js';

export interface RelationPair {
  externalUserid: string;
  userid: string;
}

/** A relation's key in a Map or Set: its customer and member, joined by a NUL (in neither id). */
export const relKey = (externalUserid: string, userid: string) => `${externalUserid}\u0000${userid}`;

/**
 * A condition on the unqualified columns `external_userid` and `userid`, for a statement run by `db`;
 * `pairs` must not be empty.
 */
export function relationIn(db: Kysely<DB> | Transaction<DB>, pairs: readonly RelationPair[]): RawBuilder<boolean> {
  const customers = [...new Set(pairs.map((p) => p.externalUserid))];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const [pairCustomers, pairMembers] = [pairs.map((p) => p.externalUserid), pairs.map((p) => p.userid)];
    return sql<boolean>`(external_userid = any(${customers}::text[]) and (external_userid, userid) in (select * from unnest(${pairCustomers}::text[], ${pairMembers}::text[])))`;
  }
  const each = pairs.map((p) => sql`(external_userid = ${p.externalUserid} and userid = ${p.userid})`);
  return sql<boolean>`(external_userid in (${sql.join(customers)}) and (${sql.join(each, sql` or `)}))`;
}
