// A search's later pages, kept in this process: a filter whose driver the plan reads once (a word or
// tags held by at most 20,000 relations, `Plan` kind `rows`) is ranked whole in the database on every
// call, so paging through 「杭州-复购」 (6,510 relations at a million customers) re-read them all for each
// page — 23 ms on PostgreSQL, 31 on SQLite. The first page of a search is always read afresh and reads
// the next pages' customers with it (SEARCH_BLOCK rows); the pages after it come from that read for at
// most SEARCH_KEEP_MS, like a cursor: they show the customers as they stood when the first page was
// read, each row's content (name, remarks, tags, state) read again. A new search, 查询 or a return to
// the first page reads again. Only `rows` plans are kept: a walk's page costs no more than its plan.
// A write in this process to customers, relations, their tags or codes drops every kept search at once
// (services.ts watches them through db/table-writes.ts), so one server process pages exactly; with
// several, another process's write shows on a later page once the first is read again or the minute is out.
import { CUSTOMER_COUNT_FRESH_MS } from '@scrm/contracts/customer';
import type { Plan, Window } from './customer-list.repository.js';

/** Customers read per first page of a search: its first ten pages. */
export const SEARCH_BLOCK = 200;

/** As long as a counted total is shown as exact (the list's other figure read earlier than the page). */
export const SEARCH_KEEP_MS = CUSTOMER_COUNT_FRESH_MS;

const MAX_SEARCHES = 500;

/**
 * A read begun this soon after a write is not kept. The write is heard when its statement has run, not
 * when its transaction commits: on PostgreSQL a read on another connection in between sees the rows as
 * before it, and kept, would show them for the minute. A write's transaction commits within
 * milliseconds of its last statement here (a sync's slice, a callback's refresh, a tag edit).
 */
const SETTLE_MS = 1_000;

type RowsPlan = Extract<Plan, { kind: 'rows' }>;

/** The block of pages a window falls in: what a read of that window reads. */
export function blockOf(window: Window): Window {
  const offset = Math.floor(window.offset / SEARCH_BLOCK) * SEARCH_BLOCK;
  return { order: window.order, offset, limit: Math.max(SEARCH_BLOCK, window.offset + window.limit - offset) };
}

export class CustomerSearches {
  private readonly plans = new Map<string, { plan: RowsPlan; until: number }>();
  /** When a watched table was last written in this process. */
  private wroteAt = -Infinity;

  get(key: string, now: number): RowsPlan | undefined {
    const hit = this.plans.get(key);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.plans.delete(key);
      return undefined;
    }
    return hit.plan;
  }

  /** Every kept search dropped (a write to what they were read from). */
  clear(now = Date.now()): void {
    this.wroteAt = now;
    // Clearing a Map allocates it a new table, even an empty one's; this runs on every write to a customer.
    if (this.plans.size) this.plans.clear();
  }

  /** Keeps a search read from `readAt` on, unless a write came during the read or just before it. */
  keep(key: string, plan: RowsPlan, readAt: number, now = Date.now()): void {
    if (this.wroteAt >= readAt - SETTLE_MS) return;
    this.plans.delete(key);
    if (this.plans.size >= MAX_SEARCHES) this.plans.delete(this.plans.keys().next().value!);
    this.plans.set(key, { plan, until: now + SEARCH_KEEP_MS });
  }
}
