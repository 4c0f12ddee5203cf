// The figures every kind of code shares (daily data, retention, per-member data, overview, the customers
// added) and its QR download: the code is checked to be of the kind asked for, dates are checked here.
import { dayKey, dayOf, DAY_MS } from '@scrm/contracts/china-time';
import type { CodeAddList, DaySeries, MemberDaySeries, MemberFiguresList, Overview, RetentionTable } from '@scrm/contracts/contact-way';
import type { Clock } from '../../clock/clock.js';
import type { ContactWayKind } from '../../db/tables.js';
import { AppError } from '../../http/errors.js';
import type { WorkSpace } from '../../workspace/workspace.repository.js';
import type { CodeStatsRepository, DayRange, StatsScope } from './code-stats.repository.js';
import type { ContactWayService } from '../contact-way.service.js';

/** The longest range a figure query covers. */
const MAX_RANGE_DAYS = 366;

/** [start of first day, start of the day after the last) from 'YYYY-MM-DD' keys; 400 when malformed. */
export function rangeOf(start: string, end: string): DayRange {
  const from = dayOf(start);
  const last = dayOf(end);
  if (Number.isNaN(from) || Number.isNaN(last)) throw new AppError(400, '日期格式错误，应为 YYYY-MM-DD');
  if (last < from) throw new AppError(400, '结束日期不能早于开始日期');
  const n = Math.round((last - from) / DAY_MS) + 1;
  if (n > MAX_RANGE_DAYS) throw new AppError(400, `日期范围最长 ${MAX_RANGE_DAYS} 天`);
  return { start, end, from, to: last + DAY_MS, days: Array.from({ length: n }, (_, i) => dayKey(from + i * DAY_MS)) };
}

/** Which codes a figure call is about: its kind and the message when the id is not one of them. */
export interface FigureKind {
  kind: ContactWayKind;
  notFound: string;
}

export class CodeFiguresService {
  constructor(private readonly deps: { stats: CodeStatsRepository; contactWays: ContactWayService; clock: Clock }) {}

  private codeOf(ws: WorkSpace, k: FigureKind, id: number) {
    return this.deps.contactWays.findOfKind(ws, id, k.kind, () => new AppError(404, k.notFound));
  }

  /** One code of the kind (404 otherwise), or every code of the kind when no id is given. */
  private async scope(ws: WorkSpace, k: FigureKind, id?: number): Promise<StatsScope> {
    if (id !== undefined) await this.codeOf(ws, k, id);
    return { wsId: ws.id, kind: k.kind, id };
  }

  async daySeries(ws: WorkSpace, k: FigureKind, b: { id?: number; start: string; end: string }): Promise<DaySeries> {
    const scope = await this.scope(ws, k, b.id);
    return this.deps.stats.daySeries(scope, rangeOf(b.start, b.end));
  }

  async retention(ws: WorkSpace, k: FigureKind, b: { id?: number; start: string; end: string }): Promise<RetentionTable> {
    const scope = await this.scope(ws, k, b.id);
    return this.deps.stats.retention(scope, rangeOf(b.start, b.end), this.deps.clock.now());
  }

  async memberFigures(ws: WorkSpace, k: FigureKind, b: { id?: number; start?: string; end?: string }): Promise<MemberFiguresList> {
    if ((b.start === undefined) !== (b.end === undefined)) throw new AppError(400, '请同时提供开始和结束日期');
    const scope = await this.scope(ws, k, b.id);
    return this.deps.stats.memberFigures(scope, b.start && b.end ? rangeOf(b.start, b.end) : undefined);
  }

  async memberDaySeries(ws: WorkSpace, k: FigureKind, b: { id?: number; start: string; end: string }): Promise<MemberDaySeries> {
    const scope = await this.scope(ws, k, b.id);
    return this.deps.stats.memberDaySeries(scope, rangeOf(b.start, b.end));
  }

  async overview(ws: WorkSpace, k: FigureKind, id?: number): Promise<Overview> {
    return this.deps.stats.overview(await this.scope(ws, k, id), this.deps.clock.now());
  }

  async addList(ws: WorkSpace, k: FigureKind, id: number | undefined, page: { offset: number; limit: number; userid?: string }): Promise<CodeAddList> {
    return this.deps.stats.addList(await this.scope(ws, k, id), page);
  }

  /** The code's QR image and its name for the download. */
  async qrCode(ws: WorkSpace, k: FigureKind, id: number): Promise<{ name: string; png: Buffer }> {
    const code = await this.codeOf(ws, k, id);
    return { name: code.name, png: await this.deps.contactWays.qrPng(code) };
  }
}
