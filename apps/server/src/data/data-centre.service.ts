// 数据中心 (好友分析): keeps the daily roll-ups as customer events are recorded (a CustomerEventListener),
// rebuilds them from customer_event on demand (a job), and answers the figure calls from the roll-ups
// only. Definitions in docs/data-centre.md; the arithmetic in daily-figures.ts.
import { dayOf, DAY_MS } from '@scrm/contracts/china-time';
import type { DataCodeList, DataDaySeries, DataFigures, DataMemberList, DataRangeBody, DataRankBody, DataRetention, DataTagList, DataTotals } from '@scrm/contracts/data';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock.js';
import { rangeOf } from '../contact-way/figures/code-figures.service.js';
import type { CustomerEventListener } from '../customer/customer-event.service.js';
import type { CustomerEventRow } from '../customer/customer-event.repository.js';
import type { DailyDim } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import { coverOf, DailyTally, type AddFacts, type EventFacts } from './daily-figures.js';
import type { CodeFacts, DailySums, DataCentreRepository, RelationEvent } from './data-centre.repository.js';

export const DATA_REBUILD_JOB = 'data_rebuild';

const FIGURE_KINDS = new Set(['add', 'delete_by_member', 'delete_by_customer']);
const REBUILD_BATCH = 500;
const DEFAULT_RANK = 50;

const stateOf = (detail: string): string => {
  try {
    const d = JSON.parse(detail) as { state?: unknown };
    return typeof d.state === 'string' ? d.state : '';
  } catch {
    return '';
  }
};

/**
 * The facts of each event of ONE relation, walked oldest first: an add's code by its state, a
 * deletion's by the last add before it, and whether the deletion is the first since that add.
 */
export function walkRelation(events: RelationEvent[], codeOf: (state: string) => CodeFacts | undefined, tags: string[]): EventFacts[] {
  let add: (AddFacts & { tagIds: string[] }) | null = null;
  let lost = false;
  return events.map((e) => {
    if (e.kind === 'add') {
      const code = codeOf(stateOf(e.detail));
      add = { at: Number(e.at), userid: e.userid, contactWayId: code?.id ?? 0, tagIds: code?.tagIds ?? [] };
      lost = false;
      return { kind: 'add', at: Number(e.at), userid: e.userid, contactWayId: add.contactWayId, tags: [...add.tagIds, ...tags], firstLossOf: null };
    }
    const first: AddFacts | null = add && !lost ? add : null;
    lost = true;
    return { kind: e.kind, at: Number(e.at), userid: e.userid, contactWayId: add?.contactWayId ?? 0, tags: [...(add?.tagIds ?? []), ...tags], firstLossOf: first };
  });
}

const figures = (s: Pick<DailySums, 'adds' | 'deleted_by_member' | 'deleted_by_customer'> | undefined): DataFigures => {
  const adds = s?.adds ?? 0;
  const lostByMember = s?.deleted_by_member ?? 0;
  const lostByCustomer = s?.deleted_by_customer ?? 0;
  return { adds, lostByMember, lostByCustomer, net: adds - lostByMember - lostByCustomer };
};

export class DataCentreService implements CustomerEventListener {
  constructor(private readonly deps: { repo: DataCentreRepository; jobs: JobQueue; clock: Clock; log: FastifyBaseLogger }) {}

  // ---------------------------------------------------------------- keeping the roll-ups

  /**
   * Newly recorded events (each once: CustomerEventService passes only rows it inserted). A failure is
   * logged, not thrown: the event is already recorded, so a retry of the callback would not count it
   * either — the rebuild repairs the roll-ups.
   */
  async recorded(wsId: number, events: CustomerEventRow[]): Promise<void> {
    try {
      await this.count(wsId, events);
    } catch (err) {
      this.deps.log.error({ err, wsId }, 'data centre roll-ups not updated for new customer events (a rebuild repairs them)');
    }
  }

  private async count(wsId: number, events: CustomerEventRow[]): Promise<void> {
    const tally = new DailyTally();
    for (const e of events) {
      if (!FIGURE_KINDS.has(e.kind)) continue;
      const history = await this.deps.repo.relationEvents(wsId, e.external_userid, e.userid, { at: Number(e.at), id: Number(e.id) });
      const codes = new Map<string, CodeFacts | undefined>();
      for (const h of history) {
        const state = h.kind === 'add' ? stateOf(h.detail) : '';
        if (state && !codes.has(state)) codes.set(state, await this.deps.repo.codeByState(wsId, state));
      }
      const tags = await this.deps.repo.relationTags(wsId, e.external_userid, e.userid);
      const facts = walkRelation(history, (s) => codes.get(s), tags);
      const mine = facts[facts.length - 1];
      if (mine) tally.add(mine);
    }
    const rows = [...tally.rows()];
    if (rows.length) await this.deps.repo.increment(wsId, rows);
  }

  /** Queues a rebuild of the work space's roll-ups (one at a time). */
  async queueRebuild(ws: WorkSpace): Promise<{ queued: boolean }> {
    const id = await this.deps.jobs.enqueue(DATA_REBUILD_JOB, { workSpaceId: ws.id }, { workSpaceId: ws.id, singletonKey: `data-rebuild:${ws.id}` });
    return { queued: id !== null };
  }

  /**
   * The work space's roll-ups recomputed from customer_event, customer by customer; the events
   * recorded while it ran (id above the snapshot) are counted again in the replacing transaction.
   */
  async rebuild(wsId: number): Promise<{ events: number }> {
    const repo = this.deps.repo;
    const maxId = await repo.lastEventId(wsId);
    const codes = await repo.codes(wsId);
    const codeOf = (s: string) => codes.get(s);
    const tally = new DailyTally();
    let after = '';
    let count = 0;
    for (;;) {
      const customers = await repo.customersAfter(wsId, after, REBUILD_BATCH);
      if (!customers.length) break;
      after = customers[customers.length - 1]!;
      const span = { first: customers[0]!, last: after };
      const [events, tags] = await Promise.all([repo.eventsOf(wsId, span, { maxId }), repo.tagsOf(wsId, span)]);
      count += events.length;
      for (const [key, rel] of groupByRelation(events)) for (const f of walkRelation(rel, codeOf, tags.get(key) ?? [])) tally.add(f);
    }
    await repo.replace(wsId, [...tally.rows()], async (trx) => {
      const late = await repo.eventsOf(wsId, null, { minId: maxId }, trx);
      for (const e of late) await this.recordedIn(wsId, e, trx);
    });
    this.deps.log.info({ wsId, events: count }, 'data centre roll-ups rebuilt');
    return { events: count };
  }

  /** One late event counted inside the rebuild's transaction. */
  private async recordedIn(wsId: number, e: RelationEvent, trx: Parameters<Parameters<DataCentreRepository['replace']>[2]>[0]): Promise<void> {
    const history = await this.deps.repo.relationEvents(wsId, e.external_userid, e.userid, { at: e.at, id: e.id });
    const codes = await this.deps.repo.codes(wsId);
    const tags = await this.deps.repo.relationTags(wsId, e.external_userid, e.userid);
    const mine = walkRelation(history, (s) => codes.get(s), tags).pop();
    if (mine) await this.deps.repo.increment(wsId, [...new DailyTally().add(mine).rows()], trx);
  }

  // ---------------------------------------------------------------- the figures

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
    const range = rangeOf(b.start, b.end);
    const { dim, key } = this.scopeOf(b);
    const [sums] = await this.deps.repo.sums(ws.id, dim, coverOf(range.start, range.end), { key });
    return { start: range.start, end: range.end, days: range.days.length, ...figures(sums) };
  }

  async daySeries(ws: WorkSpace, b: DataRangeBody): Promise<DataDaySeries> {
    const range = rangeOf(b.start, b.end);
    const { dim, key } = this.scopeOf(b);
    const rows = new Map((await this.deps.repo.days(ws.id, dim, key, range.start, range.end)).map((r) => [r.period, r]));
    const list = range.days.map((date) => ({ date, ...figures(rows.get(date)) }));
    const total = list.reduce(
      (t, d) => ({ adds: t.adds + d.adds, lostByMember: t.lostByMember + d.lostByMember, lostByCustomer: t.lostByCustomer + d.lostByCustomer, net: t.net + d.net }),
      figures(undefined),
    );
    return { list, total };
  }

  async byMember(ws: WorkSpace, b: DataRankBody): Promise<DataMemberList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'member', coverOf(range.start, range.end), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.memberNames(ws.id, rows.map((r) => r.key));
    return { list: rows.map((r) => ({ userid: r.key, name: names.get(r.key) ?? r.key, ...figures(r) })) };
  }

  async byCode(ws: WorkSpace, b: DataRankBody): Promise<DataCodeList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'code', coverOf(range.start, range.end), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.codeNames(ws.id, rows.map((r) => Number(r.key)).filter((id) => id > 0));
    return {
      list: rows.map((r) => {
        const id = Number(r.key);
        return { contactWayId: id, name: id === 0 ? '未通过活码添加' : (names.get(id) ?? `活码 ${id}`), ...figures(r) };
      }),
    };
  }

  async byTag(ws: WorkSpace, b: DataRankBody): Promise<DataTagList> {
    const range = rangeOf(b.start, b.end);
    const rows = await this.deps.repo.sums(ws.id, 'tag', coverOf(range.start, range.end), { limit: b.limit ?? DEFAULT_RANK });
    const names = await this.deps.repo.tagNames(ws.id, rows.map((r) => r.key));
    return { list: rows.map((r) => ({ tagId: r.key, name: names.get(r.key) ?? r.key, ...figures(r) })) };
  }

  /** Of those added each day, how many were still friends (no deletion either way) 1, 7, 30 days later; null until measurable. */
  async retention(ws: WorkSpace, b: DataRangeBody): Promise<DataRetention> {
    const range = rangeOf(b.start, b.end);
    const { dim, key } = this.scopeOf(b);
    const rows = new Map((await this.deps.repo.days(ws.id, dim, key, range.start, range.end)).map((r) => [r.period, r]));
    const now = this.deps.clock.now();
    return {
      list: range.days.map((date) => {
        const r = rows.get(date);
        const adds = r?.adds ?? 0;
        const dayEnd = dayOf(date) + DAY_MS;
        const kept = (n: 1 | 7 | 30) => (now >= dayEnd + n * DAY_MS ? adds - (r?.[`lost_${n}`] ?? 0) : null);
        return { date, adds, day1: kept(1), day7: kept(7), day30: kept(30) };
      }),
    };
  }

  /** The day series and the rankings as CSV (UTF-8 with a BOM, so Excel reads the Chinese). */
  async exportCsv(ws: WorkSpace, b: DataRangeBody): Promise<{ filename: string; csv: string }> {
    const [days, members, codes, tags, retention] = await Promise.all([
      this.daySeries(ws, b),
      this.byMember(ws, { start: b.start, end: b.end, limit: 500 }),
      this.byCode(ws, { start: b.start, end: b.end, limit: 500 }),
      this.byTag(ws, { start: b.start, end: b.end, limit: 500 }),
      this.retention(ws, b),
    ]);
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

/** Quotes a cell when it needs it; a leading =+-@ is neutralised so a name cannot become a formula. */
function csvCell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function groupByRelation(events: RelationEvent[]): Map<string, RelationEvent[]> {
  const out = new Map<string, RelationEvent[]>();
  for (const e of events) {
    const k = `${e.external_userid}|${e.userid}`;
    (out.get(k) ?? out.set(k, []).get(k)!).push(e);
  }
  return out;
}
