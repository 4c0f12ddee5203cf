// Distributors for tests: made through the operators' route (X-Admin-Token), logged in through the portal's
// SMS login with the code read from the simulator's outbox, and main accounts registered through a
// distributor's promotion link (the login gate's QR polled with `cps`, scanned, bound to a phone).
import type { Harness } from './harness.js';
import { uniquePhone } from './harness.js';

export const ADMIN_TOKEN = 'admin-token-for-the-distributor-tests-0123456789';

export interface TestDistributor {
  id: number;
  phone: string;
  promoCode: string;
  token: string;
}

export async function createDistributor(h: Harness, o: { name?: string; seatPriceFen?: number; promoCode?: string } = {}): Promise<Omit<TestDistributor, 'token'>> {
  const phone = uniquePhone();
  const r = await h.api(
    '/api/admin/distributor/create',
    { phone, name: o.name ?? `分销商${phone.slice(-4)}`, seatPriceFen: o.seatPriceFen ?? 36_500, ...(o.promoCode ? { promoCode: o.promoCode } : {}) },
    undefined,
    { 'x-admin-token': ADMIN_TOKEN },
  );
  if (r.status !== 200) throw new Error(`create distributor: ${r.status} ${r.message}`);
  return { id: r.data.id, phone, promoCode: r.data.promoCode };
}

export async function loginDistributor(h: Harness, phone: string): Promise<string> {
  const sent = await h.api('/api/distributor/account/code/send', { phone });
  if (sent.status !== 200) throw new Error(`code/send: ${sent.status} ${sent.message}`);
  const code = await h.smsCode(phone);
  const r = await h.api<{ token: string }>('/api/distributor/account/login', { phone, code });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.message}`);
  return r.data.token;
}

export async function newDistributor(h: Harness, o: Parameters<typeof createDistributor>[1] = {}): Promise<TestDistributor> {
  const d = await createDistributor(h, o);
  return { ...d, token: await loginDistributor(h, d.phone) };
}

/**
 * A new WeChat user opens the promotion link: the gate's login QR is polled with `cps`, scanned in the
 * simulator (10006: not registered) and bound to a new phone (create/scan). The account's token and id.
 */
export async function registerThroughPromo(h: Harness, cps: string, o: { openid?: string } = {}): Promise<{ token: string; accountId: number; phone: string; openid: string }> {
  const qr = await h.api<{ code: string }>('/api/account/login/gzh/code', {});
  const first = await h.api('/api/cps/scan/callback', { code: qr.data.code, cps });
  if (first.status !== 200 || first.data.token !== null) throw new Error(`first poll: ${first.status} ${first.message}`);
  const scanned = await h.simCall<{ openid: string }>('POST', '/control/gzh/scan', { sceneStr: qr.data.code, ...(o.openid ? { openid: o.openid } : {}) });
  const after = await h.api('/api/cps/scan/callback', { code: qr.data.code, cps });
  if (after.code !== 10006) throw new Error(`poll after scan: ${after.status} ${after.code} ${after.message}`);
  const phone = uniquePhone();
  const code = await h.sendCode(phone);
  const created = await h.api<{ token: string }>('/api/account/create/scan', { phone, code, wxCode: qr.data.code });
  if (created.status !== 200) throw new Error(`create/scan: ${created.status} ${created.message}`);
  const info = await h.api('/api/account/info', {}, created.data.token);
  return { token: created.data.token, accountId: info.data.id, phone, openid: scanned.body.openid };
}

/**
 * For the matrices: a distributor written straight to the database (no ADMIN_TOKEN needed), owning these
 * main accounts as its customers, with a live session.
 */
export async function seedDistributor(h: Harness, o: { name: string; customers: number[] }): Promise<{ id: number; token: string }> {
  const db = h.server.database.kysely;
  const now = Date.now();
  const phone = uniquePhone();
  const row = await db
    .insertInto('distributor')
    .values({ phone, name: o.name, seat_price_fen: 36_500, promo_code: `p${phone}`, disabled: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (o.customers.length) await db.updateTable('account').set({ distributor_id: id }).where('id', 'in', o.customers).execute();
  const token = await h.server.services.distributorSessions.issue(id, { ip: '127.0.0.1', userAgent: 'matrix' });
  return { id, token };
}
