// The client's policies against a real HTTP peer (test/peer.ts), with an injected clock and sleep.
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorpApi, WecomClient, type CallInfo, type WecomClientOptions } from '../src/client';
import { WecomError } from '../src/errors';
import { MemoryRateLimiter } from '../src/limiter';
import { httpTransport } from '../src/transport';
import { WecomPeer, fail, ok, paged } from './peer';

let peer: WecomPeer;
let clock: number;
let delays: number[];
let calls: CallInfo[];

beforeEach(async () => {
  peer = await new WecomPeer().start();
  clock = 1_700_000_000_000;
  delays = [];
  calls = [];
});
afterEach(() => peer.stop());

function client(opts: Partial<WecomClientOptions> = {}) {
  return new WecomClient({
    baseUrl: peer.url,
    now: () => clock,
    sleep: async (ms) => {
      delays.push(ms);
      clock += ms;
    },
    onCall: (c) => calls.push(c),
    ...opts,
  });
}
const corpOf = (c: WecomClient) => c.corp({ corpId: 'ww_corp', secret: 'secret' });
const departments = () => ok({ department: [{ id: 1, name: '总部', parentid: 0, order: 1 }] });

describe('tokens', () => {
  it('reuses one token for many calls', async () => {
    peer.routes.set('department/list', departments);
    const corp = corpOf(client());
    await corp.departmentList();
    await corp.departmentList();
    await corp.departmentList(1);
    expect(peer.count('gettoken')).toBe(1);
    expect(peer.count('department/list')).toBe(3);
    expect(peer.calls.find((c) => c.path === 'department/list' && c.query.get('id') === '1')).toBeTruthy();
    expect(new Set(peer.calls.filter((c) => c.path === 'department/list').map((c) => c.query.get('access_token'))).size).toBe(1);
  });

  it('single-flights the refresh: 10 concurrent calls → one gettoken', async () => {
    peer.tokenDelayMs = 50;
    peer.routes.set('department/list', departments);
    const corp = corpOf(client());
    const all = await Promise.all(Array.from({ length: 10 }, () => corp.departmentList()));
    expect(all.every((r) => r.department[0].name === '总部')).toBe(true);
    expect(peer.count('gettoken')).toBe(1);
  });

  it('caches per (corp, secret): another secret gets its own token', async () => {
    peer.secrets.set('ww_corp', 'secret');
    peer.routes.set('department/list', departments);
    const c = client();
    await corpOf(c).departmentList();
    peer.secrets.set('ww_corp', 'contact-secret');
    await c.corp({ corpId: 'ww_corp', secret: 'contact-secret' }).departmentList();
    await corpOf(c).departmentList();
    expect(peer.count('gettoken')).toBe(2);
  });

  it('refreshes 5 minutes before expires_in runs out', async () => {
    peer.routes.set('department/list', departments);
    const corp = corpOf(client());
    await corp.departmentList();
    clock += (7200 - 300) * 1000 - 1;
    await corp.departmentList();
    expect(peer.count('gettoken')).toBe(1);
    clock += 2;
    await corp.departmentList();
    expect(peer.count('gettoken')).toBe(2);
    const used = peer.calls.filter((c) => c.path === 'department/list').map((c) => c.query.get('access_token'));
    expect(used[2]).not.toBe(used[0]);
  });

  it('42001 mid-way: drops the token, refreshes once and succeeds', async () => {
    peer.routes.set('department/list', departments);
    const corp = corpOf(client());
    await corp.departmentList();
    peer.expired.add([...peer.tokens.keys()][0]);
    await expect(corp.departmentList()).resolves.toMatchObject({ errcode: 0 });
    expect(peer.count('gettoken')).toBe(2);
    expect(peer.count('department/list')).toBe(3);
    expect(calls.filter((c) => c.path === 'department/list').map((c) => [c.errcode, c.attempt])).toEqual([
      [0, 1],
      [42001, 1],
      [0, 2],
    ]);
    expect(delays).toEqual([]);
  });

  it('40014 that persists after one refresh is thrown, not looped', async () => {
    peer.routes.set('department/list', () => fail(40014, 'invalid access_token'));
    const err = await corpOf(client()).departmentList().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WecomError);
    expect((err as WecomError).errcode).toBe(40014);
    expect(peer.count('gettoken')).toBe(2);
    expect(peer.count('department/list')).toBe(2);
  });

  it('a bad secret throws the Chinese message and caches nothing', async () => {
    const corp = client().corp({ corpId: 'ww_corp', secret: 'wrong' });
    const err = await corp.departmentList().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WecomError);
    expect(err).toMatchObject({ errcode: 40001, path: 'gettoken', message: '应用 Secret 无效，请检查企业微信后台的 Secret' });
    await corp.departmentList().catch(() => undefined);
    expect(peer.count('gettoken')).toBe(2);
    expect(peer.count('department/list')).toBe(0);
  });
});

describe('retries', () => {
  it('-1 twice, then success: backs off 500 ms, 1 s', async () => {
    let n = 0;
    peer.routes.set('department/list', () => (++n <= 2 ? fail(-1, 'system busy') : departments()));
    await expect(corpOf(client()).departmentList()).resolves.toMatchObject({ errcode: 0 });
    expect(delays).toEqual([500, 1000]);
    expect(calls.filter((c) => c.path === 'department/list').map((c) => c.attempt)).toEqual([1, 2, 3]);
  });

  it('-1 four times: gives up after 3 retries with WecomError(-1)', async () => {
    peer.routes.set('department/list', () => fail(-1, 'system busy'));
    const err = await corpOf(client()).departmentList().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WecomError);
    expect(err).toMatchObject({ errcode: -1, path: 'department/list', message: '企业微信系统繁忙，请稍后再试' });
    expect(peer.count('department/list')).toBe(4);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it('a non-200 answer and a network error count like -1', async () => {
    let n = 0;
    peer.routes.set('department/list', () => (++n === 1 ? { status: 502, text: 'bad gateway' } : departments()));
    let broken = true;
    const http = httpTransport();
    const c = client({
      transport: async (req) => {
        if (broken && req.url.pathname.includes('department/list')) {
          broken = false;
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        }
        return http(req);
      },
    });
    await expect(corpOf(c).departmentList()).resolves.toMatchObject({ errcode: 0 });
    expect(delays).toEqual([500, 1000]);
    expect(calls.filter((x) => x.path === 'department/list').map((x) => x.errcode)).toEqual([-1, -1, 0]);
  });

  it('a call without an answer is abandoned at the timeout: a read is tried again, a create is not', async () => {
    let hang = 1;
    peer.routes.set('department/list', async () => {
      if (hang-- > 0) await new Promise((r) => setTimeout(r, 400));
      return departments();
    });
    peer.routes.set('externalcontact/add_contact_way', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return ok({ config_id: 'cfg1' });
    });
    const corp = corpOf(client({ timeoutMs: 100 }));
    await expect(corp.departmentList()).resolves.toMatchObject({ errcode: 0 });
    expect(calls.filter((x) => x.path === 'department/list').map((x) => x.errcode)).toEqual([-1, 0]);

    const err = await corp.addContactWay({ type: 1, scene: 2, user: ['zhangsan'], state: 'st_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WecomError);
    expect(err).toMatchObject({ errcode: -1, unanswered: true, message: '企业微信系统繁忙，请稍后再试' });
    expect((err as WecomError).errmsg).toContain('100 ms');
    // Asked once: WeCom may have made the way.
    expect(peer.count('externalcontact/add_contact_way')).toBe(1);
  });

  it('a create that WeCom answers busy (-1) is tried again: it was not done', async () => {
    let n = 0;
    peer.routes.set('externalcontact/add_contact_way', () => (++n === 1 ? fail(-1, 'system busy') : ok({ config_id: 'cfg2' })));
    await expect(corpOf(client()).addContactWay({ type: 1, scene: 2, user: ['zhangsan'] })).resolves.toMatchObject({ config_id: 'cfg2' });
    expect(n).toBe(2);
  });

  it('45009: backs off 1 s, 2 s, 4 s… and resumes', async () => {
    let n = 0;
    peer.routes.set('department/list', () => (++n <= 5 ? fail(45009, 'api freq out of limit') : departments()));
    await expect(corpOf(client()).departmentList()).resolves.toMatchObject({ errcode: 0 });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('45033: the back-off is capped and the number of tries is configurable', async () => {
    peer.routes.set('department/list', () => fail(45033, 'api concurrent out of limit'));
    const c = client({ retry: { rateLimitRetries: 4, rateLimitBaseMs: 1000, rateLimitMaxMs: 3000 } });
    const err = await corpOf(c).departmentList().catch((e: unknown) => e);
    expect(err).toMatchObject({ errcode: 45033, message: '接口并发调用超过企业微信限制，请稍后再试' });
    expect(delays).toEqual([1000, 2000, 3000, 3000]);
    expect(peer.count('department/list')).toBe(5);
  });

  it('a non-retryable errcode throws at once with the Chinese message', async () => {
    peer.routes.set('externalcontact/list', () => fail(60011, 'no privilege to access/modify contact/party/agent'));
    const err = await corpOf(client()).externalContactList('zhangsan').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WecomError);
    expect(err).toMatchObject({ errcode: 60011, path: 'externalcontact/list', message: '应用没有该成员、部门或标签的可见范围权限' });
    expect((err as WecomError).errmsg).toContain('no privilege');
    expect(peer.count('externalcontact/list')).toBe(1);
    expect(delays).toEqual([]);

    peer.routes.set('externalcontact/remark', () => fail(99999));
    await expect(corpOf(client()).remark({ userid: 'u', external_userid: 'x', remark: 'r' })).rejects.toThrow('企业微信接口错误（99999）');
  });
});

describe('cursor pagination', () => {
  it('groupchat/list: follows 64 pages with no page lost or repeated, even when one page fails once', async () => {
    const groups = Array.from({ length: 2345 }, (_, i) => ({ chat_id: `wr_${i}`, status: 0 }));
    const cursors: string[] = [];
    const serve = paged(groups, 'group_chat_list', 37, cursors);
    let failed = false;
    peer.routes.set('externalcontact/groupchat/list', (req) => {
      if (!failed && req.body.cursor && cursors.length === 20) {
        failed = true;
        return fail(-1, 'system busy');
      }
      return serve(req);
    });
    const res = await corpOf(client()).groupChatList({ status_filter: 0 });
    expect(res.group_chat_list.map((g) => g.chat_id)).toEqual(groups.map((g) => g.chat_id));
    expect(res.next_cursor).toBe('');
    expect(cursors.length).toBe(Math.ceil(2345 / 37));
    expect(new Set(cursors).size).toBe(cursors.length);
    const bodies = peer.calls.filter((c) => c.path === 'externalcontact/groupchat/list').map((c) => c.body);
    expect(bodies.every((b) => b.limit === 1000 && b.status_filter === 0)).toBe(true);
    expect(failed).toBe(true);
  });

  it('user/list_id, list_contact_way, get_groupmsg_task, get_groupmsg_send_result, get_groupmsg_list_v2', async () => {
    const users = Array.from({ length: 25_001 }, (_, i) => ({ userid: `u${i}`, department: 1 + (i % 7) }));
    peer.routes.set('user/list_id', paged(users, 'dept_user', 10_000));
    const ways = Array.from({ length: 2500 }, (_, i) => ({ config_id: `cw${i}` }));
    peer.routes.set('externalcontact/list_contact_way', paged(ways, 'contact_way', 1000));
    const tasks = Array.from({ length: 1001 }, (_, i) => ({ userid: `u${i}`, status: i % 2 ? 2 : 0 }));
    peer.routes.set('externalcontact/get_groupmsg_task', paged(tasks, 'task_list', 1000));
    const sends = Array.from({ length: 3000 }, (_, i) => ({ external_userid: `wm${i}`, userid: 'u1', status: 1 }));
    peer.routes.set('externalcontact/get_groupmsg_send_result', paged(sends, 'send_list', 1000));
    const msgs = Array.from({ length: 250 }, (_, i) => ({ msgid: `m${i}`, create_time: '1700000000', create_type: 0 }));
    peer.routes.set('externalcontact/get_groupmsg_list_v2', paged(msgs, 'group_msg_list', 100));

    const corp = corpOf(client());
    expect((await corp.userListId()).dept_user).toEqual(users);
    expect((await corp.listContactWay({ start_time: 1, end_time: 2 })).contact_way).toEqual(ways);
    expect((await corp.getGroupmsgTask('m1')).task_list).toEqual(tasks);
    expect((await corp.getGroupmsgSendResult('m1', 'u1')).send_list).toEqual(sends);
    expect((await corp.getGroupmsgListV2({ chat_type: 'single', start_time: 1, end_time: 2 })).group_msg_list).toEqual(msgs);
    expect(peer.count('user/list_id')).toBe(3);
    expect(peer.calls.filter((c) => c.path === 'user/list_id').every((c) => c.body.limit === 10_000)).toBe(true);
    expect(peer.calls.filter((c) => c.path === 'externalcontact/get_groupmsg_list_v2').every((c) => c.body.limit === 100)).toBe(true);
    expect(peer.calls.filter((c) => c.path === 'externalcontact/get_groupmsg_send_result').every((c) => c.body.userid === 'u1' && c.body.msgid === 'm1')).toBe(true);
  });

  it('externalcontact/get: collects every follow_user page', async () => {
    const follow = Array.from({ length: 1234 }, (_, i) => ({ userid: `u${i}`, createtime: 1700000000 + i, add_way: 1 }));
    const serve = paged(follow, 'follow_user', 500);
    peer.routes.set('externalcontact/get', (req) => {
      expect(req.query.get('external_userid')).toBe('wm_1');
      return { ...serve(req), external_contact: { external_userid: 'wm_1', name: '客户', type: 1 } };
    });
    const res = await corpOf(client()).externalContactGet('wm_1');
    expect(res.external_contact.name).toBe('客户');
    expect(res.follow_user).toEqual(follow);
    expect(peer.count('externalcontact/get')).toBe(3);
    expect(peer.calls.find((c) => c.path === 'externalcontact/get')!.query.has('cursor')).toBe(false);
  });

  it('a cursor that comes back twice is an error, not an endless loop', async () => {
    peer.routes.set('externalcontact/groupchat/list', () => ok({ group_chat_list: [{ chat_id: 'wr', status: 0 }], next_cursor: 'same' }));
    await expect(corpOf(client()).groupChatList()).rejects.toBeInstanceOf(WecomError);
    expect(peer.count('externalcontact/groupchat/list')).toBe(2);
  });

  it('batch/get_by_user: 250 userids → chunks of 100, 100, 50, limit 100, every page', async () => {
    const userids = Array.from({ length: 250 }, (_, i) => `u${i}`);
    const relations = (u: string) =>
      [0, 1, 2].map((k) => ({
        external_contact: { external_userid: `wm_${u}_${k}`, name: `客户${k}`, type: 1 },
        follow_info: { userid: u, createtime: 1700000000, tag_id: [] },
      }));
    const served = new Map<string, ReturnType<typeof paged>>();
    peer.routes.set('externalcontact/batch/get_by_user', (req) => {
      const list: string[] = req.body.userid_list;
      expect(list.length).toBeLessThanOrEqual(100);
      expect(req.body.limit).toBe(100);
      const key = list.join(',');
      if (!served.has(key)) served.set(key, paged(list.flatMap(relations), 'external_contact_list', 100));
      const page = served.get(key)!(req) as Record<string, unknown>;
      return list.includes('u7') ? { ...page, fail_info: { unlicensed_userid_list: ['u7'] } } : page;
    });
    const res = await corpOf(client()).batchGetByUser(userids);
    expect(res.external_contact_list.map((r) => r.external_contact.external_userid)).toEqual(userids.flatMap(relations).map((r) => r.external_contact.external_userid));
    expect(res.external_contact_list).toHaveLength(750);
    const firstPages = peer.calls.filter((c) => c.path === 'externalcontact/batch/get_by_user' && c.body.cursor === '');
    expect(firstPages.map((c) => c.body.userid_list.length)).toEqual([100, 100, 50]);
    expect(peer.count('externalcontact/batch/get_by_user')).toBe(3 + 3 + 2);
    expect(res.fail_info?.unlicensed_userid_list).toContain('u7');
    expect(await corpOf(client()).batchGetByUser([])).toMatchObject({ external_contact_list: [] });
  });
});

describe('rate limiter', () => {
  it('keeps a corp and an API under the configured rate (injected clock)', async () => {
    peer.routes.set('department/list', departments);
    peer.routes.set('externalcontact/get_follow_user_list', () => ok({ follow_user: ['u1'] }));
    const sent: { t: number; path: string }[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
      clock += ms;
    };
    const limiter = new MemoryRateLimiter({ windows: [{ ms: 1000, limit: 5 }, { ms: 10_000, limit: 20 }], now: () => clock, sleep });
    const http = httpTransport();
    const c = client({
      limiter,
      transport: (req) => {
        sent.push({ t: clock, path: req.url.pathname });
        return http(req);
      },
    });
    const corp = corpOf(c);
    for (let i = 0; i < 23; i++) await corp.departmentList();
    const times = sent.filter((s) => s.path.endsWith('department/list')).map((s) => s.t);
    expect(times).toHaveLength(23);
    for (const t of times) {
      expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(5);
      expect(times.filter((u) => u >= t && u < t + 10_000).length).toBeLessThanOrEqual(20);
    }
    // 23 calls at ≤20 per 10 s: the 21st waits for the first to leave the 10 s window.
    expect(times[22] - times[0]).toBeGreaterThanOrEqual(10_000);

    // Another API of the same corp is not held back by department/list's window.
    const before = clock;
    await corp.followUserList();
    expect(clock).toBe(before);
  });

  it('waits only as long as needed (sliding window)', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new MemoryRateLimiter({
      windows: [{ ms: 1000, limit: 3 }],
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    await limiter.acquire('c', 'p');
    now = 100;
    await limiter.acquire('c', 'p');
    now = 200;
    await limiter.acquire('c', 'p');
    now = 300;
    await limiter.acquire('c', 'p');
    expect(waits).toEqual([700]);
    expect(now).toBe(1000);
    await limiter.acquire('other-corp', 'p');
    expect(waits).toEqual([700]);
  });
});

describe('uploads', () => {
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('media/upload sends multipart with the file bytes in field "media"', async () => {
    peer.routes.set('media/upload', async (req) => {
      expect(req.query.get('type')).toBe('image');
      expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const form = await new Response(new Uint8Array(req.raw), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
      const media = form.get('media') as File;
      expect(media.name).toBe('海报.png');
      expect(media.type).toBe('image/png');
      expect(Buffer.from(await media.arrayBuffer()).equals(bytes)).toBe(true);
      return ok({ type: 'image', media_id: 'MEDIA_1', created_at: '1700000000' });
    });
    const res = await corpOf(client()).uploadMedia('image', { name: '海报.png', data: bytes, contentType: 'image/png' });
    expect(res).toMatchObject({ media_id: 'MEDIA_1', created_at: '1700000000' });
  });

  it('media/upload_attachment, and the body is rebuilt on a retry', async () => {
    let n = 0;
    peer.routes.set('media/upload_attachment', async (req) => {
      expect(req.query.get('media_type')).toBe('video');
      expect(req.query.get('attachment_type')).toBe('1');
      const form = await new Response(new Uint8Array(req.raw), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
      expect(Buffer.from(await (form.get('media') as File).arrayBuffer()).equals(bytes)).toBe(true);
      return ++n === 1 ? fail(-1) : ok({ type: 'video', media_id: 'MEDIA_2', created_at: 1700000000 });
    });
    const res = await corpOf(client()).uploadAttachment('video', { name: 'a.mp4', data: bytes, contentType: 'video/mp4' });
    expect(res).toMatchObject({ media_id: 'MEDIA_2', created_at: 1700000000 });
    expect(n).toBe(2);
  });
});

describe('other corp calls', () => {
  it('send JSON bodies and query parameters to the right paths', async () => {
    const seen: Record<string, unknown> = {};
    const echo = (extra: Record<string, unknown> = {}) => (req: { path: string; body: unknown; query: URLSearchParams }) => {
      seen[req.path] = req.body ?? Object.fromEntries([...req.query].filter(([k]) => k !== 'access_token'));
      return ok(extra);
    };
    for (const p of [
      'user/list',
      'user/simplelist',
      'externalcontact/get_follow_user_list',
      'externalcontact/list',
      'externalcontact/remark',
      'externalcontact/add_contact_way',
      'externalcontact/get_contact_way',
      'externalcontact/update_contact_way',
      'externalcontact/del_contact_way',
      'externalcontact/get_corp_tag_list',
      'externalcontact/add_corp_tag',
      'externalcontact/edit_corp_tag',
      'externalcontact/del_corp_tag',
      'externalcontact/mark_tag',
      'externalcontact/groupchat/get',
      'externalcontact/add_msg_template',
      'externalcontact/remind_groupmsg_send',
      'externalcontact/cancel_groupmsg_send',
      'externalcontact/add_moment_task',
      'externalcontact/get_moment_task_result',
      'externalcontact/send_welcome_msg',
      'externalcontact/get_user_behavior_data',
      'externalcontact/transfer_customer',
      'externalcontact/transfer_result',
      'externalcontact/get_unassigned_list',
      'externalcontact/resigned/transfer_customer',
      'externalcontact/resigned/transfer_result',
      'externalcontact/groupchat/transfer',
    ]) {
      peer.routes.set(p, echo());
    }
    const corp = corpOf(client());
    await corp.userList(1, true);
    await corp.userSimpleList(2, false);
    await corp.followUserList();
    await corp.externalContactList('zhangsan');
    await corp.remark({ userid: 'u', external_userid: 'x', remark: '备注' });
    await corp.addContactWay({ type: 1, scene: 2, user: ['u'], state: 'ch_1' });
    await corp.getContactWay('cfg');
    await corp.updateContactWay({ config_id: 'cfg', user: ['a', 'b'] });
    await corp.delContactWay('cfg');
    await corp.getCorpTagList();
    await corp.addCorpTag({ group_name: '等级', tag: [{ name: 'A' }] });
    await corp.editCorpTag({ id: 't', name: 'B' });
    await corp.delCorpTag({ tag_id: ['t'] });
    await corp.markTag({ userid: 'u', external_userid: 'x', add_tag: ['t'] });
    await corp.groupChatGet('wr_1', true);
    await corp.addMsgTemplate({ chat_type: 'single', sender: 'u', text: { content: '你好' } });
    await corp.remindGroupmsgSend('m1');
    await corp.cancelGroupmsgSend('m2');
    await corp.addMomentTask({ text: { content: '朋友圈' } });
    await corp.getMomentTaskResult('job');
    await corp.sendWelcomeMsg({ welcome_code: 'w', text: { content: '欢迎' } });
    await corp.getUserBehaviorData({ userid: ['u'], start_time: 1, end_time: 2 });
    await corp.transferCustomer({ handover_userid: 'a', takeover_userid: 'b', external_userid: ['x'], transfer_success_msg: '您好' });
    await corp.transferResult({ handover_userid: 'a', takeover_userid: 'b' });
    await corp.unassignedList();
    await corp.resignedTransferCustomer({ handover_userid: 'c', takeover_userid: 'b', external_userid: ['y'] });
    await corp.resignedTransferResult({ handover_userid: 'c', takeover_userid: 'b' });
    await corp.groupChatTransfer({ chat_id_list: ['wr_1'], new_owner: 'b' });
    expect(seen).toEqual({
      'user/list': { department_id: '1', fetch_child: '1' },
      'user/simplelist': { department_id: '2', fetch_child: '0' },
      'externalcontact/get_follow_user_list': {},
      'externalcontact/list': { userid: 'zhangsan' },
      'externalcontact/remark': { userid: 'u', external_userid: 'x', remark: '备注' },
      'externalcontact/add_contact_way': { type: 1, scene: 2, user: ['u'], state: 'ch_1' },
      'externalcontact/get_contact_way': { config_id: 'cfg' },
      'externalcontact/update_contact_way': { config_id: 'cfg', user: ['a', 'b'] },
      'externalcontact/del_contact_way': { config_id: 'cfg' },
      'externalcontact/get_corp_tag_list': {},
      'externalcontact/add_corp_tag': { group_name: '等级', tag: [{ name: 'A' }] },
      'externalcontact/edit_corp_tag': { id: 't', name: 'B' },
      'externalcontact/del_corp_tag': { tag_id: ['t'] },
      'externalcontact/mark_tag': { userid: 'u', external_userid: 'x', add_tag: ['t'] },
      'externalcontact/groupchat/get': { chat_id: 'wr_1', need_name: 1 },
      'externalcontact/add_msg_template': { chat_type: 'single', sender: 'u', text: { content: '你好' } },
      'externalcontact/remind_groupmsg_send': { msgid: 'm1' },
      'externalcontact/cancel_groupmsg_send': { msgid: 'm2' },
      'externalcontact/add_moment_task': { text: { content: '朋友圈' } },
      'externalcontact/get_moment_task_result': { jobid: 'job' },
      'externalcontact/send_welcome_msg': { welcome_code: 'w', text: { content: '欢迎' } },
      'externalcontact/get_user_behavior_data': { userid: ['u'], start_time: 1, end_time: 2 },
      'externalcontact/transfer_customer': { handover_userid: 'a', takeover_userid: 'b', external_userid: ['x'], transfer_success_msg: '您好' },
      'externalcontact/transfer_result': { handover_userid: 'a', takeover_userid: 'b', cursor: '' },
      'externalcontact/get_unassigned_list': { page_size: 1000, cursor: '' },
      'externalcontact/resigned/transfer_customer': { handover_userid: 'c', takeover_userid: 'b', external_userid: ['y'] },
      'externalcontact/resigned/transfer_result': { handover_userid: 'c', takeover_userid: 'b', cursor: '' },
      'externalcontact/groupchat/transfer': { chat_id_list: ['wr_1'], new_owner: 'b' },
    });
    expect(peer.calls.filter((c) => c.path !== 'gettoken').every((c) => c.corpId === 'ww_corp')).toBe(true);
    expect(calls.every((c) => c.corpId === 'ww_corp' && c.errcode === 0)).toBe(true);
  });
});

describe('CorpApi parts', () => {
  it('every method of every WeCom-domain part in src/corp/ is a CorpApi method', async () => {
    const dir = new URL('../src/corp/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    const corpProto = CorpApi.prototype as unknown as Record<string, unknown>;
    for (const file of files) {
      const mod = (await import(new URL(file, dir).href)) as Record<string, { prototype: Record<string, unknown> }>;
      for (const part of Object.values(mod)) {
        for (const name of Object.getOwnPropertyNames(part.prototype)) {
          if (name !== 'constructor') expect(corpProto[name], `${file}: ${name}`).toBe(part.prototype[name]);
        }
      }
    }
  });
});

describe('provider', () => {
  function providerPeer() {
    const tickets: string[] = [];
    peer.routes.set('service/get_suite_token', (req) => {
      tickets.push(req.body.suite_ticket);
      if (req.body.suite_id !== 'ww_suite' || req.body.suite_secret !== 'suite-secret') return fail(40082);
      return ok({ suite_access_token: peer.issue('suite'), expires_in: 7200 });
    });
    peer.routes.set('service/get_pre_auth_code', () => ok({ pre_auth_code: 'PRE', expires_in: 1200 }));
    peer.routes.set('service/set_session_info', (req) => (req.body.pre_auth_code === 'PRE' ? ok() : fail(40058)));
    peer.routes.set('service/get_permanent_code', (req) =>
      ok({ permanent_code: `PERM-${req.body.auth_code}`, auth_corp_info: { corpid: 'ww_auth', corp_name: '授权企业' }, auth_info: { agent: [{ agentid: 1000001 }] } }),
    );
    peer.routes.set('service/get_corp_token', (req) =>
      req.body.auth_corpid === 'ww_auth' && req.body.permanent_code === 'PERM-AUTH' ? ok({ access_token: peer.issue('ww_auth'), expires_in: 7200 }) : fail(40084),
    );
    return tickets;
  }

  it('suite token from the newest suite_ticket; pre-auth code, session info, permanent code (v2 missing → v1)', async () => {
    const tickets = providerPeer();
    let ticket = 'T1';
    const provider = client().provider({ suiteId: 'ww_suite', suiteSecret: 'suite-secret', suiteTicket: async () => ticket });
    expect(await provider.getPreAuthCode()).toMatchObject({ pre_auth_code: 'PRE' });
    await provider.setSessionInfo('PRE', { auth_type: 1 });
    expect(peer.calls.find((c) => c.path === 'service/set_session_info')!.body).toEqual({ pre_auth_code: 'PRE', session_info: { auth_type: 1 } });
    const perm = await provider.getPermanentCode('AUTH');
    expect(perm).toMatchObject({ permanent_code: 'PERM-AUTH', auth_corp_info: { corpid: 'ww_auth' } });
    expect(peer.calls.map((c) => c.path)).toContain('service/v2/get_permanent_code');
    expect(delays).toEqual([]);
    expect(tickets).toEqual(['T1']);

    // An expired suite token (42009) → one refresh with the newest ticket.
    ticket = 'T2';
    peer.expired.add(await provider.getSuiteToken());
    expect(await provider.getPreAuthCode()).toMatchObject({ pre_auth_code: 'PRE' });
    expect(tickets).toEqual(['T1', 'T2']);
  });

  it('v2 get_permanent_code is used when served', async () => {
    providerPeer();
    peer.routes.set('service/v2/get_permanent_code', () => ok({ permanent_code: 'PERM-V2', auth_corp_info: { corpid: 'ww_auth', corp_name: 'x' } }));
    const provider = client().provider({ suiteId: 'ww_suite', suiteSecret: 'suite-secret', suiteTicket: async () => 'T' });
    expect(await provider.getPermanentCode('AUTH')).toMatchObject({ permanent_code: 'PERM-V2' });
    expect(peer.count('service/get_permanent_code')).toBe(0);
  });

  it('authorizedCorp: token via get_corp_token, cached, refreshed on 42001', async () => {
    providerPeer();
    peer.routes.set('department/list', departments);
    const c = client();
    const provider = c.provider({ suiteId: 'ww_suite', suiteSecret: 'suite-secret', suiteTicket: async () => 'T' });
    const corp = c.authorizedCorp(provider, { corpId: 'ww_auth', permanentCode: 'PERM-AUTH' });
    await corp.departmentList();
    await corp.departmentList();
    expect(peer.count('service/get_corp_token')).toBe(1);
    expect(peer.calls.filter((x) => x.path === 'department/list').every((x) => x.corpId === 'ww_auth')).toBe(true);
    peer.expired.add(await corp.getAccessToken());
    await corp.departmentList();
    expect(peer.count('service/get_corp_token')).toBe(2);
    expect(peer.count('service/get_suite_token')).toBe(1);
  });
});

describe('interface licence (接口许可)', () => {
  it('provider token, order and account calls; lists follow every page', async () => {
    peer.routes.set('service/get_provider_token', (req) =>
      req.body.corpid === 'ww_provider' && req.body.provider_secret === 'psecret' ? ok({ provider_access_token: peer.issue('ww_provider'), expires_in: 7200 }) : fail(40001),
    );
    const accounts = Array.from({ length: 2100 }, (_, i) => ({ userid: `u${i}`, type: 1, expire_time: 1800000000, active_time: 1700000000 }));
    const serve = paged(accounts, 'account_list', 1000);
    peer.routes.set('license/list_actived_account', (req) => {
      const page = serve(req) as { next_cursor: string };
      return { ...page, has_more: page.next_cursor ? 1 : 0 };
    });
    peer.routes.set('license/create_new_order', (req) => ok({ order_id: `OD-${req.body.account_count.base_count}` }));
    peer.routes.set('license/get_active_info_by_user', (req) => ok({ active_status: 1, active_info_list: [{ active_code: 'AC', type: 1, userid: req.body.userid, active_time: 1, expire_time: 2 }] }));
    peer.routes.set('license/batch_transfer_license', (req) => ok({ transfer_result: req.body.transfer_list.map((t: object) => ({ ...t, errcode: 0 })) }));

    const license = client().license({ providerCorpId: 'ww_provider', providerSecret: 'psecret' });
    const order = await license.createNewOrder({ corpid: 'ww_auth', buyer_userid: 'boss', account_count: { base_count: 10 }, account_duration: { months: 12 } });
    expect(order.order_id).toBe('OD-10');
    expect((await license.listActivedAccount('ww_auth')).account_list).toEqual(accounts);
    expect(await license.getActiveInfoByUser('ww_auth', 'u1')).toMatchObject({ active_status: 1, active_info_list: [{ userid: 'u1' }] });
    expect(await license.batchTransferLicense('ww_auth', [{ handover_userid: 'a', takeover_userid: 'b' }])).toMatchObject({
      transfer_result: [{ handover_userid: 'a', takeover_userid: 'b', errcode: 0 }],
    });
    expect(peer.count('service/get_provider_token')).toBe(1);
    expect(peer.calls.filter((c) => c.path.startsWith('license/')).every((c) => c.query.has('provider_access_token') && c.corpId === 'ww_provider')).toBe(true);
    expect(peer.count('license/list_actived_account')).toBe(3);
  });
});
