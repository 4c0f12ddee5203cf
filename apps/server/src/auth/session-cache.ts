// Resolved sessions kept in this process for at most a second, so that an authenticated call under load
// makes no round trip for its token (and, on SQLite, no statement). A change that could change a
// session's answer — a logout, a password change, a child disabled or edited, a role edited, an account
// deleted — is seen before a kept session is used again:
// - PostgreSQL: the cache is emptied, in the process that wrote it at once (db/table-writes.ts sees the
//   UPDATE or DELETE), in every other process at its commit (migration 0032's triggers NOTIFY `scrm_auth`,
//   whoever wrote: a server, a script, psql). The second is the bound should a notification come late (a
//   loaded machine) or a write escape both. While the LISTEN connection is down the cache is bypassed, and
//   it starts empty when it is back.
// - SQLite: a session is kept with the database's change mark (db/database.ts: this connection's changes
//   and another connection's commits) and used only while the mark is the same: any write, by any process,
//   sends the next call back to the database.
// A lookup under way when the cache was emptied is not kept (it may have read the row before the change).
import type { SessionAccountRow } from './session.repository.js';

/** Kept at most this long: the bound on a revocation another process hears of late. */
const KEEP_MS = 1_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly rows = new Map<string, { row: SessionAccountRow; until: number; mark: string }>();
  /** Bumped by every invalidation: a lookup started under an older one is not kept. */
  private generation = 0;
  private listening: boolean;

  /** `changeMark` (SQLite): a kept session is used only under the mark it was read at; none: PostgreSQL's notifications. */
  constructor(private readonly changeMark?: () => Promise<string>) {
    this.listening = Boolean(changeMark);
  }

  /** Whether a row may be read from or kept in the cache now. */
  get active(): boolean {
    return this.listening;
  }

  /** The change mark to look up and keep under ('' when the notifications keep the cache). */
  mark(): Promise<string> | string {
    return this.changeMark ? this.changeMark() : '';
  }

  get(tokenHash: string, now: number, mark: string): SessionAccountRow | undefined {
    if (!this.listening) return undefined;
    const hit = this.rows.get(tokenHash);
    if (!hit) return undefined;
    if (hit.until <= now || hit.mark !== mark) {
      this.rows.delete(tokenHash);
      return undefined;
    }
    return hit.row;
  }

  /** The generation to hand back to `keep` once the lookup is done. */
  begin(): number {
    return this.generation;
  }

  keep(tokenHash: string, row: SessionAccountRow, generation: number, now: number, mark: string): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.rows.size >= MAX_ENTRIES) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(tokenHash, { row, until: now + KEEP_MS, mark });
  }

  invalidate(): void {
    this.generation++;
    this.rows.clear();
  }

  /** The LISTEN connection's state: down, the cache is bypassed; up (again), it starts empty. */
  setListening(listening: boolean): void {
    this.invalidate();
    this.listening = listening;
  }
}
