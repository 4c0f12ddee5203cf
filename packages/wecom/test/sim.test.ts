// Integration: sync a whole sample corp from the simulator with the client, under injected faults
// (busy, 45009, token expiry, latency), and compare with the simulator's own snapshot.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimulator, type Simulator } from '@scrm/wecom-sim';
import { WecomClient, type CallInfo, type FollowInfo } from '../src/client';
import { WecomCrypto } from '../src/crypto';
import { parseEventXml, parseXml, type WecomEvent } from '../src/events';

let sim: Simulator;
let url: string;

beforeAll(async () => {
  sim = await buildSimulator({ logger: false, wecom: { followPageSize: 2 } });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const address = sim.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => sim.close());

async function control<T = any>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const auth = { authorization: `Bearer ${sim.sim.controlToken}` };
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

describe('client × simulator', () => {
  it('syncs a sample corp fully under busy, 45009, token expiry and latency', async () => {
    const creds = await control<{ corpId: string; secret: string; contactSecret: string }>('POST', '/control/corps', {
      seed: 'wecom-client-sync',
      size: { departments: 12, members: 150, customers: 2500, groups: 25, tags: 8 },
    });
    const { corpId } = creds;
    await control('POST', '/control/faults', { corpId, kind: 'busy', rate: 0.08 });
    await control('POST', '/control/faults', { corpId, kind: 'rate-limit', count: 4 });
    await control('POST', '/control/faults', { corpId, kind: 'latency', ms: 15, rate: 0.2 });

    const calls: CallInfo[] = [];
    const client = new WecomClient({
      baseUrl: `${url}/qyapi/cgi-bin`,
      onCall: (c) => calls.push(c),
      // Short real back-offs keep the test quick; the policy is the same. Six retries, not three: with one
      // call in twelve busy at random, four in a row happened once in a few hundred runs of this sync.
      retry: { busyBaseMs: 5, busyRetries: 6, rateLimitBaseMs: 5, rateLimitMaxMs: 50 },
    });
    const app = client.corp({ corpId, secret: creds.secret });
    const contacts = client.corp({ corpId, secret: creds.contactSecret });

    const departments = (await app.departmentList()).department;
    const deptUsers = (await contacts.userListId()).dept_user;
    const users = (await app.userList(1, true)).userlist;

    // Every token of the corp expires mid-way: the next calls refresh once and go on.
    await control('POST', '/control/faults', { corpId, kind: 'token-expire' });

    const followUsers = (await app.followUserList()).follow_user;
    const relations = (await app.batchGetByUser(followUsers)).external_contact_list;
    const tagGroups = (await app.getCorpTagList()).tag_group;
    const chatIds = (await app.groupChatList({ limit: 7 })).group_chat_list.map((g) => g.chat_id);
    const groups = [];
    for (const id of chatIds) groups.push((await app.groupChatGet(id)).group_chat);

    const snap = await control<any>('GET', `/control/corps/${corpId}/snapshot`);

    const byId = <T extends { id: number }>(a: T[]) => [...a].sort((x, y) => x.id - y.id);
    expect(byId(departments)).toEqual(byId(snap.departments));

    const pairs = (a: { userid: string; department: number }[]) => a.map((p) => `${p.userid}@${p.department}`).sort();
    expect(pairs(deptUsers)).toEqual(pairs(snap.members.flatMap((m: any) => m.department.map((d: number) => ({ userid: m.userid, department: d })))));
    expect(users.map((u) => u.userid).sort()).toEqual(snap.members.map((m: any) => m.userid).sort());

    // Every follow relation of every listed follow user, once, with its fields.
    const listed = new Set(followUsers);
    const key = (externalUserid: string, userid: string) => `${externalUserid}/${userid}`;
    const expected = new Map<string, any>();
    for (const c of snap.customers) for (const f of c.follow_user) if (listed.has(f.userid)) expected.set(key(c.external_userid, f.userid), { c, f });
    const got = new Map<string, { follow_info: FollowInfo; name: string }>();
    for (const r of relations) {
      const k = key(r.external_contact.external_userid, r.follow_info.userid);
      expect(got.has(k), `relation ${k} twice`).toBe(false);
      got.set(k, { follow_info: r.follow_info, name: r.external_contact.name });
    }
    expect(got.size).toBe(expected.size);
    expect(got.size).toBeGreaterThan(1000);
    for (const [k, { c, f }] of expected) {
      const r = got.get(k);
      expect(r, `relation ${k} missing`).toBeDefined();
      expect(r!.name).toBe(c.name);
      expect(r!.follow_info).toMatchObject({ userid: f.userid, createtime: f.createtime, remark: f.remark, add_way: f.add_way });
      expect(r!.follow_info.state ?? '').toBe(f.state ?? '');
      expect([...(r!.follow_info.tag_id ?? [])].sort()).toEqual(f.tags.map((t: any) => t.tag_id).sort());
    }

    const tagIds = (gs: { group_id: string; tag: { id: string }[] }[]) => gs.flatMap((g) => g.tag.map((t) => `${g.group_id}/${t.id}`)).sort();
    expect(tagIds(tagGroups)).toEqual(tagIds(snap.tagGroups));

    expect(chatIds.sort()).toEqual(snap.groups.map((g: any) => g.chat_id).sort());
    for (const g of groups) {
      const s = snap.groups.find((x: any) => x.chat_id === g.chat_id);
      expect(g.owner).toBe(s.owner);
      expect(g.member_list.map((m) => m.userid).sort()).toEqual(s.member_list.map((m: any) => m.userid).sort());
    }

    // externalcontact/get follows every follow_user page (the simulator pages them by 2 here).
    const many = [...snap.customers].sort((a: any, b: any) => b.follow_user.length - a.follow_user.length).slice(0, 5);
    for (const c of many) {
      const res = await app.externalContactGet(c.external_userid);
      expect(res.follow_user.map((f) => f.userid)).toEqual(c.follow_user.map((f: any) => f.userid));
    }
    expect(many[0].follow_user.length).toBeGreaterThan(2);

    // The faults really happened and were absorbed.
    const codes = new Set(calls.map((c) => c.errcode));
    expect(codes.has(-1)).toBe(true);
    expect(codes.has(45009)).toBe(true);
    expect(codes.has(42001)).toBe(true);
    const counted = await control<{ calls: Record<string, number>; total: number }>('GET', `/control/calls?corpId=${corpId}`);
    expect(counted.total).toBe(calls.filter((c) => c.corpId === corpId).length);
  });

  it('provider: suite token from the pushed ticket, install, permanent code, authorised corp, interface licence', async () => {
    const creds = await control<{ corpId: string }>('POST', '/control/corps', { seed: 'wecom-client-provider', size: { members: 12, customers: 30 } });
    const p = await control<{ providerCorpId: string; providerSecret: string; suiteId: string; suiteSecret: string; suiteToken: string; suiteAesKey: string }>(
      'GET',
      '/control/provider',
    );
    // The suite's instruction callback: decrypt, parse, keep the newest ticket and the auth codes.
    const events: WecomEvent[] = [];
    const box = new WecomCrypto({ token: p.suiteToken, encodingAesKey: p.suiteAesKey, receiveId: p.suiteId });
    const receiver = createServer((req, res) => {
      const q = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams) as Record<string, string>;
      if (req.method === 'GET') return void res.end(box.verifyUrl(q as never));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const envelope = parseXml(Buffer.concat(chunks).toString('utf8'));
        events.push(parseEventXml(box.openEvent(q as never, envelope.Encrypt as string)));
        res.end('success');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    await control('POST', '/control/provider', { suiteCallbackUrl: `http://127.0.0.1:${port}/suite` });
    await expect.poll(() => events.some((e) => e.kind === 'suite_ticket')).toBe(true);
    const newestTicket = async () => {
      const tickets = events.filter((e) => e.kind === 'suite_ticket');
      return tickets[tickets.length - 1].SuiteTicket;
    };

    const client = new WecomClient({ baseUrl: `${url}/qyapi/cgi-bin` });
    const provider = client.provider({ suiteId: p.suiteId, suiteSecret: p.suiteSecret, suiteTicket: newestTicket });
    const pre = await provider.getPreAuthCode();
    await provider.setSessionInfo(pre.pre_auth_code, { auth_type: 1 });

    // The admin presses 「授权」 on the install page.
    const res = await fetch(`${url}/open/3rdapp/install`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ suite_id: p.suiteId, pre_auth_code: pre.pre_auth_code, redirect_uri: 'http://127.0.0.1/back', state: 's1', corpId: creds.corpId }),
    });
    expect(res.status).toBe(302);
    const authCode = new URL(res.headers.get('location')!).searchParams.get('auth_code')!;
    await expect.poll(() => events.find((e) => e.kind === 'create_auth')).toMatchObject({ AuthCode: authCode, State: 's1', SuiteId: p.suiteId });

    const perm = await provider.getPermanentCode(authCode);
    expect(perm.auth_corp_info.corpid).toBe(creds.corpId);
    expect(perm.auth_info?.agent[0].is_customized_app).toBe(false);
    const corp = client.authorizedCorp(provider, { corpId: creds.corpId, permanentCode: perm.permanent_code });
    const snap = await control<any>('GET', `/control/corps/${creds.corpId}/snapshot`);
    expect((await corp.departmentList()).department.length).toBe(snap.departments.length);
    expect((await corp.followUserList()).follow_user.length).toBeGreaterThan(0);

    const license = client.license({ providerCorpId: p.providerCorpId, providerSecret: p.providerSecret });
    const { order_id } = await license.createNewOrder({
      corpid: creds.corpId,
      buyer_userid: snap.members[0].userid,
      account_count: { base_count: 3, external_contact_count: 2 },
      account_duration: { months: 12 },
    });
    expect((await license.listOrder({ corpid: creds.corpId })).order_list.map((o) => o.order_id)).toContain(order_id);
    expect((await license.getOrder(order_id)).order).toMatchObject({ order_id, corpid: creds.corpId, account_count: { base_count: 3, external_contact_count: 2 } });
    expect((await license.getOrder(order_id)).order.order_status).toBe(0);
    await control('POST', '/control/provider/licence/pay', { orderId: order_id });
    const codes = (await license.listOrderAccount(order_id)).account_list;
    expect(codes).toHaveLength(5);
    const [u1, u2, u3] = snap.members.map((m: any) => m.userid);
    await license.activeAccount({ corpid: creds.corpId, active_code: codes[0].active_code, userid: u1 });
    const batch = await license.batchActiveAccount(creds.corpId, [
      { active_code: codes[1].active_code, userid: u2 },
      { active_code: codes[3].active_code, userid: u3 },
    ]);
    expect(batch.active_result.map((r) => r.errcode)).toEqual([0, 0]);
    expect((await license.getActiveInfoByCode(creds.corpId, codes[0].active_code)).active_info).toMatchObject({ active_code: codes[0].active_code, userid: u1, status: 2 });
    expect((await license.listActivedAccount(creds.corpId)).account_list.map((a) => a.userid).sort()).toEqual([u1, u2, u3].sort());
    expect(await license.getActiveInfoByUser(creds.corpId, u1)).toMatchObject({ active_status: 1 });
    await control('POST', '/control/provider', { suiteCallbackUrl: '' });
    await new Promise<void>((r) => receiver.close(() => r()));
  });
});
