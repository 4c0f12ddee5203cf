// WeCom's per-corp limits counted where every process sees them: two limiters (two "processes") on
// the same store together stay within the window's points; the rest wait for the next window.
// Memory on SQLite; PostgreSQL with TEST_DATABASE_URL; Redis when one answers on 127.0.0.1:6379.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { openDatabase, type Database } from '../../src/db/database.js';
import { SharedRateLimiter } from '../../src/wecom/shared-limiter.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const WINDOW = { ms: 2000, limit: 50 };

const redisUp = () =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ port: 6379, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

let test: TestDatabase;
let database: Database;
let redis: Redis | undefined;

beforeAll(async () => {
  test = await createTestDatabase();
  database = openDatabase({ dataDir: test.env.DATA_DIR, databaseUrl: test.env.DATABASE_URL });
  if (await redisUp()) redis = new Redis('redis://127.0.0.1:6379', { keyPrefix: `scrm-test-${process.pid}-${Date.now()}:` });
});

afterAll(async () => {
  redis?.disconnect();
  await database.close();
  await test.drop();
});

/** How many of `calls` acquisitions across the limiters get through within the first window. */
async function throughFirstWindow(limiters: SharedRateLimiter[], calls: number, corp: string): Promise<number> {
  const start = Date.now();
  const times = await Promise.all(
    Array.from({ length: calls }, async (_, i) => {
      await limiters[i % limiters.length]!.acquire(corp, 'externalcontact/send_welcome_msg');
      return Date.now() - start;
    }),
  );
  return times.filter((t) => t < WINDOW.ms - 200).length;
}

describe('shared WeCom rate limits', () => {
  it(`uses the database's store (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'memory'}) and keeps two processes within the limit`, async () => {
    const a = await SharedRateLimiter.create({ database, windows: [WINDOW] });
    const b = await SharedRateLimiter.create({ database, windows: [WINDOW] });
    expect(a.store).toBe(database.dialect === 'postgres' ? 'postgres' : 'memory');
    const n = await throughFirstWindow(database.dialect === 'postgres' ? [a, b] : [a], 70, `corp-db-${Date.now()}`);
    expect(n).toBeLessThanOrEqual(WINDOW.limit);
    expect(n).toBeGreaterThanOrEqual(WINDOW.limit - 20 * 2);
  });

  it('shares the count through Redis when REDIS_URL is set', async (ctx) => {
    if (!redis) return ctx.skip();
    const a = await SharedRateLimiter.create({ database, redis, windows: [WINDOW] });
    const b = await SharedRateLimiter.create({ database, redis, windows: [WINDOW] });
    expect(a.store).toBe('redis');
    const n = await throughFirstWindow([a, b], 70, `corp-redis-${Date.now()}`);
    expect(n).toBeLessThanOrEqual(WINDOW.limit);
    expect(n).toBeGreaterThanOrEqual(WINDOW.limit - 20 * 2);
  });
});
