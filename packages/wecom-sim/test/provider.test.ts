// The provider flows end to end: suite ticket → suite token → pre-auth code → install page →
// auth_code → permanent code → corp token; the 代开发 authorisation; interface licences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_DEFAULTS } from '../src/index.js';
import { field, type Receiver, type Sim, startReceiver, startSim } from './helpers.js';

let s: Sim;
let suiteRx: Receiver;
let templateRx: Receiver;
let corpId: string;
let corpSecret: string;
let permanentCode: string;
const P = PROVIDER_DEFAULTS;

beforeAll(async () => {
  s = await startSim({ wecom: { callbackTimeoutMs: 300 } });
  suiteRx = await startReceiver({ token: P.suiteToken, encodingAesKey: P.suiteAesKey, receiveId: P.suiteId });
  templateRx = await startReceiver({ token: P.templateToken, encodingAesKey: P.templateAesKey, receiveId: P.templateId });
  ({ corpId, secret: corpSecret } = (await s.call('POST', '/control/corps', { name: '授权测试企业', seed: 'provider', size: { members: 6, customers: 20 } })).body);
});
afterAll(async () => {
  await s?.sim.close();
  await suiteRx?.close();
  await templateRx?.close();
});

const ticketOf = (rx: Receiver) => {
  const ev = [...rx.events].reverse().find((e) => field(e.xml, 'InfoType') === 'suite_ticket')!;
  return field(ev.xml, 'SuiteTicket')!;
};

describe('provider', () => {
  it('exposes its credentials and pushes a suite ticket when the callback is set', async () => {
    const p = (await s.call('GET', '/control/provider')).body;
    expect(p).toMatchObject({ providerCorpId: P.providerCorpId, suiteId: P.suiteId, suiteSecret: P.suiteSecret, suiteToken: P.suiteToken, suiteAesKey: P.suiteAesKey, templateId: P.templateId });
    expect(p.templateId).toMatch(/^dk/);
    const set = await s.call('POST', '/control/provider', { suiteCallbackUrl: suiteRx.url, templateCallbackUrl: templateRx.url });
    expect(set.body).toMatchObject({ errcode: 0, suiteCallbackUrl: suiteRx.url });
    const [ev] = await suiteRx.waitFor(1);
    expect(field(ev!.xml, 'SuiteId')).toBe(P.suiteId);
    expect(field(ev!.xml, 'InfoType')).toBe('suite_ticket');
    expect(field(ev!.xml, 'SuiteTicket')).toBeTruthy();
    await templateRx.waitFor(1);
    expect(field(templateRx.events[0]!.xml, 'SuiteId')).toBe(P.templateId);
  });

  it('runs the install flow to a working corp token', async () => {
    const ticket = ticketOf(suiteRx);
    expect((await s.api('service/get_suite_token', { suite_id: P.suiteId, suite_secret: P.suiteSecret, suite_ticket: 'old' })).errcode).toBe(40085);
    expect((await s.api('service/get_suite_token', { suite_id: P.suiteId, suite_secret: 'x', suite_ticket: ticket })).errcode).toBe(40080);
    const suite = await s.api('service/get_suite_token', { suite_id: P.suiteId, suite_secret: P.suiteSecret, suite_ticket: ticket });
    expect(suite).toMatchObject({ errcode: 0, suite_access_token: expect.any(String), expires_in: 7200 });
    const st = suite.suite_access_token;
    expect((await s.api('service/get_pre_auth_code?suite_access_token=bogus')).errcode).toBe(40082);
    const pre = await s.api(`service/get_pre_auth_code?suite_access_token=${st}`);
    expect(pre).toMatchObject({ errcode: 0, pre_auth_code: expect.any(String), expires_in: 1200 });
    expect((await s.api(`service/set_session_info?suite_access_token=${st}`, { pre_auth_code: pre.pre_auth_code, session_info: { auth_type: 1 } })).errcode).toBe(0);

    const redirect = 'http://console.example/qw/thirdapp/callback';
    const q = new URLSearchParams({ suite_id: P.suiteId, pre_auth_code: pre.pre_auth_code, redirect_uri: redirect, state: 'work-42' });
    const page = await fetch(`${s.base}/open/3rdapp/install?${q}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('授权');
    expect(html).toContain('授权测试企业');
    expect(html).toContain(corpId);
    const bad = await fetch(`${s.base}/open/3rdapp/install?${new URLSearchParams({ suite_id: P.suiteId, pre_auth_code: 'nope', redirect_uri: redirect })}`);
    expect(bad.status).toBe(400);

    const before = suiteRx.events.length;
    const clicked = await fetch(`${s.base}/open/3rdapp/install`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ suite_id: P.suiteId, pre_auth_code: pre.pre_auth_code, redirect_uri: redirect, state: 'work-42', corpId }),
    });
    expect(clicked.status).toBe(302);
    const to = new URL(clicked.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(redirect);
    expect(to.searchParams.get('state')).toBe('work-42');
    expect(to.searchParams.get('expires_in')).toBe('1200');
    const authCode = to.searchParams.get('auth_code')!;
    const events = await suiteRx.waitFor(before + 1);
    const created = events.slice(before).find((e) => field(e.xml, 'InfoType') === 'create_auth')!;
    expect(field(created.xml, 'AuthCode')).toBe(authCode);

    const perm = await s.api(`service/get_permanent_code?suite_access_token=${st}`, { auth_code: authCode });
    expect(perm).toMatchObject({
      errcode: 0,
      access_token: expect.any(String),
      permanent_code: expect.any(String),
      auth_corp_info: { corpid: corpId, corp_name: '授权测试企业' },
      auth_info: { agent: [{ agentid: expect.any(Number), is_customized_app: false }] },
      auth_user_info: { userid: expect.any(String) },
    });
    permanentCode = perm.permanent_code;
    expect((await s.api(`service/get_permanent_code?suite_access_token=${st}`, { auth_code: authCode })).errcode).toBe(40078);
    expect((await s.api(`department/list?access_token=${perm.access_token}`)).errcode).toBe(0);

    const corpToken = await s.api(`service/get_corp_token?suite_access_token=${st}`, { auth_corpid: corpId, permanent_code: perm.permanent_code });
    expect(corpToken).toMatchObject({ errcode: 0, access_token: expect.any(String), expires_in: expect.any(Number) });
    expect((await s.api(`externalcontact/get_follow_user_list?access_token=${corpToken.access_token}`)).follow_user.length).toBeGreaterThan(0);
    expect((await s.api(`service/get_corp_token?suite_access_token=${st}`, { auth_corpid: corpId, permanent_code: 'nope' })).errcode).toBe(40084);
    const info = await s.api(`service/get_auth_info?suite_access_token=${st}`, { auth_corpid: corpId, permanent_code: perm.permanent_code });
    expect(info).toMatchObject({ errcode: 0, auth_corp_info: { corpid: corpId }, auth_info: { agent: [expect.any(Object)] } });

    // corp events of an authorised corp reach the suite callback in the provider format
    const n = suiteRx.events.length;
    const way = (await s.call('GET', `/control/corps/${corpId}`)).body.contactWays[0].config_id;
    await s.call('POST', `/control/corps/${corpId}/scan`, { configId: way });
    const ev = (await suiteRx.waitFor(n + 1)).slice(n).find((e) => field(e.xml, 'InfoType') === 'change_external_contact')!;
    expect(field(ev.xml, 'AuthCorpId')).toBe(corpId);
    expect(field(ev.xml, 'ChangeType')).toBe('add_external_contact');

    // suite tokens expire like corp tokens
    await s.call('POST', '/control/faults', { kind: 'token-expire', corpId: P.suiteId });
    expect((await s.api(`service/get_pre_auth_code?suite_access_token=${st}`)).errcode).toBe(42009);
  });

  it('authorises a 代开发 app whose permanent code is the corp secret', async () => {
    const page = await fetch(`${s.base}/open/customized/install?template_id=${P.templateId}&state=s1`);
    expect(await page.text()).toContain('授权');
    const before = templateRx.events.length;
    const done = await fetch(`${s.base}/open/customized/install`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ template_id: P.templateId, state: 's1', corpId }),
    });
    expect(await done.text()).toContain('授权成功');
    const ev = (await templateRx.waitFor(before + 1)).slice(before).find((e) => field(e.xml, 'InfoType') === 'create_auth')!;
    const authCode = field(ev.xml, 'AuthCode')!;
    expect(field(ev.xml, 'SuiteId')).toBe(P.templateId);

    const st = (await s.api('service/get_suite_token', { suite_id: P.templateId, suite_secret: P.templateSecret, suite_ticket: ticketOf(templateRx) })).suite_access_token;
    const perm = await s.api(`service/get_permanent_code?suite_access_token=${st}`, { auth_code: authCode });
    expect(perm.auth_info.agent[0].is_customized_app).toBe(true);
    expect(perm.access_token).toBeUndefined();
    const t = await s.api(`gettoken?corpid=${corpId}&corpsecret=${encodeURIComponent(perm.permanent_code)}`);
    expect(t).toMatchObject({ errcode: 0, access_token: expect.any(String) });
    expect((await s.api(`externalcontact/get_follow_user_list?access_token=${t.access_token}`)).errcode).toBe(0);
    const v2 = await s.api(`service/v2/get_permanent_code?suite_access_token=${st}`, { auth_code: authCode });
    expect(v2.errcode).toBe(40078);
  });

  it('pushes change_auth and cancel_auth, after which the permanent code stops working', async () => {
    const auths = (await s.call('GET', '/control/provider/auths')).body.list;
    expect(auths).toEqual(expect.arrayContaining([expect.objectContaining({ corpId, customized: false }), expect.objectContaining({ corpId, customized: true })]));
    const n = suiteRx.events.length;
    expect((await s.call('POST', '/control/provider/change-auth', { corpId })).body.errcode).toBe(0);
    const changed = (await suiteRx.waitFor(n + 1)).slice(n).find((e) => field(e.xml, 'InfoType') === 'change_auth')!;
    expect(field(changed.xml, 'AuthCorpId')).toBe(corpId);
    const m = templateRx.events.length;
    expect((await s.call('POST', '/control/provider/cancel-auth', { corpId, customized: true })).body.errcode).toBe(0);
    await templateRx.waitFor(m + 1);
    expect(templateRx.events.slice(m).some((e) => field(e.xml, 'InfoType') === 'cancel_auth')).toBe(true);
    expect((await s.call('POST', '/control/provider/cancel-auth', { corpId, customized: true })).status).toBe(404);
    expect((await s.call('GET', '/control/provider/auths')).body.list.find((a: { customized: boolean }) => a.customized).cancelled).toBe(true);
  });

  it('sells interface licences and activates them', async () => {
    const pt = await s.api('service/get_provider_token', { corpid: P.providerCorpId, provider_secret: P.providerSecret });
    expect(pt).toMatchObject({ errcode: 0, provider_access_token: expect.any(String) });
    expect((await s.api('service/get_provider_token', { corpid: P.providerCorpId, provider_secret: 'x' })).errcode).toBe(40001);
    const call = (path: string, body: unknown) => s.api(`license/${path}?provider_access_token=${pt.provider_access_token}`, body);
    const order = await call('create_new_order', { corpid: corpId, buyer_userid: 'boss', account_count: { base_count: 2, external_contact_count: 3 }, account_duration: { months: 12 } });
    expect(order).toMatchObject({ errcode: 0, order_id: expect.any(String) });
    expect((await call('get_order', { order_id: order.order_id })).order).toMatchObject({ order_status: 0, corpid: corpId, account_count: { base_count: 2, external_contact_count: 3 } });
    expect((await call('list_order', { corpid: corpId })).order_list).toEqual([{ order_id: order.order_id, order_type: 1 }]);
    // 待支付: no accounts until the provider's admin pays
    expect((await call('list_order_account', { order_id: order.order_id })).account_list).toEqual([]);
    expect((await s.call('POST', '/control/provider/licence/pay', { orderId: order.order_id })).body.errcode).toBe(0);
    expect((await s.call('POST', '/control/provider/licence/pay', { orderId: order.order_id })).status).toBe(409);
    expect((await s.call('POST', '/control/provider/licence/pay', { orderId: 'nope' })).status).toBe(404);
    expect((await call('get_order', { order_id: order.order_id })).order).toMatchObject({ order_status: 1, pay_time: expect.any(Number) });
    const accounts = await call('list_order_account', { order_id: order.order_id, limit: 2 });
    expect(accounts).toMatchObject({ has_more: 1, next_cursor: expect.any(String) });
    const all = [...accounts.account_list, ...(await call('list_order_account', { order_id: order.order_id, cursor: accounts.next_cursor })).account_list];
    expect(all).toHaveLength(5);
    const external = all.find((a: { type: number }) => a.type === 2);
    const userid = (await s.call('GET', `/control/corps/${corpId}`)).body.follows[0].userid;
    expect((await call('active_account', { corpid: corpId, active_code: external.active_code, userid })).errcode).toBe(0);
    expect((await call('active_account', { corpid: corpId, active_code: external.active_code, userid })).errcode).not.toBe(0);
    expect((await call('get_active_info_by_user', { corpid: corpId, userid })).active_info_list).toEqual([
      expect.objectContaining({ active_code: external.active_code, type: 2, status: 2, userid }),
    ]);
    expect((await call('list_actived_account', { corpid: corpId })).account_list).toEqual([expect.objectContaining({ userid, type: 2 })]);
    expect((await call('get_active_info_by_code', { corpid: corpId, active_code: external.active_code })).active_info.status).toBe(2);
    expect((await call('create_new_order', { corpid: 'wwnope', buyer_userid: 'x', account_count: { base_count: 1 }, account_duration: { months: 1 } })).errcode).toBe(40013);
    expect((await s.api('license/list_order?provider_access_token=bogus', {})).errcode).toBe(40082);
  });

  it('cancels an unpaid order, expires codes, and refuses unlicensed members once the trial is over', async () => {
    const pt = await s.api('service/get_provider_token', { corpid: P.providerCorpId, provider_secret: P.providerSecret });
    const call = (path: string, body: unknown) => s.api(`license/${path}?provider_access_token=${pt.provider_access_token}`, body);
    const dropped = await call('create_new_order', { corpid: corpId, buyer_userid: 'boss', account_count: { external_contact_count: 1 }, account_duration: { months: 1 } });
    expect((await s.call('POST', '/control/provider/licence/cancel', { orderId: dropped.order_id })).body.errcode).toBe(0);
    expect((await call('get_order', { order_id: dropped.order_id })).order.order_status).toBe(2);
    expect((await s.call('POST', '/control/provider/licence/pay', { orderId: dropped.order_id })).status).toBe(409);

    const order = await call('create_new_order', { corpid: corpId, buyer_userid: 'boss', account_count: { external_contact_count: 2 }, account_duration: { months: 12 } });
    await s.call('POST', '/control/provider/licence/pay', { orderId: order.order_id });
    const listed = (await s.call('GET', `/control/provider/licence/orders?corpId=${corpId}`)).body.list;
    expect(listed.find((o: { order_id: string }) => o.order_id === order.order_id).codes).toHaveLength(2);
    const [a, b] = (await call('list_order_account', { order_id: order.order_id })).account_list as Array<{ active_code: string }>;
    // an unbound code past its deadline expires
    expect((await s.call('POST', '/control/provider/licence/expire', { activeCode: b!.active_code })).body.status).toBe(3);
    expect((await call('get_active_info_by_code', { corpid: corpId, active_code: b!.active_code })).active_info.status).toBe(3);

    // the third-party token of the corp reads customers; once the trial ends, an unlicensed member is refused
    const suite = await s.api('service/get_suite_token', { suite_id: P.suiteId, suite_secret: P.suiteSecret, suite_ticket: ticketOf(suiteRx) });
    const auth = (await s.call('GET', '/control/provider/auths')).body.list.find((x: { corpId: string; customized: boolean }) => x.corpId === corpId && !x.customized);
    expect(auth).toBeTruthy();
    const members = (await s.call('GET', `/control/corps/${corpId}/licences`)).body.members as Array<{ userid: string; contact: boolean; licensed: boolean }>;
    const contact = members.filter((m) => m.contact && !m.licensed);
    const [licensed, unlicensed] = [contact[0]!.userid, contact[1]!.userid];
    const corpToken = await s.api(`service/get_corp_token?suite_access_token=${suite.suite_access_token}`, { auth_corpid: corpId, permanent_code: permanentCode });
    const list = (userid: string) => s.api(`externalcontact/list?access_token=${corpToken.access_token}&userid=${userid}`);
    expect((await list(unlicensed)).errcode).toBe(0);
    expect((await s.call('POST', `/control/corps/${corpId}/licence-trial`, { ended: 'yes' })).status).toBe(400);
    expect((await s.call('POST', `/control/corps/${corpId}/licence-trial`, { ended: true })).body.ended).toBe(true);
    expect((await list(unlicensed)).errcode).toBe(701008);
    expect((await call('active_account', { corpid: corpId, active_code: a!.active_code, userid: licensed })).errcode).toBe(0);
    expect((await list(licensed)).errcode).toBe(0);
    const batch = await s.api(`externalcontact/batch/get_by_user?access_token=${corpToken.access_token}`, { userid_list: [licensed, unlicensed] });
    expect(batch.fail_info.unlicensed_userid_list).toEqual([unlicensed]);
    // the corp's own self-built app is not subject to licences
    const own = await s.api(`gettoken?corpid=${corpId}&corpsecret=${corpSecret}`);
    expect((await s.api(`externalcontact/list?access_token=${own.access_token}&userid=${unlicensed}`)).errcode).toBe(0);
    await s.call('POST', `/control/corps/${corpId}/licence-trial`, { ended: false });
    expect((await list(unlicensed)).errcode).toBe(0);
  });
});

describe('suite tickets', () => {
  it('pushes a new ticket every interval and accepts only the newest', async () => {
    const quick = await startSim({ wecom: { ticketIntervalMs: 150, callbackTimeoutMs: 300 } });
    const rx = await startReceiver({ token: P.suiteToken, encodingAesKey: P.suiteAesKey, receiveId: P.suiteId });
    try {
      await quick.call('POST', '/control/provider', { suiteCallbackUrl: rx.url });
      const events = await rx.waitFor(3, 3000);
      const tickets = events.map((e) => field(e.xml, 'SuiteTicket')!);
      expect(new Set(tickets).size).toBe(tickets.length);
      await quick.call('POST', '/control/provider', { suiteCallbackUrl: '' });
      await quick.sim.sim.wecom.deliveries.idle();
      const newest = ticketOf(rx);
      const token = (ticket: string) => quick.api('service/get_suite_token', { suite_id: P.suiteId, suite_secret: P.suiteSecret, suite_ticket: ticket });
      expect((await token(tickets[0]!)).errcode).toBe(40085);
      expect((await token(newest)).errcode).toBe(0);
    } finally {
      await quick.sim.close();
      await rx.close();
    }
  });
});
