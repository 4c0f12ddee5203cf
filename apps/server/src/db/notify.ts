// PostgreSQL LISTEN on a connection of its own, kept open: `message` on each NOTIFY of the channel,
// `down` when the connection is lost (notifications may be missed from then on), `up` once listening
// (again). Reconnects every second while down.
import pg from 'pg';
import type { Database } from './database.js';

export interface ListenHandlers {
  message(payload: string): void;
  up(): void;
  down(): void;
}

/** Listens on `channel`; the returned function stops. SQLite has no NOTIFY: null. */
export function listen(database: Database, channel: string, handlers: ListenHandlers): (() => Promise<void>) | null {
  const pool = database.pgPool;
  if (!pool) return null;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  // Once per connection (its error and its end both report it).
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    handlers.down();
    c.removeAllListeners();
    c.on('error', () => {});
    void c.end().catch(() => {});
    client = undefined;
    retry = setTimeout(connect, 1000);
    retry.unref();
  };
  async function connect() {
    if (stopped) return;
    const c = new pg.Client(pool!.options);
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === c && !stopped) handlers.up();
    } catch {
      lost(c);
    }
  }
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    c?.removeAllListeners();
    await c?.end().catch(() => {});
  };
}
