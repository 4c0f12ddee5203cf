// The data centre's rebuild alone, on the work space bench/customers/seed.ts made: its time and peak RSS.
// Run with a capped V8 heap to see that its memory does not grow with customers:
//   DATA_DIR=… node --max-old-space-size=128 --import tsx bench/customers/rebuild.ts   (or DATABASE_URL=…)
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { DataCentreRepository } from '../../apps/server/src/data/data-centre.repository.js';
import { DataCentreService } from '../../apps/server/src/data/data-centre.service.js';
import type { JobQueue } from '../../apps/server/src/jobs/job-queue.js';
import { BusinessClock } from '../../apps/server/src/clock/clock.js';
import { BENCH_CORP_ID, benchDataDir } from './bench-config.js';
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: benchDataDir() });
const svc = new DataCentreService({ repo: new DataCentreRepository(db), jobs: {} as JobQueue, clock: new BusinessClock(), log: pino({ level: 'warn' }) as unknown as FastifyBaseLogger, syncing: async () => false });
const t = performance.now();
const before = process.resourceUsage().maxRSS;
const ws = await db.kysely.selectFrom('work_space').select('id').where('corp_id', '=', BENCH_CORP_ID).executeTakeFirstOrThrow();
await svc.rebuild(ws.id);
console.log(`rebuild ${((performance.now() - t) / 1000).toFixed(1)} s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (${Math.round(before / 1024)} MB at start), node flags: ${process.execArgv.join(' ')}`);
await db.close();
