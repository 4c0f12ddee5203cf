// Customer acquisition as the simulator shows it: contact-way QR images and scan pages, welcome
// messages kept and listed, contact ways with their user-list history, tags, the welcome-code TTL.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorOptionsFromEnv } from '../src/env.js';
import { field, type Sim, sleep, startReceiver, startSim } from './helpers.js';

let s: Sim;
let corpId: string;
let token: string;
let follow: string[];
const TTL = 600;
const CB_TOKEN = 'cbToken123';
const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const api = (path: string, body?: unknown) => s.api(`${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, body);
const ways = async (query = '') => (await s.call('GET', `/control/corps/${corpId}/contact-ways${query}`)).body.list;
const snapshot = async () => (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
const page = async (path: string) => {
  const res = await fetch(s.base + path, { headers: s.auth });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};
const png = async (path: string) => {
  const res = await fetch(s.base + path);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};
/** The page's inline script must at least parse. */
const scriptParses = (html: string) => {
  const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
  const file = join(tmpdir(), `sim-way-page-${process.pid}.js`);
  writeFileSync(file, script);
  execFileSync(process.execPath, ['--check', file]);
};

beforeAll(async () => {
  s = await startSim({ wecom: { welcomeCodeTtlMs: TTL } });
  const corp = (await s.call('POST', '/control/corps', { seed: 'acquisition', name: '星河科技', size: { members: 8, customers: 40, groups: 2, tags: 3 } })).body;
  corpId = corp.corpId;
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${corp.secret}`)).access_token;
  follow = (await api('externalcontact/get_follow_user_list')).follow_user;
});
afterAll(async () => {
  await s?.sim.close();
});

describe('contact-way QR images', () => {
  it('answers a qr_code on the simulator that serves a PNG encoding the scan page', async () => {
    const added = await api('externalcontact/add_contact_way', { type: 1, scene: 2, state: 'qr_test', user: [follow[0]], remark: '门店码' });
    expect(added.qr_code).toBe(`${s.base}/wwpic/${added.config_id}.png`);
    expect((await api('externalcontact/get_contact_way', { config_id: added.config_id })).contact_way.qr_code).toBe(added.qr_code);
    const image = await png(`/wwpic/${added.config_id}.png`);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
    expect(image.body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect([image.body.readUInt32BE(16), image.body.readUInt32BE(20)]).toEqual([300, 300]);
    // the same QR code as one made for the scan page's URL, pixel for pixel
    const expected = await QRCode.toBuffer(`${s.base}/wecom/scan/${added.config_id}`, { type: 'png', width: 300, margin: 2 });
    expect(image.body.equals(expected)).toBe(true);
  });

  it('gives a sample way a QR too, and 404 for unknown, deleted and expired ways', async () => {
    const sample = (await ways())[0];
    expect(sample.qr_code).toBe(`${s.base}/wwpic/${sample.config_id}.png`);
    expect((await png(`/wwpic/${sample.config_id}.png`)).type).toBe('image/png');
    expect((await png('/wwpic/nope.png')).status).toBe(404);
    expect((await png(`/wwpic/${sample.config_id}`)).status).toBe(404);
    const gone = await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[0]] });
    await api('externalcontact/del_contact_way', { config_id: gone.config_id });
    expect((await png(`/wwpic/${gone.config_id}.png`)).status).toBe(404);
    const temp = await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[0]], is_temp: true, expires_in: 1 });
    expect((await png(`/wwpic/${temp.config_id}.png`)).status).toBe(200);
    await sleep(1050);
    expect((await png(`/wwpic/${temp.config_id}.png`)).status).toBe(404);
    expect((await page(`/wecom/scan/${temp.config_id}`)).status).toBe(404);
  });

  it('uses SIM_PUBLIC_URL as the base when set', async () => {
    const other = await startSim({ publicUrl: 'https://sim.example.com/' });
    try {
      const corp = (await other.call('POST', '/control/corps', { seed: 'public', size: { members: 3, customers: 5 } })).body;
      const t = (await other.api(`gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`)).access_token;
      const user = (await other.api(`externalcontact/get_follow_user_list?access_token=${t}`)).follow_user[0];
      const added = await other.api(`externalcontact/add_contact_way?access_token=${t}`, { type: 1, scene: 2, user: [user] });
      expect(added.qr_code).toBe(`https://sim.example.com/wwpic/${added.config_id}.png`);
      const image = Buffer.from(await (await fetch(`${other.base}/wwpic/${added.config_id}.png`)).arrayBuffer());
      expect(image.equals(await QRCode.toBuffer(`https://sim.example.com/wecom/scan/${added.config_id}`, { type: 'png', width: 300, margin: 2 }))).toBe(true);
    } finally {
      await other.sim.close();
    }
  });
});

describe('scan page', () => {
  it('shows the way and its members, and its scan makes a customer and an event', async () => {
    const rx = await startReceiver({ token: CB_TOKEN, encodingAesKey: KEY, receiveId: corpId });
    try {
      expect((await s.call('POST', `/control/corps/${corpId}/callback`, { url: rx.url, token: CB_TOKEN, encodingAesKey: KEY })).body.verified).toBe(true);
      const added = await api('externalcontact/add_contact_way', { type: 2, scene: 2, state: 'page_scan', user: follow.slice(0, 2), remark: '展会渠道' });
      const names = (await snapshot()).members.filter((m: { userid: string }) => follow.slice(0, 2).includes(m.userid)).map((m: { name: string }) => m.name);
      const p = await page(`/wecom/scan/${added.config_id}`);
      expect(p.status).toBe(200);
      expect(p.type).toContain('text/html');
      for (const text of ['星河科技', '展会渠道', 'page_scan', '长期有效', '以新微信用户扫码', '以已有客户扫码', ...names]) expect(p.html).toContain(text);
      scriptParses(p.html);

      // what the page's 「以新微信用户扫码」 sends
      const before = Date.now();
      const scan = (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: added.config_id, name: '扫码小王' })).body;
      expect(scan).toMatchObject({ errcode: 0, newCustomer: true, alreadyFriend: false, customerName: '扫码小王', welcomeCode: expect.any(String) });
      expect(follow.slice(0, 2)).toContain(scan.userid);
      expect(names).toContain(scan.memberName);
      expect(scan.welcomeCodeExpiresAt).toBeGreaterThanOrEqual(before + TTL);
      expect(scan.welcomeCodeExpiresAt).toBeLessThanOrEqual(Date.now() + TTL);
      const customer = (await snapshot()).customers.find((c: { external_userid: string }) => c.external_userid === scan.externalUserid);
      expect(customer).toMatchObject({ name: '扫码小王', follow_user: [{ userid: scan.userid, state: 'page_scan', add_way: 1 }] });
      const [ev] = await rx.waitFor(1);
      expect(field(ev!.xml, 'ChangeType')).toBe('add_external_contact');
      expect(field(ev!.xml, 'ExternalUserID')).toBe(scan.externalUserid);
      expect(field(ev!.xml, 'State')).toBe('page_scan');
      expect(field(ev!.xml, 'WelcomeCode')).toBe(scan.welcomeCode);

      // 「以已有客户扫码」: the page offers the newest customers; scanning again is already-friends
      expect((await page(`/wecom/scan/${added.config_id}`)).html).toContain(scan.externalUserid);
      const again = (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: added.config_id, externalUserid: scan.externalUserid, userid: scan.userid })).body;
      expect(again).toMatchObject({ errcode: 0, alreadyFriend: true, welcomeCode: null, welcomeCodeExpiresAt: null, deliveries: [] });
    } finally {
      await s.call('POST', `/control/corps/${corpId}/callback`, { url: '' });
      await s.sim.sim.wecom.deliveries.idle();
      await rx.close();
    }
  });

  it('says when a way is temporary, and answers a Chinese 404 page for an unknown way', async () => {
    const temp = await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[1]], is_temp: true, expires_in: 3600 });
    expect((await page(`/wecom/scan/${temp.config_id}`)).html).toContain('临时（一客一码），有效期至');
    const missing = await page('/wecom/scan/nope');
    expect(missing.status).toBe(404);
    expect(missing.type).toContain('text/html');
    expect(missing.html).toContain('二维码不存在');
  });
});

describe('welcome messages', () => {
  it('keeps each accepted message, lists them newest first, and refuses a second send', async () => {
    const way = (await ways())[0];
    const scan = async (name: string) => (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: way.config_id, name })).body;
    const a = await scan('欢迎甲');
    const b = await scan('欢迎乙');
    const form = new FormData();
    form.append('media', new Blob([Buffer.alloc(64, 1)], { type: 'image/png' }), 'a.png');
    const media = await (await fetch(`${s.base}/qyapi/cgi-bin/media/upload?access_token=${token}&type=image`, { method: 'POST', body: form })).json();
    const attachments = [
      { msgtype: 'image', image: { media_id: media.media_id } },
      { msgtype: 'link', link: { title: '新人礼包', url: 'https://example.com/gift' } },
    ];
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: a.welcomeCode, text: { content: '你好，欢迎关注' } })).errcode).toBe(0);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: b.welcomeCode, attachments: [{ msgtype: 'image', image: { media_id: 'nope' } }] })).errcode).toBe(40007);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: b.welcomeCode, attachments })).errcode).toBe(0);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: a.welcomeCode, text: { content: '再来一次' } })).errcode).toBe(41051);

    const list = (await s.call('GET', `/control/corps/${corpId}/welcome-messages`)).body.list;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ welcomeCode: b.welcomeCode, userid: b.userid, externalUserid: b.externalUserid, text: '', attachments, customerName: '欢迎乙' });
    expect(list[1]).toMatchObject({ welcomeCode: a.welcomeCode, userid: a.userid, externalUserid: a.externalUserid, text: '你好，欢迎关注', attachments: [], customerName: '欢迎甲' });
    expect(list[0].sentAt).toBeGreaterThanOrEqual(list[1].sentAt);
    const mine = (await s.call('GET', `/control/corps/${corpId}/welcome-messages?externalUserid=${a.externalUserid}`)).body.list;
    expect(mine.map((m: { welcomeCode: string }) => m.welcomeCode)).toEqual([a.welcomeCode]);
    expect((await s.call('GET', `/control/corps/${corpId}/welcome-messages?userid=nobody`)).body.list).toEqual([]);
    expect((await s.call('GET', `/control/corps/${corpId}/welcome-messages?limit=1`)).body.list).toHaveLength(1);
    expect((await s.call('GET', `/control/corps/${corpId}/welcome-messages?limit=0`)).status).toBe(400);
    expect((await s.call('GET', '/control/corps/wwnope/welcome-messages')).status).toBe(404);
    const snap = await snapshot();
    expect(snap.welcomeMessages.map((m: { welcomeCode: string }) => m.welcomeCode)).toEqual([b.welcomeCode, a.welcomeCode]);
  });

  it('refuses a code once its lifetime (the welcomeCodeTtlMs option) is over', async () => {
    const way = (await ways())[0];
    const scan = (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: way.config_id })).body;
    await sleep(TTL + 50);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: scan.welcomeCode, text: { content: '迟到了' } })).errcode).toBe(41050);
    expect((await s.call('GET', `/control/corps/${corpId}/welcome-messages?externalUserid=${scan.externalUserid}`)).body.list).toEqual([]);
  });
});

describe('contact ways with history', () => {
  it('records user-list changes and keeps deleted and expired ways, marked', async () => {
    const added = await api('externalcontact/add_contact_way', { type: 2, scene: 2, state: 'history', user: [follow[0]], remark: '渠道活码' });
    await sleep(5);
    expect((await api('externalcontact/update_contact_way', { config_id: added.config_id, user: [follow[0], follow[1]] })).errcode).toBe(0);
    expect((await api('externalcontact/update_contact_way', { config_id: added.config_id, remark: '只改备注' })).errcode).toBe(0);
    await sleep(5);
    expect((await api('externalcontact/update_contact_way', { config_id: added.config_id, user: [follow[1]] })).errcode).toBe(0);
    let [way] = await ways(`?configId=${added.config_id}`);
    expect(way).toMatchObject({ config_id: added.config_id, type: 2, scene: 2, state: 'history', remark: '只改备注', skip_verify: true, is_temp: false, expiresAt: null, user: [follow[1]], qr_code: added.qr_code, deleted: false });
    expect(way.userNames).toHaveLength(1);
    expect(way.userNames[0]).toMatch(/[\u4e00-\u9fa5]/);
    expect(way.history.map((h: { user: string[]; change: string }) => [h.change, h.user])).toEqual([
      ['add', [follow[0]]],
      ['update', [follow[0], follow[1]]],
      ['update', [follow[1]]],
    ]);
    expect(way.history[0].at).toBeLessThan(way.history[2].at);

    expect((await api('externalcontact/del_contact_way', { config_id: added.config_id })).errcode).toBe(0);
    [way] = await ways(`?configId=${added.config_id}`);
    expect(way).toMatchObject({ deleted: true, deletedAt: expect.any(Number), user: [follow[1]] });
    expect(way.history.at(-1)).toMatchObject({ change: 'delete', user: [] });
    expect((await api('externalcontact/get_contact_way', { config_id: added.config_id })).errcode).toBe(40058);

    const temp = await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[2]], is_temp: true, expires_in: 1 });
    const [fresh] = await ways(`?configId=${temp.config_id}`);
    expect(fresh).toMatchObject({ is_temp: true, expiresAt: expect.any(Number), expired: false, deleted: false });
    await sleep(1050);
    const [expired] = await ways(`?configId=${temp.config_id}`);
    expect(expired).toMatchObject({ expired: true, deleted: false });
    expect(expired.history.at(-1)).toMatchObject({ change: 'expire', user: [], at: fresh.expiresAt });

    const all = await ways();
    expect(all.map((w: { config_id: string }) => w.config_id)).toEqual(expect.arrayContaining([added.config_id, temp.config_id]));
    expect((await ways('?state=history')).map((w: { config_id: string }) => w.config_id)).toEqual([added.config_id]);
    // the corp list shows live ways only, with names
    const live = (await s.call('GET', '/control/corps')).body.list.find((c: { corpId: string }) => c.corpId === corpId).contactWays;
    expect(live.map((w: { config_id: string }) => w.config_id)).not.toContain(added.config_id);
    expect(live[0]).toMatchObject({ userNames: [expect.any(String)], is_temp: false, expiresAt: null });
    expect((await s.call('GET', '/control/corps/wwnope/contact-ways')).status).toBe(404);
  });

  it('shows a mark_tag in the snapshot at once', async () => {
    const tag = (await api('externalcontact/get_corp_tag_list', {})).tag_group[0].tag[0];
    const ext = (await api(`externalcontact/list?userid=${follow[0]}`)).external_userid[0];
    const tagsOf = async () =>
      (await snapshot()).customers.find((c: { external_userid: string }) => c.external_userid === ext).follow_user.find((f: { userid: string }) => f.userid === follow[0]).tags;
    await api('externalcontact/mark_tag', { userid: follow[0], external_userid: ext, remove_tag: [tag.id] });
    expect((await tagsOf()).map((t: { tag_id: string }) => t.tag_id)).not.toContain(tag.id);
    expect((await api('externalcontact/mark_tag', { userid: follow[0], external_userid: ext, add_tag: [tag.id] })).errcode).toBe(0);
    expect(await tagsOf()).toContainEqual({ group_name: expect.any(String), tag_name: tag.name, type: 1, tag_id: tag.id });
  });
});

describe('page for people', () => {
  it('lists contact ways with links to their scan pages, and the welcome messages', async () => {
    const html = (await page('/')).html;
    for (const text of ['已发送的欢迎语', '联系我二维码', '扫码页', '/wecom/scan/', '/wwpic/']) expect(html).toContain(text);
    scriptParses(html);
  });
});

describe('SIM_WELCOME_CODE_TTL_MS', () => {
  it('sets the welcome-code lifetime (20000 ms when unset) and refuses a bad value', async () => {
    expect(simulatorOptionsFromEnv({ SIM_WELCOME_CODE_TTL_MS: '1500' }).wecom?.welcomeCodeTtlMs).toBe(1500);
    expect(simulatorOptionsFromEnv({}).wecom?.welcomeCodeTtlMs).toBeUndefined();
    expect(() => simulatorOptionsFromEnv({ SIM_WELCOME_CODE_TTL_MS: '20s' })).toThrow(/SIM_WELCOME_CODE_TTL_MS/);
    expect(() => simulatorOptionsFromEnv({ SIM_WELCOME_CODE_TTL_MS: '0' })).toThrow(/SIM_WELCOME_CODE_TTL_MS/);
    const other = await startSim(simulatorOptionsFromEnv({ SIM_LOG_LEVEL: 'silent', SIM_WELCOME_CODE_TTL_MS: '1500' }));
    try {
      expect(other.sim.sim.wecom.welcomeCodeTtlMs).toBe(1500);
    } finally {
      await other.sim.close();
    }
    const plain = await startSim();
    try {
      const corp = (await plain.call('POST', '/control/corps', { seed: 'ttl', size: { members: 3, customers: 5 } })).body;
      const way = (await plain.call('GET', `/control/corps/${corp.corpId}`)).body.contactWays[0];
      const before = Date.now();
      const scan = (await plain.call('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id })).body;
      expect(scan.welcomeCodeExpiresAt - before).toBeGreaterThanOrEqual(20_000);
      expect(scan.welcomeCodeExpiresAt - Date.now()).toBeLessThanOrEqual(20_000);
    } finally {
      await plain.sim.close();
    }
  });
});
