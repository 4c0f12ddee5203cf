// Interface licences (接口许可): the provider orders accounts for an authorised corp (待支付 until paid
// through the control API or the page), gets activation codes once paid, and binds them to members.
// Provider token calls.
import { randomBytes } from 'node:crypto';
import type { LicenceCode, LicenceOrder } from './provider.js';
import type { Ctx, Router } from '../wecom/api.js';
import { fail } from '../wecom/errors.js';
import { decodeCursor, encodeCursor, int, str } from '../wecom/params.js';

const PRICE = { base: 3_000, external: 12_000 }; // fen per account per year

function corpOf(c: Ctx) {
  const corpid = str(c.body.corpid, 'corpid', { required: true, code: 40013 });
  const corp = c.world.corps.get(corpid) ?? fail(40013, 'invalid corpid');
  if (!c.world.provider.authsOf(corpid).length) fail(48004, 'corp not authorized');
  return corp;
}

/** `{next_cursor, has_more, <key>: items}` with has_more 0/1, as the licence calls answer. */
function pageOf<T>(all: T[], c: Ctx, key: string, max: number) {
  const limit = int(c.body.limit, 'limit', { min: 1, max, def: max });
  const from = decodeCursor(c.body.cursor);
  const more = from + limit < all.length;
  return { next_cursor: more ? encodeCursor(from + limit) : '', has_more: more ? 1 : 0, [key]: all.slice(from, from + limit) };
}

const codeInfo = (c: Ctx, k: LicenceCode) => ({
  active_code: k.active_code,
  type: k.type,
  status: c.world.provider.refresh(k).status,
  ...(k.userid ? { userid: k.userid } : {}),
  create_time: k.create_time,
  ...(k.active_time ? { active_time: k.active_time, expire_time: k.expire_time } : {}),
});

function activate(c: Ctx, corpid: string, activeCode: unknown, userid: unknown) {
  const p = c.world.provider;
  const code = p.codes.find((k) => k.active_code === activeCode && k.corpid === corpid) ?? fail(701_004, 'invalid active code');
  const corp = c.world.corps.get(corpid)!;
  const uid = str(userid, 'userid', { required: true, code: 40003 });
  if (!corp.member(uid)) fail(40003, 'invalid userid');
  if (p.refresh(code).status !== 1) fail(701_009, 'active code already used');
  if (p.codes.some((k) => k.corpid === corpid && k.userid === uid && k.type === code.type && p.refresh(k).status === 2)) {
    fail(701_010, 'user already has an active account of this type');
  }
  const now = Math.floor(Date.now() / 1000);
  Object.assign(code, { status: 2, userid: uid, active_time: now, expire_time: now + code.durationS });
}

export function licenseRoutes(r: Router) {
  r.post('license/create_new_order', 'provider', (c) => {
    const corp = corpOf(c);
    const count = c.body.account_count ?? {};
    const base = int(count.base_count, 'account_count.base_count', { min: 0, max: 1_000_000, def: 0 });
    const external = int(count.external_contact_count, 'account_count.external_contact_count', { min: 0, max: 1_000_000, def: 0 });
    if (!base && !external) fail(40058, 'invalid parameter: account_count');
    const months = int(c.body.account_duration?.months, 'account_duration.months', { min: 1, max: 36 });
    const buyer = str(c.body.buyer_userid, 'buyer_userid', { required: true });
    const now = Math.floor(Date.now() / 1000);
    const order: LicenceOrder = {
      order_id: `OI${randomBytes(14).toString('hex').toUpperCase()}`,
      order_type: 1,
      order_status: 0,
      corpid: corp.corpId,
      buyer_userid: buyer,
      price: Math.round(((base * PRICE.base + external * PRICE.external) * months) / 12),
      account_count: { base_count: base, external_contact_count: external },
      account_duration: { months },
      create_time: now,
      pay_time: 0,
    };
    c.world.provider.orders.push(order);
    return { order_id: order.order_id };
  });

  r.post('license/list_order', 'provider', (c) => {
    const corpid = str(c.body.corpid, 'corpid');
    const start = int(c.body.start_time, 'start_time', { min: 0, def: 0 });
    const end = int(c.body.end_time, 'end_time', { min: 0, def: Math.floor(Date.now() / 1000) });
    const orders = c.world.provider.orders.filter((o) => (!corpid || o.corpid === corpid) && o.create_time >= start && o.create_time <= end);
    return pageOf(orders.map((o) => ({ order_id: o.order_id, order_type: o.order_type })), c, 'order_list', 1000);
  });

  r.post('license/get_order', 'provider', (c) => {
    const order = c.world.provider.orders.find((o) => o.order_id === c.body.order_id) ?? fail(701_001, 'invalid order id');
    const { buyer_userid: _b, pay_time, ...out } = order;
    return { order: { ...out, ...(pay_time ? { pay_time } : {}) } };
  });

  r.post('license/list_order_account', 'provider', (c) => {
    const id = str(c.body.order_id, 'order_id', { required: true });
    if (!c.world.provider.orders.some((o) => o.order_id === id)) fail(701_001, 'invalid order id');
    // an unpaid or cancelled order has no accounts yet
    const codes = c.world.provider.codes.filter((k) => k.order_id === id);
    return pageOf(codes.map((k) => ({ active_code: k.active_code, ...(k.userid ? { userid: k.userid } : {}), type: k.type })), c, 'account_list', 1000);
  });

  r.post('license/active_account', 'provider', (c) => {
    const corp = corpOf(c);
    activate(c, corp.corpId, c.body.active_code, c.body.userid);
    return {};
  });

  r.post('license/batch_active_account', 'provider', (c) => {
    const corp = corpOf(c);
    const list = Array.isArray(c.body.active_list) ? (c.body.active_list as Array<Record<string, unknown>>) : fail(40058, 'invalid parameter: active_list');
    if (!list.length || list.length > 1000) fail(40058, 'invalid parameter: active_list');
    const active_result = list.map((x) => {
      try {
        activate(c, corp.corpId, x.active_code, x.userid);
        return { active_code: x.active_code, userid: x.userid, errcode: 0 };
      } catch (err) {
        return { active_code: x.active_code, userid: x.userid, errcode: (err as { errcode?: number }).errcode ?? -1 };
      }
    });
    return { active_result };
  });

  r.post('license/get_active_info_by_code', 'provider', (c) => {
    const corp = corpOf(c);
    const code = c.world.provider.codes.find((k) => k.active_code === c.body.active_code && k.corpid === corp.corpId) ?? fail(701_004, 'invalid active code');
    return { active_info: codeInfo(c, code) };
  });

  r.post('license/list_actived_account', 'provider', (c) => {
    const corp = corpOf(c);
    const active = c.world.provider.codes.filter((k) => k.corpid === corp.corpId && c.world.provider.refresh(k).status === 2);
    return pageOf(active.map((k) => ({ userid: k.userid, type: k.type, expire_time: k.expire_time, active_time: k.active_time })), c, 'account_list', 1000);
  });

  r.post('license/get_active_info_by_user', 'provider', (c) => {
    const corp = corpOf(c);
    const uid = str(c.body.userid, 'userid', { required: true, code: 40003 });
    const list = c.world.provider.codes.filter((k) => k.corpid === corp.corpId && k.userid === uid && c.world.provider.refresh(k).status === 2);
    return { active_status: list.length ? 1 : 0, active_info_list: list.map((k) => codeInfo(c, k)) };
  });
}
