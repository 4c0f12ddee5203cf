// 资源包: the seats a main account owns (docs/seats.md). Seats are added with a term (`credit`: the trial
// at registration, the operators' renewals and debug path, and orders once paid), given to work spaces,
// bound to members, transferred, unbound and migrated; a member without a seat receives no customers
// from channel codes (contact-way asks `seatedOf`). The minute tick marks seats whose term is over and
// writes the 7-day and 1-day notices through the message centre.
import { SEAT_EXPIRING_DAYS, TRIAL_SEATS, type Seat, type SeatInfo, type SeatList, type SeatListBody, type SeatMemberDetail, type SeatMemberList, type SeatFigures } from '@scrm/contracts/seat';
import { dayKey } from '@scrm/contracts/china-time';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session.service.js';
import type { BusinessClock } from '../clock/clock.js';
import { safeEqual } from '../auth/tokens.js';
import { isUniqueViolation } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { SeatListRow, SeatRepository, SeatRow } from './seat.repository.js';

export const SEAT_TICK_JOB = 'seat_tick';
export const DAY_MS = 86_400_000;
const TICK_BATCH = 500;

/** Where seats come from (the `source` column; an order's is `order:<id>`). */
export type SeatSource = 'trial' | 'debug' | 'admin' | `order:${string | number}` | `distributor:${number}`;

export interface SeatDeps {
  repo: SeatRepository;
  clock: BusinessClock;
  log: FastifyBaseLogger;
  /** A notice for the work space's main account, delivered by the message centre (NotifyDeliveryService.notify). */
  notify: (wsId: number, n: { kind: string; title: string; content: string; refId: number | null }) => Promise<void>;
  /** These members' seats changed: the channel codes they are on recompute who receives (a contact_way_users job). */
  reconcile: (wsId: number, userids: string[]) => Promise<void>;
  /** The members of a channel code of the work space (404 when it is not there). */
  codeMembers: (ws: WorkSpace, codeId: number) => Promise<string[]>;
  /** ADMIN_TOKEN: the operators' credential of /api/admin/qw/seat/renew; unset refuses the call. */
  adminToken: string | undefined;
  /** DEBUG_LOGIN_CODE: enables the debug seat path (refused in production mode, as debug login). */
  debugCode: string | undefined;
}

const ownerOf = (caller: AuthContext) => caller.parentId ?? caller.accountId;
const seatNotFound = () => new AppError(404, '席位不存在');

export function seatOf(r: SeatListRow): Seat {
  return {
    id: r.id,
    state: r.state,
    workSpaceId: r.work_space_id,
    workSpaceName: r.work_space_name ?? '',
    userid: r.userid,
    memberName: r.member_name ?? r.userid ?? '',
    source: r.source,
    startsAt: r.starts_at,
    expiresAt: r.expires_at,
    boundAt: r.bound_at,
  };
}

export class SeatService {
  constructor(private readonly d: SeatDeps) {}

  private get now() {
    return this.d.clock.now();
  }

  // ---------------------------------------------------------------- adding seats

  /**
   * `count` new seats for the main account `accountId`, each with a term of `termDays` from now. The one
   * way seats are added: the trial at registration, the debug path, and an order once paid (its source
   * `order:<id>`; the caller keeps it idempotent, e.g. in the transaction that marks the order paid —
   * pass `executor`).
   */
  async credit(accountId: number, count: number, termDays: number, source: SeatSource, executor?: Parameters<SeatRepository['insertSeats']>[5]): Promise<number> {
    if (!Number.isInteger(count) || count < 1) throw new AppError(400, '席位数量应为正整数');
    if (!Number.isInteger(termDays) || termDays < 1) throw new AppError(400, '席位期限应为正整数天');
    const now = this.now;
    return this.d.repo.insertSeats(accountId, count, { startsAt: now, expiresAt: now + termDays * DAY_MS }, source, now, executor);
  }

  /** The trial a new main account is given, in its registration's transaction. */
  grantTrial(accountId: number, executor: Parameters<SeatRepository['insertSeats']>[5]): Promise<number> {
    return this.credit(accountId, TRIAL_SEATS.count, TRIAL_SEATS.days, 'trial', executor);
  }

  /** /api/admin/qw/seat/renew: `days` more on the account's seats (these `ids`, or all). X-Admin-Token must be ADMIN_TOKEN. */
  async renew(token: string | undefined, accountId: number, days: number, ids?: number[]): Promise<SeatFigures> {
    if (!this.d.adminToken) throw new AppError(403, '未配置管理员凭证（ADMIN_TOKEN），此接口不可用');
    if (!token || !safeEqual(token, this.d.adminToken)) throw new AppError(401, '管理员凭证错误');
    if (!(await this.d.repo.accountExists(accountId))) throw new AppError(404, '账号不存在');
    const rows = await this.d.repo.renew(accountId, ids, days * DAY_MS, this.now);
    if (ids && rows.length !== new Set(ids).size) throw seatNotFound();
    return this.figures(accountId);
  }

  /**
   * A paid renewal order: `days` more on these seats of the account, in the order's transaction. Seats no
   * longer the account's are left out (the order named them when it was placed).
   */
  async renewFor(accountId: number, ids: number[], days: number, executor: Parameters<SeatRepository['renew']>[4]): Promise<number> {
    if (!ids.length) return 0;
    return (await this.d.repo.renew(accountId, ids, days * DAY_MS, this.now, executor)).length;
  }

  /**
   * A refunded order's seats taken back, in the refund's transaction: a buy order's free seats are deleted
   * (bound ones stay with their members until their term ends: `keptBound`); a renewal loses its days.
   */
  async takeBack(accountId: number, order: { id: number; kind: 'buy' | 'renew'; seatIds: number[]; termDays: number }, executor: Parameters<SeatRepository['renew']>[4]): Promise<{ takenBack: number; keptBound: number }> {
    if (order.kind === 'renew') return { takenBack: await this.d.repo.shorten(accountId, order.seatIds, order.termDays * DAY_MS, this.now, executor), keptBound: 0 };
    const { taken, bound } = await this.d.repo.takeBackFree(accountId, `order:${order.id}`, executor);
    return { takenBack: taken, keptBound: bound };
  }

  /** The seats a renewal order names: the caller's (a child limited to some work spaces: theirs), else 404. */
  async renewable(caller: AuthContext, ids: number[]): Promise<number[]> {
    return (await this.seats(caller, ids)).map((r) => r.id);
  }

  /** The debug path: `count` seats of `days` for an account; `code` must be DEBUG_LOGIN_CODE (unset: not found). */
  async debugAdd(code: string, accountId: number, count: number, days: number): Promise<SeatFigures> {
    if (!this.d.debugCode) throw new AppError(404, '接口不存在');
    if (!safeEqual(code, this.d.debugCode)) throw new AppError(403, '调试码错误');
    if (!(await this.d.repo.accountExists(accountId))) throw new AppError(404, '账号不存在');
    await this.credit(accountId, count, days, 'debug');
    return this.figures(accountId);
  }

  // ---------------------------------------------------------------- reading

  async figures(accountId: number): Promise<SeatFigures> {
    const f = await this.d.repo.figures(accountId, this.now + SEAT_EXPIRING_DAYS * DAY_MS);
    return { bought: f.free + f.bound, used: f.bound, free: f.free, expired: f.expired, expiring: f.expiring, nextExpiresAt: f.next };
  }

  num(caller: AuthContext): Promise<SeatFigures> {
    return this.figures(ownerOf(caller));
  }

  async info(caller: AuthContext): Promise<SeatInfo> {
    const owner = ownerOf(caller);
    const [figures, all] = await Promise.all([this.figures(owner), this.d.repo.byWorkSpace(owner)]);
    const only = caller.workSpaceIds;
    return { figures, workSpaces: only ? all.filter((w) => only.includes(w.id)) : all };
  }

  async list(caller: AuthContext, body: SeatListBody): Promise<SeatList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize ?? 20);
    const { rows, total } = await this.d.repo.page(ownerOf(caller), { state: body.state, workSpaceId: body.workSpaceId }, offset, limit);
    return { list: rows.map(seatOf), total };
  }

  async memberSeats(ws: WorkSpace, userids: string[]): Promise<SeatMemberList> {
    const held = new Map((await this.d.repo.heldBy(ws.id, [...new Set(userids)])).map((r) => [r.userid!, seatOf(r)]));
    return { list: userids.map((u) => ({ userid: u, seat: held.get(u) ?? null })) };
  }

  async memberDetail(ws: WorkSpace, userid: string): Promise<SeatMemberDetail> {
    const [row] = await this.d.repo.heldBy(ws.id, [userid]);
    return { userid, seat: row ? seatOf(row) : null };
  }

  /** Which of these members of the work space hold a seat (what channel codes offer to WeCom). */
  async seatedOf(wsId: number, userids: string[]): Promise<Set<string>> {
    return new Set(await this.d.repo.seated(wsId, [...new Set(userids)]));
  }

  // ---------------------------------------------------------------- changing

  private async member(ws: WorkSpace, userid: string): Promise<string> {
    const name = (await this.d.repo.memberNames(ws.id, [userid])).get(userid);
    if (name === undefined) throw new AppError(400, `成员 ${userid} 不存在，请先同步成员`);
    return name;
  }

  private async seats(caller: AuthContext, ids: number[]): Promise<SeatListRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.d.repo.findMany(ownerOf(caller), unique);
    if (rows.length !== unique.length) throw seatNotFound();
    const only = caller.workSpaceIds;
    if (only && rows.some((r) => r.work_space_id !== null && !only.includes(r.work_space_id))) throw seatNotFound();
    return rows;
  }

  private async one(caller: AuthContext, id: number): Promise<Seat> {
    return seatOf((await this.seats(caller, [id]))[0]!);
  }

  /** bind/member: a free seat for a member of the work space (this one, or the best free one). */
  async bindMember(ws: WorkSpace, caller: AuthContext, userid: string, id?: number): Promise<Seat> {
    const name = await this.member(ws, userid);
    if (id !== undefined) {
      const [seat] = await this.seats(caller, [id]);
      if (seat!.state === 'expired') throw new AppError(400, '席位已过期，请续费后再绑定');
      if (seat!.state === 'bound') throw new AppError(400, '席位已绑定其他成员，请先解绑或使用转移');
      if (seat!.work_space_id !== null && seat!.work_space_id !== ws.id) throw new AppError(400, '该席位属于其他企业，请先迁移到当前企业');
    }
    if ((await this.d.repo.heldBy(ws.id, [userid])).length) throw new AppError(400, `成员「${name}」已绑定席位`);
    let seatId: number | undefined;
    try {
      seatId = await this.d.repo.bindOne(ownerOf(caller), ws.id, userid, id, this.now);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(400, `成员「${name}」已绑定席位`);
      throw err;
    }
    if (seatId === undefined) throw new AppError(400, id !== undefined ? '该席位已被占用，请刷新后重试' : '没有空闲席位，请购买或释放席位后再绑定');
    await this.reconcile(ws.id, [userid]);
    return this.one(caller, seatId);
  }

  /**
   * The members of a channel code who have no seat are given free seats while there are any (adding a
   * member to a code takes a seat); those left without one are reported by the code as 「未绑定席位」.
   */
  async ensureSeats(ws: WorkSpace, userids: string[]): Promise<void> {
    const seated = await this.seatedOf(ws.id, userids);
    for (const u of userids) {
      if (seated.has(u)) continue;
      try {
        if ((await this.d.repo.bindOne(ws.account_id, ws.id, u, undefined, this.now)) === undefined) return;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
  }

  /** bind/member/tran: a bound seat to another member of its work space. */
  async transfer(ws: WorkSpace, caller: AuthContext, id: number, userid: string): Promise<Seat> {
    const [seat] = await this.seats(caller, [id]);
    if (seat!.state !== 'bound' || seat!.work_space_id !== ws.id) throw new AppError(400, '只能转移当前企业中已绑定成员的席位');
    if (seat!.userid === userid) throw new AppError(400, '席位已属于该成员');
    const name = await this.member(ws, userid);
    if ((await this.d.repo.heldBy(ws.id, [userid])).length) throw new AppError(400, `成员「${name}」已绑定席位`);
    try {
      if (!(await this.d.repo.transfer(ownerOf(caller), id, ws.id, userid, this.now))) throw new AppError(409, '席位状态已变化，请刷新后重试');
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(400, `成员「${name}」已绑定席位`);
      throw err;
    }
    await this.reconcile(ws.id, [seat!.userid!, userid]);
    return this.one(caller, id);
  }

  /** bind/qw: free seats given to the work space. */
  async giveToWorkSpace(ws: WorkSpace, caller: AuthContext, ids: number[]): Promise<SeatInfo> {
    const rows = await this.seats(caller, ids);
    if (rows.some((r) => r.state !== 'free')) throw new AppError(400, '只能分配空闲席位（已绑定的请用迁移，已过期的请先续费）');
    await this.d.repo.giveToWorkSpace(ownerOf(caller), rows.map((r) => r.id), ws.id, this.now);
    return this.info(caller);
  }

  /** migrate/by/qw: live seats moved to the work space; their members (in the other space) lose them. */
  async migrate(ws: WorkSpace, caller: AuthContext, ids: number[]): Promise<SeatInfo> {
    const rows = await this.seats(caller, ids);
    if (rows.some((r) => r.state === 'expired')) throw new AppError(400, '已过期的席位不能迁移，请先续费');
    await this.d.repo.migrate(ownerOf(caller), rows.map((r) => r.id), ws.id, this.now);
    await this.reconcileRows(rows.filter((r) => r.state === 'bound'));
    return this.info(caller);
  }

  /** remove: bound seats unbound (free again, still given to their work space). */
  async remove(caller: AuthContext, ids: number[]): Promise<SeatInfo> {
    const rows = await this.seats(caller, ids);
    if (rows.some((r) => r.state !== 'bound')) throw new AppError(400, '只能解绑已绑定成员的席位');
    await this.d.repo.unbind(ownerOf(caller), rows.map((r) => r.id), this.now);
    await this.reconcileRows(rows);
    return this.info(caller);
  }

  /** /api/qw/lxw/remove/bind/seat/batch: the seats of a channel code's members unbound. */
  async removeForCode(ws: WorkSpace, caller: AuthContext, codeId: number): Promise<number> {
    const userids = await this.d.codeMembers(ws, codeId);
    const rows = await this.d.repo.heldBy(ws.id, userids);
    if (!rows.length) return 0;
    const n = await this.d.repo.unbind(ownerOf(caller), rows.map((r) => r.id), this.now);
    await this.reconcileRows(rows);
    return n;
  }

  private async reconcileRows(rows: Array<Pick<SeatRow, 'work_space_id' | 'userid'>>): Promise<void> {
    const byWs = new Map<number, string[]>();
    for (const r of rows) if (r.work_space_id !== null && r.userid) byWs.set(r.work_space_id, [...(byWs.get(r.work_space_id) ?? []), r.userid]);
    for (const [wsId, userids] of byWs) await this.reconcile(wsId, userids);
  }

  private async reconcile(wsId: number, userids: string[]): Promise<void> {
    try {
      await this.d.reconcile(wsId, userids);
    } catch (err) {
      this.d.log.warn({ err, wsId }, 'could not queue the channel codes of members whose seat changed');
    }
  }

  // ---------------------------------------------------------------- the minute tick

  /** Seats whose term is over marked expired (their codes recompute); the 7-day and 1-day notices written. */
  async tick(): Promise<void> {
    const now = this.now;
    for (;;) {
      const expired = await this.d.repo.expireDue(now, TICK_BATCH);
      await this.reconcileRows(expired.filter((r) => r.state === 'bound'));
      await this.noticeGroups(expired, (n, at) => ({ title: '席位已到期', content: `${n} 个席位已于 ${at} 到期，绑定的成员不再通过渠道活码接待客户。请在 设置 → 资源包 续费。` }));
      if (expired.length < TICK_BATCH) break;
    }
    for (const stage of [7, 1]) {
      for (;;) {
        const due = await this.d.repo.claimNotices(stage, now + stage * DAY_MS, now, TICK_BATCH);
        await this.noticeGroups(due, (n, at) => ({
          title: stage === 7 ? '席位将在 7 天内到期' : '席位将在 1 天内到期',
          content: `${n} 个席位将于 ${at} 到期，到期后绑定的成员不再通过渠道活码接待客户。请在 设置 → 资源包 续费。`,
        }));
        if (due.length < TICK_BATCH) break;
      }
    }
  }

  /** One `seat_expiring` notice per (account, work space) of these seats; pooled seats' in the account's first work space. */
  private async noticeGroups(rows: SeatRow[], text: (count: number, at: string) => { title: string; content: string }): Promise<void> {
    const groups = new Map<string, { wsId: number | null; accountId: number; rows: SeatRow[] }>();
    for (const r of rows) {
      const key = `${r.account_id}:${r.work_space_id ?? ''}`;
      const g = groups.get(key) ?? { wsId: r.work_space_id, accountId: r.account_id, rows: [] };
      g.rows.push(r);
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      const wsId = g.wsId ?? (await this.d.repo.firstWorkSpace(g.accountId));
      if (wsId === undefined) continue;
      const first = Math.min(...g.rows.map((r) => r.expires_at));
      const { title, content } = text(g.rows.length, dayKey(first));
      await this.d.notify(wsId, { kind: 'seat_expiring', title, content, refId: g.rows[0]!.id });
    }
  }
}
