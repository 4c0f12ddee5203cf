// "(external_userid, userid) is one of these pairs", in the shape both engines answer through an
// index that starts with the scope (work space or rule) and then external_userid: the `in` on the
// customers reaches the index, the `or` then picks the pairs. With the pairs' `or` alone, SQLite and
// PostgreSQL read every row of the scope for each statement — quadratic over a sync or a 补打 run.
import { sql, type RawBuilder } from 'kysely';

export interface RelationPair {
  externalUserid: string;
  userid: string;
}

/** A condition on the unqualified columns `external_userid` and `userid`; `pairs` must not be empty. */
export function relationIn(pairs: readonly RelationPair[]): RawBuilder<boolean> {
  const customers = [...new Set(pairs.map((p) => p.externalUserid))];
  const each = pairs.map((p) => sql`(external_userid = ${p.externalUserid} and userid = ${p.userid})`);
  return sql<boolean>`(external_userid in (${sql.join(customers)}) and (${sql.join(each, sql` or `)}))`;
}
