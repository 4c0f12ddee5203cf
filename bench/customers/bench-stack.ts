// The customer benches' stack: the server (no simulator) on the database bench/customers/seed.ts filled
// (DATA_DIR / DATABASE_URL), logged in as the seed's account, with the seeded work space's calls.
import { cpus, loadavg } from 'node:os';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { ensureServerBuild, startStack } from '../../scripts/lib.mjs';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { stackClient } from '../../scripts/stack-client.mjs';
import { openDatabase, type Database } from '../../apps/server/src/db/database.js';
import { BENCH_CORP_ID, BENCH_PASSWORD, BENCH_PHONE, benchDataDir } from './bench-config.js';

export const dbName = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite');
export const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;
export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

export interface BenchStack {
  wsId: number;
  /** The database, opened beside the server (reads for the report, the count cache cleared). */
  db: Database;
  /** A call of the seeded work space: `(path, body) => data`. */
  call: (path: string, body: unknown) => Promise<any>;
  /** The raw response of a call (streams). */
  fetchRaw: (path: string, body: unknown) => Promise<Response>;
  /** The server process (its peak RSS is read from /proc). */
  serverPid: number;
  stop(): Promise<void>;
}

export async function benchStack(port: number): Promise<BenchStack> {
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: benchDataDir() });
  const ws = await db.kysely.selectFrom('work_space').select('id').where('corp_id', '=', BENCH_CORP_ID).executeTakeFirst();
  if (!ws) throw new Error('no seeded work space: run bench/customers/seed.ts first');
  ensureServerBuild();
  const stack = await startStack({
    port,
    simPort: port + 1,
    sim: false,
    env: { HOST: '127.0.0.1', DATA_DIR: benchDataDir(), LOG_LEVEL: 'warn', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
  });
  const server = `http://127.0.0.1:${port}`;
  const client = stackClient({ server, sim: '', simToken: '' });
  const { token } = await client.api('account/login', { phone: BENCH_PHONE, password: BENCH_PASSWORD });
  const wsId = Number(ws.id);
  return {
    wsId,
    db,
    call: client.inWorkSpace(token, wsId),
    fetchRaw: (path, body) =>
      fetch(`${server}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-work-id': String(wsId) },
        body: JSON.stringify(body),
      }),
    serverPid: stack.children[0].pid,
    async stop() {
      stack.stop();
      await db.close();
    },
  };
}
