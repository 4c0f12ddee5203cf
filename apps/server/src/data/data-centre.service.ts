// 数据中心 (好友分析): keeps the daily roll-ups as customers' relations change (the writers mark the
// customer, the catch-up recounts it and applies the difference), rebuilds them on demand (a job), and
// answers the figure calls from the roll-ups only. Definitions in docs/data-centre.md; the arithmetic
// in daily-figures.ts.
import { dayKey, dayOf, DAY_MS } from '@scrm/contracts/china-time';
import type { DataCodeList, DataDaySeries, DataFigures, DataMemberList, DataRangeBody, DataRankBody, DataRetention, DataTagList, DataTotals } from '@scrm/contracts/data';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock.js';
import { rangeOf } from '../contact-way/figures/code-figures.service.js';
import type { DailyDim } from '../db/tables.js';
import { nextTurn } from '../db/next-turn.js';
import { AppError } from '../http/errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import { DayTally, rangeCover, decodeParts, DeltaSum, encodeParts, partsOf } from './daily-figures.js';
import type { DailySums, DataCentreRepository, DayRow } from './data-centre.repository.js';

export const DATA_REBUILD_JOB = 'data_rebuild';
export const DATA_CATCH_UP_JOB = 'data_catch_up';

const CATCH_UP_BATCH = 200;
const REBUILD_BATCH = 500;
/** A figure call first counts what changed, when that is at most this many customers (else the job does). */
const READ_CATCH_UP_MAX = 1000;
const REBUILD_LEASE_MS = 10 * 60_000;
/** More marks than this: a rebuild (see catchUpAll). */
const BULK_MARKS = 20_000;
const DEFAULT_RANK = 50;

const figures = (s: Pick<DailySums, 'adds' | 'deleted_by_member' | 'deleted_by_customer'> | undefined): DataFigures => {
  const adds = s?.adds ?? 0;
  const lostByMember = s?.deleted_by_member ?? 0;
  const lostByCustomer = s?.deleted_by_customer ?? 0;
  return { adds, lostByMember, lostByCustomer, net: adds - lostByMember - lostByCustomer };
};

export class DataCentreService {
  constructor(
    private readonly deps: {
      repo: DataCentreRepository;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
      /** Whether a sync of the work space is queued or running (SyncService.isRunning). */
      syncing: (wsId: number) => Promise<boolean>;
    },
  ) {}

  // ---------------------------------------------------------------- keeping the roll-ups

  /**
   * Counts the marked customers of the work space (at most `max`): per batch, in one transaction, the
   * marks are taken, the customers' relations read, and the difference from what they counted before
   * (`customer_daily_part`) added to the roll-ups. A failure rolls the batch back with its marks, so
   * nothing is lost: the next catch-up (a figure call or the minute job) counts it. Waits for a rebuild.
   */
  async catchUp(wsId: number, max = Number.POSITIVE_INFINITY): Promise<number> {
    const repo = this.deps.repo;
    if (await repo.rebuilding(wsId, this.deps.clock.now())) return 0;
    const codes = await repo.codes(wsId);
    const codeOf = (state: string) => codes.get(state) ?? 0;
    let done = 0;
    while (done < max) {
      const n = await repo.transaction(async (trx) => {
        const ids = await repo.claimMarked(trx, wsId, Math.min(CATCH_UP_BATCH, max - done));
        if (!ids.length) return 0;
        const [relations, before] = await Promise.all([repo.relations(trx, wsId, { ids }), repo.parts(trx, wsId, ids)]);
        const sum = new DeltaSum();
        const written = new Map<string, string>();
        for (const id of ids) {
          const old = before.get(id) ?? '';
          const now = partsOf(relations.get(id) ?? [], codeOf);
          const text = encodeParts(now);
          if (text === old) continue;
          sum.diff(decodeParts(old), now);
          written.set(id, text);
        }
        await repo.increment(wsId, sum.deltas(), trx);
        await repo.writeParts(trx, wsId, written);
        return ids.length;
      });
      if (!n) break;
      done += n;
      await nextTurn();
    }
    return done;
  }

  /**
   * The minute job: every work space's marked customers — or, when more than 20,000 wait (a first
   * sync, the upgrade that introduced the marks), a rebuild, which counts them in bulk rather than as
   * millions of single-row differences. A work space whose sync is queued or running is left until it
   * ended: its customers are still being written, and a rebuild of half of them (which started a minute
   * into a first sync of 200,000) took the database from the sync's writes to be done again after it.
   */
  async catchUpAll(): Promise<void> {
    for (const wsId of await this.deps.repo.markedSpaces()) {
      if (await this.deps.syncing(wsId)) continue;
      if ((await this.deps.repo.markedCount(wsId, BULK_MARKS + 1)) > BULK_MARKS) await this.queueRebuild({ id: wsId });
      else await this.catchUp(wsId);
    }
  }

  private readonly freshening = new Map<number, Promise<void>>();

  /**
   * Before a figure call: what changed is counted, unless much changed (a sync) — then the job does it.
   * The body is checked first: a refused call writes nothing.
   */
  private fresh(wsId: number, b: DataRangeBody | DataRankBody): Promise<void> {
    rangeOf(b.start, b.end);
    if (!('limit' in b)) this.scopeOf(b);
    // The page asks for several figures at once: one catch-up serves them all.
    const running = this.freshening.get(wsId);
    if (running) return running;
    const p = this.freshen(wsId).finally(() => this.freshening.delete(wsId));
    this.freshening.set(wsId, p);
    return p;
  }

  private async freshen(wsId: number): Promise<void> {
    try {
      const waiting = await this.deps.repo.markedCount(wsId, READ_CATCH_UP_MAX + 1);
      if (waiting > 0 && waiting <= READ_CATCH_UP_MAX) await this.catchUp(wsId, READ_CATCH_UP_MAX);
    } catch (err) {
      this.deps.log.error({ err, wsId }, 'data centre catch-up failed (the marks stay; the next one counts them)');
    }
  }

  /** Queues a rebuild of the work space's roll-ups (one at a time). */
  async queueRebuild(ws: Pick<WorkSpace, 'id'>): Promise<{ queued: boolean }> {
    const id = await this.deps.jobs.enqueue(DATA_REBUILD_JOB, { workSpaceId: ws.id }, { workSpaceId: ws.id, singletonKey: `data-rebuild:${ws.id}` });
    return { queued: id !== null };
  }

  /**
   * The work space's roll-ups recomputed from its relations, 500 customers at a time: each chunk takes
   * its customers' marks, reads their relations and writes their parts in one transaction; the counts
   * are summed in memory per key and day (bounded by keys × days, not by customers) and replace the
   * roll-ups at the end. While it runs (its lease) the catch-up waits, so a change during the rebuild
   * is counted after it, against the parts the rebuild wrote.
   */
  async rebuild(wsId: number): Promise<{ customers: number }> {
    const repo = this.deps.repo;
    const clock = this.deps.clock;
    await repo.lease(wsId, clock.now() + REBUILD_LEASE_MS);
    const codes = await repo.codes(wsId);
    const codeOf = (state: string) => codes.get(state) ?? 0;
    const tally = new DayTally();
    let after = '';
    let count = 0;
    let renewed = clock.now();
    for (;;) {
      const customers = await repo.customersAfter(wsId, after, REBUILD_BATCH);
      if (!customers.length) break;
      const span = { first: customers[0]!, last: customers[customers.length - 1]! };
      await repo.transaction(async (trx) => {
        await repo.clearMarked(trx, wsId, span);
        const relations = await repo.relations(trx, wsId, span);
        const written = new Map<string, string>();
        for (const [id, rels] of relations) {
          const p = partsOf(rels, codeOf);
          tally.addParts(p);
          written.set(id, encodeParts(p));
        }
        await repo.writeParts(trx, wsId, written, span);
      });
      after = span.last;
      count += customers.length;
      // SQLite answers synchronously: without a turn between chunks a rebuild after a first sync of
      // 200,000 customers held every answer of the server for 11–12 s (bench/sync.mjs, CPU profile).
      await nextTurn();
      if (clock.now() - renewed > REBUILD_LEASE_MS / 4) await repo.lease(wsId, (renewed = clock.now()) + REBUILD_LEASE_MS);
    }
    await repo.dropPartsAfter(wsId, after);
    await repo.replace(wsId, tally.rows());
    this.deps.log.info({ wsId, customers: count }, 'data centre roll-ups rebuilt');
    await this.catchUp(wsId);
    return { customers: count };
  }

  // ---------------------------------------------------------------- the figures

  /**
   * The last day that can hold anything (coverOf reads past it for free): the later of the clock's and
   * the wall clock's today, as relations carry WeCom's real times and a test clock may run ahead.
   */
  private today(): string {
    return dayKey(Math.max(this.deps.clock.now(), Date.now()));
  }

  /** The roll-up a filtered call reads: the work space's, or one member's / code's / tag's. */
  private scopeOf(b: DataRangeBody): { dim: DailyDim; key: string } {
    const given = [b.userid !== undefined, b.contactWayId !== undefined, b.tagId !== undefined].filter(Boolean).length;
    if (given > 1) throw new AppError(400, '成员、活码和标签一次只能按其中一项筛选');
    if (b.userid !== undefined) return { dim: 'member', key: b.userid };
    if (b.contactWayId !== undefined) return { dim: 'code', key: String(b.contactWayId) };
    if (b.tagId !== undefined) return { dim: 'tag', key: b.tagId };
    return { dim: 'all', key: '' };
  }

  async totals(ws: WorkSpace, b: DataRangeBody): Promise<DataTotals> {
    await this.fresh(ws.id, b);
    const range = rangeOf(b.start, b.end);
    const { dim, key } = this.scopeOf(b);
    const [[sums], waiting, rebuilding] = await Promise.all([
      this.deps.repo.sums(ws.id, dim, rangeCover(range.start, range.end, this.today()), { key }),
      this.deps.repo.markedCount(ws.id, 1),
      this.deps.repo.rebuilding(ws.id, this.deps.clock.now()),
    ]);
    return { start: range.start, end: range.end, days: range.days.length, ...figures(sums), updating: waiting > 0 || rebuilding };
  }

  async daySeries(ws: WorkSpace, b: DataRangeBody): Promise<DataDaySeries> {
    await this.fresh(ws.id, b);
    const range = rangeOf(b.start, b.end);
    return seriesOf(range.days, await this.dayRows(ws, b));
  }

  /** The day rows of the body's scope over its range, by day. */
  private async dayRows(ws: WorkSpace, b: DataRangeBody): Promise<Map<string, DayRow>> {
    const range = rangeOf(b.start, b.end);
    const { dim, key } = this.scopeOf(b);
    return new Map((await this.deps.repo.days(ws.id, dim, key, range.start, range.end)).map((r) => [r.period, r]));
  }

  async byMember(ws: WorkSpace, b: DataRankBody): Promise<DataMemberList> {
    await this.fresh(ws.id, b);
    return this.members(ws, b);
  }

  private async members(ws: WorkSpace, b: DataRankBody): Promise<DataMemberList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'member', rangeCover(range.start, range.end, this.today()), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.memberNames(ws.id, rows.map((r) => r.key));
    return { list: rows.map((r) => ({ userid: r.key, name: names.get(r.key) ?? r.key, ...figures(r) })) };
  }

  async byCode(ws: WorkSpace, b: DataRankBody): Promise<DataCodeList> {
    await this.fresh(ws.id, b);
    return this.codes(ws, b);
  }

  private async codes(ws: WorkSpace, b: DataRankBody): Promise<DataCodeList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'code', rangeCover(range.start, range.end, this.today()), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.codeNames(ws.id, rows.map((r) => Number(r.key)).filter((id) => id > 0));
    return {
      list: rows.map((r) => {
        const id = Number(r.key);
        return { contactWayId: id, name: id === 0 ? '未通过活码添加' : (names.get(id) ?? `活码 ${id}`), ...figures(r) };
      }),
    };
  }

  async byTag(ws: WorkSpace, b: DataRankBody): Promise<DataTagList> {
    await this.fresh(ws.id, b);
    return this.tags(ws, b);
  }

  private async tags(ws: WorkSpace, b: DataRankBody): Promise<DataTagList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'tag', rangeCover(range.start, range.end, this.today()), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.tagNames(ws.id, rows.map((r) => r.key));
    return { list: rows.map((r) => ({ tagId: r.key, name: names.get(r.key) ?? r.key, ...figures(r) })) };
  }

  /** Of those added each day, how many were still friends (no deletion either way) 1, 7, 30 days later; null until measurable. */
  async retention(ws: WorkSpace, b: DataRangeBody): Promise<DataRetention> {
    await this.fresh(ws.id, b);
    return retentionOf(rangeOf(b.start, b.end).days, await this.dayRows(ws, b), this.deps.clock.now());
  }

  /** The day series and the rankings as CSV (UTF-8 with a BOM, so Excel reads the Chinese). */
  async exportCsv(ws: WorkSpace, b: DataRangeBody): Promise<{ filename: string; csv: string }> {
    await this.fresh(ws.id, b);
    const dates = rangeOf(b.start, b.end).days;
    // The day series and retention share one read of the days.
    const [rows, members, codes, tags] = await Promise.all([
      this.dayRows(ws, b),
      this.members(ws, { start: b.start, end: b.end, limit: 500 }),
      this.codes(ws, { start: b.start, end: b.end, limit: 500 }),
      this.tags(ws, { start: b.start, end: b.end, limit: 500 }),
    ]);
    const days = seriesOf(dates, rows);
    const retention = retentionOf(dates, rows, this.deps.clock.now());
    const head = ['新增客户', '成员删除', '客户删除', '净增长'];
    const nums = (f: DataFigures) => [f.adds, f.lostByMember, f.lostByCustomer, f.net];
    const kept = (v: number | null) => (v === null ? '' : v);
    const lines: Array<Array<string | number>> = [
      ['好友分析', `${b.start} 至 ${b.end}`],
      [],
      ['日期', ...head],
      ...days.list.map((d) => [d.date, ...nums(d)]),
      ['合计', ...nums(days.total)],
      [],
      ['成员', '成员账号', ...head],
      ...members.list.map((m) => [m.name, m.userid, ...nums(m)]),
      [],
      ['活码', '活码ID', ...head],
      ...codes.list.map((c) => [c.name, c.contactWayId, ...nums(c)]),
      [],
      ['标签', '标签ID', ...head],
      ...tags.list.map((t) => [t.name, t.tagId, ...nums(t)]),
      [],
      ['添加日期', '新增客户', '1天后留存', '7天后留存', '30天后留存'],
      ...retention.list.map((r) => [r.date, r.adds, kept(r.day1), kept(r.day7), kept(r.day30)]),
    ];
    const csv = '\uFEFF' + lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
    return { filename: `好友分析_${b.start}_${b.end}.csv`, csv };
  }
}

function seriesOf(dates: string[], rows: Map<string, DayRow>): DataDaySeries {
  const list = dates.map((date) => ({ date, ...figures(rows.get(date)) }));
  const total = list.reduce(
    (t, d) => ({ adds: t.adds + d.adds, lostByMember: t.lostByMember + d.lostByMember, lostByCustomer: t.lostByCustomer + d.lostByCustomer, net: t.net + d.net }),
    figures(undefined),
  );
  return { list, total };
}

/** Of those added each day, how many were still friends 1, 7, 30 days later; null until measurable. */
function retentionOf(dates: string[], rows: Map<string, DayRow>, now: number): DataRetention {
  return {
    list: dates.map((date) => {
      const r = rows.get(date);
      const adds = r?.adds ?? 0;
      const dayEnd = dayOf(date) + DAY_MS;
      const kept = (n: 1 | 7 | 30) => (now >= dayEnd + n * DAY_MS ? adds - (r?.[`lost_${n}`] ?? 0) : null);
      return { date, adds, day1: kept(1), day7: kept(7), day30: kept(30) };
    }),
  };
}

/** Quotes a cell when it needs it; a leading =+-@ is neutralised so a name cannot become a formula. */
function csvCell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
