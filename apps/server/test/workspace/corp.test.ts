// Connecting a WeCom corp (self-built app) against the simulator: secret check, encrypted storage,
// full sync equal to the simulator's snapshot, callbacks (verification, events, dedupe, forgery),
// tenant isolation and child refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { WecomClient } from '@scrm/wecom/client';
import { wecomErrorMessage } from '@scrm/wecom/errors';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { until as untilTrue } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let main: string;
let other: string;
let child: string;
let corp: { corpId: string; corpName: string; agentId: number | string; secret: string };
let wsId: number;
let info: any;

const db = () => h.server.database.kysely;

/** Waits at most 15 s, within the test's own time limit. */
const until = <T>(what: string, fn: () => Promise<T | undefined | false>, ms = 15_000) => untilTrue(what, fn, ms);

const snapshot = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as any;

async function dbState() {
  const k = db();
  const w = (t: any) => k.selectFrom(t).selectAll().where('work_space_id', '=', wsId);
  return {
    departments: (await w('department').execute()).map((d: any) => ({ id: d.id, name: d.name, parentid: d.parent_id })).sort((a: any, b: any) => a.id - b.id),
    members: (await w('member').execute()).map((m: any) => ({ userid: m.userid, name: m.name, department: JSON.parse(m.department), status: m.status })).sort(by('userid')),
    tags: (await w('corp_tag').execute()).map((t: any) => ({ id: t.id, group_id: t.group_id, name: t.name })).sort(by('id')),
    tagGroups: (await w('corp_tag_group').execute()).map((g: any) => ({ group_id: g.group_id, name: g.name })).sort(by('group_id')),
    customers: (await w('customer').execute()).map((c: any) => ({ external_userid: c.external_userid, name: c.name, type: c.type })).sort(by('external_userid')),
    follows: (await w('follow_relation').where('deleted_at', 'is', null).execute())
      .map((f: any) => ({ external_userid: f.external_userid, userid: f.userid, remark: f.remark, description: f.description, createtime: f.createtime, tag_ids: JSON.parse(f.tag_ids).sort(), add_way: f.add_way, state: f.state, deletedByCustomer: f.deleted_by_customer_at !== null }))
      .sort(by('external_userid', 'userid')),
    groups: (await w('group_chat').execute()).map((g: any) => ({ chat_id: g.chat_id, name: g.name, owner: g.owner, create_time: g.create_time })).sort(by('chat_id')),
    groupMembers: (await w('group_member').where('left_at', 'is', null).execute())
      .map((m: any) => ({ chat_id: m.chat_id, member_id: m.member_id, type: m.type, join_time: m.join_time }))
      .sort(by('chat_id', 'member_id')),
  };
}

function by(...keys: string[]) {
  return (a: any, b: any) => {
    for (const k of keys) if (a[k] !== b[k]) return String(a[k]) < String(b[k]) ? -1 : 1;
    return 0;
  };
}

function expected(s: any) {
  return {
    departments: s.departments.map((d: any) => ({ id: d.id, name: d.name, parentid: d.parentid ?? 0 })).sort((a: any, b: any) => a.id - b.id),
    members: s.members.map((m: any) => ({ userid: m.userid, name: m.name, department: m.department, status: m.status ?? 1 })).sort(by('userid')),
    tags: s.tagGroups.flatMap((g: any) => g.tag.map((t: any) => ({ id: t.id, group_id: g.group_id, name: t.name }))).sort(by('id')),
    tagGroups: s.tagGroups.map((g: any) => ({ group_id: g.group_id, name: g.group_name })).sort(by('group_id')),
    customers: s.customers.map((c: any) => ({ external_userid: c.external_userid, name: c.name, type: c.type })).sort(by('external_userid')),
    follows: s.customers
      .flatMap((c: any) =>
        c.follow_user.map((f: any) => ({
          external_userid: c.external_userid,
          userid: f.userid,
          remark: f.remark ?? '',
          description: f.description ?? '',
          createtime: (f.createtime ?? 0) * 1000,
          tag_ids: (f.tags ?? []).filter((t: any) => t.type === 1).map((t: any) => t.tag_id).sort(),
          add_way: f.add_way ?? 0,
          state: f.state ?? '',
          deletedByCustomer: Boolean(f.deleted_by_customer),
        })),
      )
      .sort(by('external_userid', 'userid')),
    groups: s.groups.map((g: any) => ({ chat_id: g.chat_id, name: g.name ?? '', owner: g.owner, create_time: g.create_time * 1000 })).sort(by('chat_id')),
    groupMembers: s.groups
      .flatMap((g: any) => g.member_list.map((m: any) => ({ chat_id: g.chat_id, member_id: m.userid, type: m.type, join_time: m.join_time * 1000 })))
      .sort(by('chat_id', 'member_id')),
  };
}

const settle = () => until('callbacks processed', async () => {
  await h.server.services.jobs.idle();
  const pending = await db().selectFrom('callback_event').select('id').where('processed_at', 'is', null).where('work_space_id', '=', wsId).execute();
  return pending.length === 0;
});

beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  other = await h.register(uniquePhone());
  const c = await createChild(h, { account: `corpkid${process.pid % 1000}`, password: 'kidpass1', permissionKeys: ['staff'] }, main);
  expect(c.status).toBe(200);
  child = (await h.api('/api/account/login', { phone: `corpkid${process.pid % 1000}`, password: 'kidpass1' })).data.token;
  const r = await h.simCall('POST', '/control/corps', { name: '测试科技', seed: 'corp-test', size: { departments: 4, members: 8, customers: 30, groups: 3, tags: 6 } });
  expect(r.status).toBe(200);
  corp = r.body;
}, 60_000);
afterAll(() => h?.close());

describe('connecting a self-built corp', () => {
  it('refuses a wrong secret with the Chinese WeCom message and stores nothing', async () => {
    const r = await h.api('/api/qw/add', { accessType: 'internal', nickname: '测试', corpId: corp.corpId, secret: 'wrong-secret' }, main);
    expect(r).toMatchObject({ status: 400, message: wecomErrorMessage(40001) });
    expect((await h.api('/api/qw/list', {}, main)).data.total).toBe(0);
  });

  it('refuses bad input with 400 in Chinese', async () => {
    for (const body of [{}, { accessType: 'x', nickname: 'a', corpId: 'c', secret: 's' }, { accessType: 'internal', nickname: '', corpId: 'c', secret: 's' }, { accessType: 'internal', nickname: 'a', corpId: 1, secret: 's' }]) {
      const r = await h.api('/api/qw/add', body, main);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(/^参数错误/);
    }
    expect((await h.api('/api/qw/info', { id: 'x' }, main)).status).toBe(400);
  });

  it('connects, keeps the secret encrypted, and syncs exactly what the corp holds', async () => {
    const r = await h.api('/api/qw/add', { accessType: 'internal', nickname: '测试企业', corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret }, main);
    expect(r.status, r.message).toBe(200);
    wsId = r.data.id;
    expect(r.data).toMatchObject({ nickname: '测试企业', accessType: 'internal', corpId: corp.corpId, callbackUrl: `${h.config.publicUrl}/api/wecom/callback/${wsId}` });
    expect(r.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(r.data.encodingAesKey).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(JSON.stringify(r.data)).not.toContain(corp.secret);
    const row = await db().selectFrom('work_space').selectAll().where('id', '=', wsId).executeTakeFirstOrThrow();
    expect(row.secret_enc).toBeTruthy();
    expect(row.secret_enc).not.toContain(corp.secret);

    info = await until('sync done', async () => {
      const i = (await h.api('/api/qw/info', { id: wsId }, main)).data;
      if (i.sync.status === 'failed') throw new Error(i.sync.error);
      return i.sync.status === 'done' && i;
    }, 30_000);
    expect(info.sync.percent).toBe(100);
    // Reading the customers proved the customer-contact permission: no status check needed to show it.
    expect(info.status).toMatchObject({ tokenOk: true, contactPermission: true });
    expect(await dbState()).toEqual(expected(await snapshot()));
    // The same corp twice is a conflict.
    const again = await h.api('/api/qw/add', { accessType: 'internal', nickname: '再来', corpId: corp.corpId, secret: corp.secret }, main);
    expect(again.status).toBe(409);
  });

  it('lists members of the work space named by X-Work-Id, with departments and customer counts', async () => {
    const s = await snapshot();
    const r = await h.api('/api/qw/member/list', { page: 1, pageSize: 100 }, main, { 'x-work-id': String(wsId) });
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(s.members.length);
    const counts = new Map<string, number>();
    for (const c of s.customers) for (const f of c.follow_user) counts.set(f.userid, (counts.get(f.userid) ?? 0) + 1);
    for (const m of r.data.list) expect(m.customerCount, m.userid).toBe(counts.get(m.userid) ?? 0);
    const dept = s.departments.find((d: any) => d.parentid && s.members.some((m: any) => m.department.includes(d.id)));
    if (dept) {
      const f = await h.api('/api/qw/member/list', { departmentId: dept.id }, main, { 'x-work-id': String(wsId) });
      expect(f.data.list.length).toBeGreaterThan(0);
    }
    const kw = await h.api('/api/qw/member/list', { keyword: s.members[0].name }, main, { 'x-work-id': String(wsId) });
    expect(kw.data.list.map((m: any) => m.userid)).toContain(s.members[0].userid);
    expect((await h.api('/api/qw/member/list', {}, main)).status).toBe(400);
    expect((await h.api('/api/qw/department/list', {}, main, { 'x-work-id': String(wsId) })).data.list.length).toBe(s.departments.length);
  });

  it('status check reports token and customer-contact permission', async () => {
    const r = await h.api('/api/qw/status/check/replace', { id: wsId }, main);
    expect(r.status).toBe(200);
    expect(r.data.status).toMatchObject({ tokenOk: true, contactPermission: true });
  });
});

describe('callbacks', () => {
  it('verifies the callback URL set in the simulator', async () => {
    const r = await h.simCall('POST', `/control/corps/${corp.corpId}/callback`, { url: info.callbackUrl.replace(h.config.publicUrl, h.baseUrl), token: info.token, encodingAesKey: info.encodingAesKey });
    expect(r.body).toMatchObject({ verified: true });
    expect((await h.api('/api/qw/info', { id: wsId }, main)).data.status.callbackVerified).toBe(true);
  });

  it('reflects events: scan, deletes either way, group join and leave, tag edit, remark edit', async () => {
    let s = await snapshot();
    const contact = s.members.find((m: any) => m.customer_contact);
    const api = new WecomClient({ baseUrl: `${h.simUrl}/qyapi/cgi-bin` }).corp({ corpId: corp.corpId, secret: corp.secret });
    await api.addContactWay({ type: 1, scene: 2, user: [contact.userid], state: 'corptest' } as any);
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { state: 'corptest', name: '扫码客户' });
    expect(scan.status).toBe(200);
    await until('scanned customer', async () =>
      db().selectFrom('follow_relation').select('state').where('work_space_id', '=', wsId).where('external_userid', '=', scan.body.externalUserid).where('deleted_at', 'is', null).executeTakeFirst(),
    );

    s = await snapshot();
    const [c1, c2] = s.customers.filter((c: any) => c.follow_user.length > 0);
    await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: c1.follow_user[0].userid, externalUserid: c1.external_userid });
    await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: c2.follow_user[0].userid, externalUserid: c2.external_userid });
    const c3 = s.customers.find((c: any) => c !== c1 && c !== c2 && c.follow_user.length > 0);
    await h.simCall('POST', `/control/corps/${corp.corpId}/edit-customer`, { userid: c3.follow_user[0].userid, externalUserid: c3.external_userid, remark: '老客户' });

    const g = s.groups[0];
    const join = await h.simCall('POST', `/control/corps/${corp.corpId}/group-join`, { chatId: g.chat_id, externalUserid: c3.external_userid });
    expect(join.status).toBe(200);
    const leaver = g.member_list.find((m: any) => m.userid !== g.owner && m.userid !== c3.external_userid);
    if (leaver) await h.simCall('POST', `/control/corps/${corp.corpId}/group-leave`, { chatId: g.chat_id, userid: leaver.userid });
    const tag = await h.simCall('POST', `/control/corps/${corp.corpId}/tag-edit`, { action: 'create', groupName: '回调标签组', name: '新标签' });
    expect(tag.status).toBe(200);
    await h.simCall('POST', `/control/corps/${corp.corpId}/tag-edit`, { action: 'update', id: tag.body.id, name: '改名标签' });

    const want = expected(await snapshot());
    await until('events reflected', async () => {
      await settle();
      return JSON.stringify(await dbState()) === JSON.stringify(want);
    });
    expect(await dbState()).toEqual(want);
  });

  it('applies a duplicated event once and rejects forged or misaddressed ones, storing nothing', async () => {
    const count = async () => Number((await db().selectFrom('callback_event').select((e) => e.fn.countAll().as('n')).where('work_space_id', '=', wsId).executeTakeFirstOrThrow()).n);
    const crypto = new WecomCrypto({ token: info.token, encodingAesKey: info.encodingAesKey, receiveId: corp.corpId });
    const now = Math.floor(Date.now() / 1000) + 1000; // a moment no simulator event shares
    const s = await snapshot();
    const c = s.customers.find((x: any) => x.follow_user.length);
    const xml = `<xml><ToUserName><![CDATA[${corp.corpId}]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName><CreateTime>${now}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[change_external_contact]]></Event><ChangeType><![CDATA[edit_external_contact]]></ChangeType><UserID><![CDATA[${c.follow_user[0].userid}]]></UserID><ExternalUserID><![CDATA[${c.external_userid}]]></ExternalUserID></xml>`;
    const post = (sealed: { xml: string; query: Record<string, string> }) =>
      fetch(`${h.baseUrl}/api/wecom/callback/${wsId}?${new URLSearchParams(sealed.query)}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: sealed.xml });
    const before = await count();
    const sealed = crypto.seal(xml);
    expect((await post(sealed)).status).toBe(200);
    expect((await post(crypto.seal(xml))).status).toBe(200); // a redelivery: new nonce, same event
    await settle();
    expect(await count()).toBe(before + 1);
    // The very same request again, or one whose timestamp is over 5 minutes off: refused.
    expect((await post(sealed)).status).toBe(403);
    const ts = (offset: number) => String(Math.floor(Date.now() / 1000) + offset);
    const stale = crypto.seal(xml.replace(String(now), String(now + 2)), ts(-301), 'stale1');
    expect((await post(stale)).status).toBe(403);
    expect((await post(crypto.seal(xml.replace(String(now), String(now + 3)), ts(400), 'future1'))).status).toBe(403);
    const verifyOnce = crypto.seal('echo-1');
    const verifyUrl = `${h.baseUrl}/api/wecom/callback/${wsId}?${new URLSearchParams({ ...verifyOnce.query, echostr: verifyOnce.encrypt })}`;
    expect(await fetch(verifyUrl).then(async (r) => [r.status, await r.text()])).toEqual([200, 'echo-1']);
    expect((await fetch(verifyUrl)).status).toBe(403);

    const forged = { ...sealed, query: { ...sealed.query, msg_signature: '0'.repeat(40) } };
    expect((await post(forged)).status).toBe(401);
    const stranger = new WecomCrypto({ token: info.token, encodingAesKey: info.encodingAesKey, receiveId: 'wwsomeoneelse' });
    expect((await post(stranger.seal(xml.replace(String(now), String(now + 1))))).status).toBe(400);
    const verify = await fetch(`${h.baseUrl}/api/wecom/callback/${wsId}?msg_signature=bad&timestamp=1&nonce=2&echostr=abc`);
    expect(verify.status).toBe(401);
    expect(await count()).toBe(before + 1);
  });
});

describe('duplicates and member re-sync', () => {
  it('stores a callback the simulator delivers twice once, and applies it once', async () => {
    const s = await snapshot();
    const c = s.customers.find((x: any) => x.follow_user.length);
    const f = await h.simCall('POST', '/control/faults', { corpId: corp.corpId, kind: 'dup-callback', count: 1 });
    expect(f.status).toBeLessThan(300);
    const before = await db().selectFrom('callback_event').select('id').where('work_space_id', '=', wsId).execute();
    const e = await h.simCall('POST', `/control/corps/${corp.corpId}/edit-customer`, { userid: c.follow_user[0].userid, externalUserid: c.external_userid, remark: '重复推送' });
    expect(e.status).toBe(200);
    await until('remark applied', async () =>
      db().selectFrom('follow_relation').select('remark').where('work_space_id', '=', wsId).where('external_userid', '=', c.external_userid)
        .where('userid', '=', c.follow_user[0].userid).where('remark', '=', '重复推送').executeTakeFirst(),
    );
    await new Promise((r) => setTimeout(r, 300));
    await settle();
    const after = await db().selectFrom('callback_event').select('id').where('work_space_id', '=', wsId).execute();
    // One row at most: an earlier edit of the same pair in the same second shares the key (and is re-applied).
    expect(after.length - before.length).toBeLessThanOrEqual(1);
    const deliveries = (await h.simCall('GET', `/control/deliveries?corpId=${corp.corpId}&limit=1`)).body.list;
    expect(deliveries[0]).toMatchObject({ duplicated: true, status: 'delivered' });
    await h.simCall('DELETE', '/control/faults');
  });

  it('re-syncs members on demand with progress', async () => {
    const headers = { 'x-work-id': String(wsId) };
    const r = await h.api('/api/qw/member/sync', {}, main, headers);
    expect(r.status).toBe(200);
    expect(r.data.status).toBe('running');
    const done = await until('member sync', async () => {
      const l = (await h.api('/api/qw/member/list', {}, main, headers)).data;
      return l.sync.status === 'done' && l;
    });
    expect(done.total).toBe((await snapshot()).members.length);
  });

  it('re-syncs the whole corp exactly under busy, rate-limit, latency and token-expiry faults', async () => {
    // Change the corp first, so the re-sync has something to bring in.
    const way = (await snapshot()).contactWays[0];
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id });
    expect(scan.status).toBe(200);
    for (const fault of [
      { path: 'externalcontact/batch/get_by_user', kind: 'busy', count: 2 },
      { path: 'externalcontact/groupchat/get', kind: 'rate-limit', count: 2 },
      { path: 'user/list', kind: 'latency', ms: 300 },
      { path: 'externalcontact/get_corp_tag_list', kind: 'busy', count: 1 },
    ]) {
      expect((await h.simCall('POST', '/control/faults', { corpId: corp.corpId, ...fault })).status).toBe(200);
    }
    const r = await h.api('/api/qw/sync', { id: wsId }, main);
    expect(r.status, r.message).toBe(200);
    await h.simCall('POST', '/control/faults', { corpId: corp.corpId, kind: 'token-expire' });
    const done = await until('full re-sync', async () => {
      const i = (await h.api('/api/qw/info', { id: wsId }, main)).data;
      if (i.sync.status === 'failed') throw new Error(i.sync.error);
      return i.sync.status === 'done' && i;
    }, 30_000);
    expect(done.sync.percent).toBe(100);
    await h.simCall('DELETE', '/control/faults');
    expect(await dbState()).toEqual(expected(await snapshot()));
  });
});

describe('tenancy', () => {
  it('hides a work space from another account on every call', async () => {
    for (const [path, body] of [
      ['/api/qw/info', { id: wsId }],
      ['/api/qw/update', { id: wsId, nickname: '偷改' }],
      ['/api/qw/delete', { id: wsId }],
      ['/api/qw/sync', { id: wsId }],
      ['/api/qw/get/guest', { id: wsId }],
      ['/api/qw/status/check/replace', { id: wsId }],
    ] as const) {
      expect(await h.api(path, body, other), path).toMatchObject({ status: 404, message: '企业不存在' });
    }
    for (const path of ['/api/qw/member/list', '/api/qw/member/sync', '/api/qw/department/list']) {
      expect(await h.api(path, {}, other, { 'x-work-id': String(wsId) }), path).toMatchObject({ status: 404, message: '企业不存在' });
    }
    expect((await h.api('/api/qw/list', {}, other)).data.total).toBe(0);
  });

  it('lets a child read within its parent but not connect or manage', async () => {
    for (const [path, body] of [
      ['/api/qw/add', { accessType: 'internal', nickname: 'x', corpId: 'ww1', secret: 's' }],
      ['/api/qw/update', { id: wsId, nickname: 'x' }],
      ['/api/qw/delete', { id: wsId }],
      ['/api/qw/info', { id: wsId }],
      ['/api/qw/sync', { id: wsId }],
      ['/api/qw/status/check/replace', { id: wsId }],
      ['/api/qw/replace/auth/url', {}],
      ['/api/qw/replace/auth/result', { state: 'x' }],
      ['/api/qw/third/auth/preCode', {}],
      ['/api/qw/third/auth/callback', { auth_code: 'x', state: 'y' }],
    ] as const) {
      expect(await h.api(path, body, child), path).toMatchObject({ status: 403, message: '子账号无权进行此操作' });
    }
    expect((await h.api('/api/qw/get/guest', { id: wsId }, child)).data).toEqual({ id: wsId, nickname: '测试企业', accessType: 'internal' });
    expect((await h.api('/api/qw/member/list', {}, child, { 'x-work-id': String(wsId) })).status).toBe(200);
  });

  it('updates and deletes for the owner', async () => {
    const u = await h.api('/api/qw/update', { id: wsId, nickname: '改名企业', secret: 'bad-secret' }, main);
    expect(u).toMatchObject({ status: 400, message: wecomErrorMessage(40001) });
    expect((await h.api('/api/qw/update', { id: wsId, nickname: '改名企业' }, main)).data.nickname).toBe('改名企业');
    expect((await h.api('/api/account/ip/list', {}, main)).data.list).toEqual(expect.any(Array));
  });
});
