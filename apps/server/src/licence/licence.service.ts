// 接口许可: for corps authorised through the provider (third) or 代开发 (replace), which members need a
// licence, buying accounts through the provider's licence orders, the orders' activation codes and their
// state, batch activation for members, and each member's licence. WeCom (license/* with the provider's
// token) is the source of truth; licence_order / licence_code keep what was last read. Self-built corps
// need none: the reads say so, the changes are refused.
import type {
  ActiveCode,
  ActiveCodeBody,
  ActiveCodeDetail,
  BindBatchBody,
  BindBatchResult,
  ByAccountBody,
  LicenceNeed,
  LicenceOrder,
  LicenceType,
  MemberLicenceList,
  NeedBuyBody,
} from '@scrm/contracts/licence';
import type { LicenseApi } from '@scrm/wecom/client';
import { wecomErrorMessage } from '@scrm/wecom/errors';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import { AppError } from '../http/errors.js';
import type { MemberService } from '../member/member.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { WorkSpaceService } from '../workspace/workspace.service.js';
import type { LicenceCodeRow, LicenceOrderRow, LicenceRepository } from './licence.repository.js';

export const ORDER_STATUS: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已取消', 3: '已失效', 4: '退款中', 5: '已退款', 6: '退款被拒绝' };
export const CODE_STATUS: Record<number, string> = { 1: '未绑定', 2: '已绑定', 3: '已过期', 4: '待转移', 5: '已合并', 6: '已分配给下游企业' };
const EXTERNAL = 2;
/** How many members a page lists (the contact members of one work space). */
const MEMBER_LIMIT = 1000;
/** Codes re-read from WeCom in one call of activeCode/detail (the rest keep their last state). */
const REFRESH_LIMIT = 100;
const NOT_REQUIRED = '该企业通过自建应用接入，调用企业微信接口无需购买接口许可';
const LICENSED_ACCESS = new Set(['third', 'replace']);

const needsLicence = (ws: WorkSpace) => LICENSED_ACCESS.has(ws.access_type);
/** WeCom seconds → epoch ms (null for 0 / absent). */
const ms = (s: number | undefined | null) => (s ? s * 1000 : null);

async function wecom<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw wecomFailure(err);
  }
}

export class LicenceService {
  constructor(
    private readonly deps: { repo: LicenceRepository; workSpaces: WorkSpaceService; members: MemberService; gateway: WecomGateway; clock: Clock; buyerUserid: () => Promise<string> },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  /** The caller's work space (404 otherwise) and whether it needs licences. */
  private async space(caller: AuthContext, id: number) {
    const ws = await this.deps.workSpaces.owned(caller, id);
    return { ws, required: needsLicence(ws) };
  }

  private async api(ws: WorkSpace): Promise<{ api: LicenseApi; corpId: string }> {
    if (!ws.corp_id) throw new AppError(400, '企业尚未完成授权');
    return { api: await this.deps.gateway.licence(), corpId: ws.corp_id };
  }

  private async contactMembers(ws: WorkSpace) {
    return (await this.deps.members.find(ws, { contactOnly: true, limit: MEMBER_LIMIT })).list.filter((m) => m.isFollowUser);
  }

  /** Accounts in force of the corp by member (list_actived_account, one call a page of 1000). */
  private async activeByMember(ws: WorkSpace) {
    const { api, corpId } = await this.api(ws);
    const list = (await wecom(() => api.listActivedAccount(corpId))).account_list ?? [];
    // WeCom lists only accounts in force (its own clock decides expiry, not the business clock)
    const by = new Map<string, Array<{ type: number; active_time: number; expire_time: number }>>();
    for (const a of list) by.set(a.userid, [...(by.get(a.userid) ?? []), a]);
    return by;
  }

  /** Re-reads unpaid orders (get_order) and lists the codes of paid orders not yet listed (list_order_account). */
  private async refreshOrders(ws: WorkSpace, orderId?: string): Promise<LicenceOrderRow[]> {
    const { api } = await this.api(ws);
    const rows = await this.repo.orders(ws.id, orderId);
    const now = this.deps.clock.now();
    const known = new Set((await this.repo.codes(ws.id, { orderIds: rows.map((r) => r.order_id) })).map((c) => c.order_id));
    for (const row of rows) {
      if (row.status === 0) {
        const o = (await wecom(() => api.getOrder(row.order_id))).order;
        row.status = o.order_status;
        row.paid_at = ms(o.pay_time);
        row.price = o.price ?? row.price;
        await this.repo.updateOrder(ws.id, row.order_id, { status: row.status, paid_at: row.paid_at, price: row.price, checked_at: now });
      }
      if (row.status === 1 && !known.has(row.order_id)) {
        const accounts = (await wecom(() => api.listOrderAccount(row.order_id))).account_list ?? [];
        await this.repo.addCodes(
          accounts.map((a) => ({ active_code: a.active_code, work_space_id: ws.id, order_id: row.order_id, type: a.type, status: a.userid ? 2 : 1, userid: a.userid ?? null, active_time: null, expire_time: null, checked_at: now })),
        );
      }
    }
    return rows;
  }

  private orderView(o: LicenceOrderRow): LicenceOrder {
    return {
      orderId: o.order_id,
      status: o.status,
      statusText: ORDER_STATUS[o.status] ?? `未知（${o.status}）`,
      baseCount: o.base_count,
      externalCount: o.external_count,
      months: o.months,
      price: Number(o.price),
      createdAt: Number(o.created_at),
      paidAt: o.paid_at === null ? null : Number(o.paid_at),
    };
  }

  /** /api/qw/need/buy/qwAccount: members needing a licence, the orders; with `buy`, places an order first. */
  async need(caller: AuthContext, body: NeedBuyBody): Promise<LicenceNeed> {
    const { ws, required } = await this.space(caller, body.id);
    if (!required) {
      if (body.buy) throw new AppError(400, NOT_REQUIRED);
      return { required, message: NOT_REQUIRED, members: [], freeExternalCodes: 0, orders: [] };
    }
    let createdOrderId: string | undefined;
    if (body.buy) createdOrderId = await this.buy(ws, body.buy);
    const orders = await this.refreshOrders(ws);
    const [members, active] = await Promise.all([this.contactMembers(ws), this.activeByMember(ws)]);
    const needing = members.filter((m) => !(active.get(m.userid) ?? []).some((a) => a.type === EXTERNAL));
    const free = await this.repo.codes(ws.id, { type: EXTERNAL, status: 1 });
    return {
      required,
      message: needing.length ? `${needing.length} 名有客户联系权限的成员尚未激活互通账号` : '有客户联系权限的成员均已激活互通账号',
      members: needing.map((m) => ({ userid: m.userid, name: m.name })),
      freeExternalCodes: free.length,
      orders: orders.map((o) => this.orderView(o)),
      ...(createdOrderId ? { createdOrderId } : {}),
    };
  }

  private async buy(ws: WorkSpace, buy: NonNullable<NeedBuyBody['buy']>): Promise<string> {
    if (!buy.baseCount && !buy.externalCount) throw new AppError(400, '请至少购买 1 个基础账号或互通账号');
    const { api, corpId } = await this.api(ws);
    const buyer = await this.deps.buyerUserid();
    const { order_id } = await wecom(() =>
      api.createNewOrder({
        corpid: corpId,
        buyer_userid: buyer,
        account_count: { base_count: buy.baseCount, external_contact_count: buy.externalCount },
        account_duration: { months: buy.months },
      }),
    );
    const now = this.deps.clock.now();
    await this.repo.addOrder({ work_space_id: ws.id, order_id, status: 0, base_count: buy.baseCount, external_count: buy.externalCount, months: buy.months, price: 0, created_at: now, paid_at: null, checked_at: now });
    return order_id;
  }

  /** /api/qw/activeCode/detail: the orders (state re-read) and their codes (state re-read through get_active_info_by_code). */
  async activeCodes(caller: AuthContext, body: ActiveCodeBody): Promise<ActiveCodeDetail> {
    const { ws, required } = await this.space(caller, body.id);
    if (!required) return { required, message: NOT_REQUIRED, orders: [], codes: [] };
    const orders = await this.refreshOrders(ws, body.orderId);
    if (body.orderId && !orders.length) throw new AppError(404, '订单不存在');
    const codes = await this.refreshCodes(ws, await this.repo.codes(ws.id, { orderIds: orders.map((o) => o.order_id) }));
    const names = new Map((await this.contactMembers(ws)).map((m) => [m.userid, m.name]));
    return { required, message: '', orders: orders.map((o) => this.orderView(o)), codes: codes.map((c) => this.codeView(c, names)) };
  }

  /** Codes not final (unbound or bound) are re-read, REFRESH_LIMIT at most a call. */
  private async refreshCodes(ws: WorkSpace, codes: LicenceCodeRow[]): Promise<LicenceCodeRow[]> {
    const { api, corpId } = await this.api(ws);
    const now = this.deps.clock.now();
    let n = 0;
    for (const c of codes) {
      if (c.status !== 1 && c.status !== 2) continue;
      if (n++ >= REFRESH_LIMIT) break;
      const info = (await wecom(() => api.getActiveInfoByCode(corpId, c.active_code))).active_info;
      Object.assign(c, { status: info.status, userid: info.userid ?? null, active_time: ms(info.active_time), expire_time: ms(info.expire_time) });
      await this.repo.updateCode(ws.id, c.active_code, { status: c.status, userid: c.userid, active_time: c.active_time, expire_time: c.expire_time, checked_at: now });
    }
    return codes;
  }

  private codeView(c: LicenceCodeRow, names: Map<string, string>): ActiveCode {
    return {
      activeCode: c.active_code,
      orderId: c.order_id,
      type: (c.type === EXTERNAL ? 2 : 1) as LicenceType,
      status: c.status,
      statusText: CODE_STATUS[c.status] ?? `未知（${c.status}）`,
      userid: c.userid,
      memberName: c.userid ? (names.get(c.userid) ?? null) : null,
      activeTime: c.active_time === null ? null : Number(c.active_time),
      expireTime: c.expire_time === null ? null : Number(c.expire_time),
    };
  }

  /** /api/qw/bind/qwAccount/batch: one unbound code of the type for each member, activated in one batch_active_account. */
  async bindBatch(caller: AuthContext, body: BindBatchBody): Promise<BindBatchResult> {
    const { ws, required } = await this.space(caller, body.id);
    if (!required) throw new AppError(400, NOT_REQUIRED);
    const userids = [...new Set(body.userids)];
    const type = body.type ?? EXTERNAL;
    const members = new Map((await this.deps.members.find(ws, { userids, contactOnly: false, limit: MEMBER_LIMIT })).list.map((m) => [m.userid, m.name]));
    const unknown = userids.filter((u) => !members.has(u));
    if (unknown.length) throw new AppError(400, `成员不存在：${unknown.slice(0, 5).join('、')}`);
    await this.refreshOrders(ws);
    const free = await this.refreshCodes(ws, await this.repo.codes(ws.id, { type, status: 1 }));
    const usable = free.filter((c) => c.status === 1);
    const label = type === EXTERNAL ? '互通账号' : '基础账号';
    if (usable.length < userids.length) throw new AppError(400, `可用的${label}激活码不足：需要 ${userids.length} 个，剩余 ${usable.length} 个，请先购买并支付`);
    const pairs = userids.map((userid, i) => ({ active_code: usable[i]!.active_code, userid }));
    const { api, corpId } = await this.api(ws);
    const result = (await wecom(() => api.batchActiveAccount(corpId, pairs))).active_result ?? [];
    const errOf = new Map(result.map((r) => [r.active_code, r.errcode]));
    await this.refreshCodes(ws, await this.repo.codes(ws.id, { type, status: 1 }));
    const list = pairs.map((p) => {
      const errcode = errOf.get(p.active_code) ?? -1;
      return { userid: p.userid, activeCode: p.active_code, ok: errcode === 0, message: errcode === 0 ? '已激活' : wecomErrorMessage(errcode) };
    });
    return { bound: list.filter((x) => x.ok).length, list };
  }

  /** /api/qw/by/qwAccount: each contact member's licences (one member with `userid`, through get_active_info_by_user). */
  async byAccount(caller: AuthContext, body: ByAccountBody): Promise<MemberLicenceList> {
    const { ws, required } = await this.space(caller, body.id);
    if (!required) return { required, message: NOT_REQUIRED, list: [] };
    if (body.userid) {
      const m = (await this.deps.members.find(ws, { userids: [body.userid], contactOnly: false, limit: 1 })).list[0];
      if (!m) throw new AppError(404, '成员不存在');
      const { api, corpId } = await this.api(ws);
      const info = await wecom(() => api.getActiveInfoByUser(corpId, m.userid));
      const licences = (info.active_info_list ?? []).map((a) => ({ type: (a.type === EXTERNAL ? 2 : 1) as LicenceType, activeCode: a.active_code, activeTime: a.active_time * 1000, expireTime: a.expire_time * 1000 }));
      return { required, message: '', list: [{ userid: m.userid, name: m.name, licensed: licences.some((l) => l.type === EXTERNAL), licences }] };
    }
    const [members, active] = await Promise.all([this.contactMembers(ws), this.activeByMember(ws)]);
    const codeOf = new Map((await this.repo.codes(ws.id, { status: 2 })).map((c) => [`${c.userid}|${c.type}`, c.active_code]));
    return {
      required,
      message: '',
      list: members.map((m) => {
        const licences = (active.get(m.userid) ?? []).map((a) => ({
          type: (a.type === EXTERNAL ? 2 : 1) as LicenceType,
          activeCode: codeOf.get(`${m.userid}|${a.type}`) ?? '',
          activeTime: a.active_time * 1000,
          expireTime: a.expire_time * 1000,
        }));
        return { userid: m.userid, name: m.name, licensed: licences.some((l) => l.type === EXTERNAL), licences };
      }),
    };
  }
}
