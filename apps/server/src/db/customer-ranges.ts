// A work space's customers in ranges, for counts that would hold a SQLite server too long in one
// statement: the bounds are read through the (work_space_id, external_userid, userid) key, a
// customer's relations all fall in one range, so per-range counts of customers add up.
import type { Kysely } from 'kysely';
import type { DB } from './tables.js';
import { nextTurn } from './next-turn.js';

export interface CustomerRange {
  /** Customers after this id… */
  after: string;
  /** …up to and including this one (none: to the end). */
  upTo?: string;
}

/** Ranges of about `relations` follow relations each, in customer order, with a turn of the event loop between them. */
export async function* customerRanges(db: Kysely<DB>, wsId: number, relations: number): AsyncGenerator<CustomerRange> {
  for (let after = ''; ; ) {
    const bound = await db
      .selectFrom('follow_relation')
      .select('external_userid')
      .where('work_space_id', '=', wsId)
      .where('external_userid', '>', after)
      .orderBy('external_userid')
      .offset(relations)
      .limit(1)
      .executeTakeFirst();
    yield { after, upTo: bound?.external_userid };
    if (!bound) return;
    after = bound.external_userid;
    await nextTurn();
  }
}
