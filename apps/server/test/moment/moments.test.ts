// 朋友圈 against the simulator: moments with images, a video or a link (media through
// upload_attachment, reused) and the mixes refused; a scheduled one started by the business clock;
// members publishing and the tracked counts; invalid senders and tags; cancel; 提醒发表 once a day;
// add_moment_task's answer lost and the moment still made exactly once; other tenants and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;
let otherToken: string;
let otherCorp: ConnectedCorp;
const images: number[] = [];
let video: number;
let link: number;
let textMaterial: number;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('mp42'), Buffer.alloc(300, 1)]);
const MINUTE = 60_000;

const api = (path: string, body?: unknown, t = token, headers = corp.headers) => h.api(path, body, t, headers);
const control = (path: string, body: unknown) => h.simCall('POST', `/control/corps/${corp.corpId}/${path}`, body);
const simMoments = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/moments`)).body.list as any[];
const calls = async (path: string) => ((await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls[path] ?? 0) as number;
const advance = (ms: number) => h.api('/api/test/clock', { advanceMs: ms });
const detail = async (id: number) => (await api('/api/qw/moment/detail', { id })).data;

async function upload(kind: string, data: Buffer, name: string, mime: string) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(data)], { type: mime }), name);
  const res = await fetch(`${h.baseUrl}/api/material/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...corp.headers } });
  return ((await res.json()) as any).data.fileId as number;
}
async function material(body: object) {
  const r = await api('/api/material/add', body);
  expect(r.status, r.message).toBe(200);
  return r.data.id as number;
}

const body = (over: Record<string, unknown> = {}) => ({
  name: '双十一活动',
  content: { text: '双十一全场五折，欢迎咨询', materialIds: images.slice(0, 3) },
  range: { userids: members.slice(0, 2).map((m) => m.userid), departmentIds: [], tagIds: [] },
  sendAt: null,
  ...over,
});

async function add(over: Record<string, unknown> = {}) {
  const r = await api('/api/qw/moment/add', body(over));
  expect(r.status, r.message).toBe(200);
  return r.data as { id: number; status: string };
}
/** Until WeCom has the task and the first look at it was taken. */
const made = (id: number) => until('moment made and tracked', async () => {
  await h.server.services.jobs.idle();
  const d = await detail(id);
  return d.trackedAt !== null && d;
});
const taskOf = async (text: string) => (await simMoments()).filter((m) => m.text === text);

beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'on' });
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'moment', size: { members: 6, customers: 20, tags: 3 } });
  members = await contactMembers(h, corp.corpId);
  otherToken = await h.register(uniquePhone());
  otherCorp = await connectCorp(h, otherToken, { seed: 'moment-other', size: { members: 2, customers: 2 } });
  for (let i = 0; i < 10; i++) images.push(await material({ type: 'image', title: `海报${i + 1}`, fileId: await upload('image', PNG, `p${i}.png`, 'image/png') }));
  video = await material({ type: 'video', title: '宣传片', fileId: await upload('video', MP4, 'v.mp4', 'video/mp4') });
  link = await material({ type: 'link', title: '活动页', url: 'https://example.com/a', coverFileId: await upload('image', PNG, 'c.png', 'image/png') });
  textMaterial = await material({ type: 'text', title: '话术', content: '您好' });
}, 90_000);
afterAll(async () => {
  await h?.api('/api/test/clock', { reset: true });
  await h?.close();
});

describe('content', () => {
  it('makes a moment with images in WeCom once, its media through upload_attachment and reused', async () => {
    const before = await calls('media/upload_attachment');
    const m = await add({ content: { text: '图片朋友圈', materialIds: images.slice(0, 3) } });
    expect(m.status).toBe('sending');
    const d = await made(m.id);
    expect(d).toMatchObject({ status: 'sending', members: 2, published: 0, unpublished: 2, invalidSenders: 0, invalidTags: 0 });
    const [task, ...more] = await taskOf('图片朋友圈');
    expect(more).toEqual([]);
    expect(task.attachments).toEqual(['image', 'image', 'image']);
    expect(task.senders.map((s: any) => s.userid).sort()).toEqual(members.slice(0, 2).map((x) => x.userid).sort());
    expect(await calls('media/upload_attachment')).toBe(before + 3);
    // the same images again: the cached attachment ids
    await made((await add({ name: '再发一次', content: { text: '图片朋友圈二', materialIds: images.slice(0, 3) } })).id);
    expect(await calls('media/upload_attachment')).toBe(before + 3);
    expect(await calls('externalcontact/add_moment_task')).toBeGreaterThanOrEqual(2);
  });

  it('takes one video or one link, and text alone', async () => {
    await made((await add({ content: { text: '视频朋友圈', materialIds: [video] } })).id);
    expect((await taskOf('视频朋友圈'))[0].attachments).toEqual(['video']);
    await made((await add({ content: { text: '链接朋友圈', materialIds: [link] } })).id);
    expect((await taskOf('链接朋友圈'))[0].attachments).toEqual(['link']);
    await made((await add({ content: { text: '只有文字', materialIds: [] } })).id);
    expect((await taskOf('只有文字'))[0].attachments).toEqual([]);
  });

  it('refuses mixes and bad input with a Chinese message', async () => {
    const mixed = '朋友圈只能添加最多 9 张图片，或 1 个视频，或 1 个链接，不能混合';
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ content: { text: 'x', materialIds: [images[0], video] } }, mixed],
      [{ content: { text: 'x', materialIds: [video, link] } }, mixed],
      [{ content: { text: 'x', materialIds: [link, images[0]] } }, mixed],
      [{ content: { text: 'x', materialIds: [textMaterial] } }, '朋友圈只能添加图片、视频或链接'],
      [{ content: { text: 'x', materialIds: images.slice(0, 10) } }, /参数错误/],
      [{ content: { text: 'x', materialIds: [images[0], images[0]] } }, '同一素材不能重复添加'],
      [{ content: { text: '  ', materialIds: [] } }, '请填写文字或添加图片、视频、链接'],
      [{ content: { text: '长'.repeat(2001), materialIds: [] } }, /参数错误/],
      [{ content: { text: 'x', materialIds: [999999] } }, '素材不存在或已删除'],
      [{ name: '   ' }, '请填写朋友圈名称'],
      [{ range: { userids: ['nobody'], departmentIds: [], tagIds: [] } }, '成员 nobody 不存在，请先同步成员'],
      [{ sendAt: Date.now() - MINUTE }, '定时发送时间须晚于当前时间'],
      [{ sendAt: Date.now() + 31 * 24 * 60 * MINUTE }, '定时发送时间须在 30 天内'],
    ];
    for (const [over, message] of cases) {
      const r = await api('/api/qw/moment/add', body(over));
      expect(r.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(r.message).toMatch(message);
    }
  });
});

describe('schedule, publishing, tracking', () => {
  it('starts a scheduled moment when the business clock reaches its time, and can be edited before', async () => {
    const now = (await advance(0)).data.now as number;
    const m = await add({ name: '定时', content: { text: '定时朋友圈', materialIds: [images[4]] }, sendAt: now + 60 * MINUTE });
    expect(m.status).toBe('scheduled');
    const edited = await api('/api/qw/moment/update', { id: m.id, ...body({ name: '定时改', content: { text: '定时朋友圈改', materialIds: [images[5]] }, sendAt: now + 60 * MINUTE }) });
    expect(edited.status, edited.message).toBe(200);
    await advance(30 * MINUTE);
    await h.server.services.jobs.idle();
    expect((await detail(m.id)).status).toBe('scheduled');
    expect(await taskOf('定时朋友圈改')).toEqual([]);
    await advance(31 * MINUTE);
    const d = await made(m.id);
    expect(d).toMatchObject({ name: '定时改', status: 'sending' });
    expect(await taskOf('定时朋友圈改')).toHaveLength(1);
    const again = await api('/api/qw/moment/update', { id: m.id, ...body() });
    expect(again.status).toBe(409);
    expect(again.message).toBe('只有待发送的朋友圈可以编辑');
  });

  it('counts the members who published, as WeCom reports them, and closes after 72 hours', async () => {
    const three = members.slice(0, 3).map((x) => x.userid);
    const m = await add({ content: { text: '发表统计', materialIds: images.slice(0, 2) }, range: { userids: three, departmentIds: [], tagIds: [] } });
    await made(m.id);
    const [task] = await taskOf('发表统计');
    for (const userid of three.slice(0, 2)) expect((await control('confirm-moment', { jobid: task.jobid, userid })).status).toBe(200);
    await advance(5 * MINUTE);
    await until('published counted', async () => (await detail(m.id)).published === 2);
    expect(await detail(m.id)).toMatchObject({ members: 3, published: 2, unpublished: 1, status: 'sending' });
    const list = (await api('/api/qw/moment/members', { id: m.id })).data;
    expect(list.total).toBe(3);
    const byId = new Map(list.list.map((r: any) => [r.userid, r]));
    expect(byId.get(three[0]!)).toMatchObject({ status: 'published', memberName: members[0]!.name });
    expect((byId.get(three[0]!) as any).publishedAt).toBeGreaterThan(0);
    expect(byId.get(three[2]!)).toMatchObject({ status: 'unpublished', publishedAt: null });
    expect((await api('/api/qw/moment/members', { id: m.id, status: 'published' })).data.total).toBe(2);
    const row = (await api('/api/qw/moment/list', { keyword: '双十一' })).data.list.find((r: any) => r.id === m.id);
    expect(row).toMatchObject({ published: 2, members: 3, creatorName: expect.any(String) });

    // 「全部发表」 in the simulator, then the clock past 72 hours: done
    expect((await control('moment-publish-all', { jobid: task.jobid })).status).toBe(200);
    for (let i = 0; i < 40 && (await detail(m.id)).status === 'sending'; i++) await advance(2 * 60 * MINUTE + MINUTE);
    await until('closed', async () => (await detail(m.id)).status === 'done');
    expect(await detail(m.id)).toMatchObject({ status: 'done', published: 3, unpublished: 0 });
    expect((await detail(m.id)).finishedAt).toBeGreaterThan(0);
  });

  it('reports senders WeCom cannot use and tags it does not know', async () => {
    const world = h.sim.sim.wecom.corps.get(corp.corpId)!;
    const nonContact = members[3]!.userid;
    world.member(nonContact)!.contact = false;
    try {
      const m = await add({ content: { text: '无效成员', materialIds: [] }, range: { userids: [members[0]!.userid, nonContact], departmentIds: [], tagIds: ['etNOTATAG'] } });
      const d = await made(m.id);
      expect(d).toMatchObject({ members: 1, invalidSenders: 1, invalidTags: 1 });
      const invalid = (await api('/api/qw/moment/members', { id: m.id, status: 'invalid' })).data.list;
      expect(invalid.map((r: any) => r.userid)).toEqual([nonContact]);
    } finally {
      world.member(nonContact)!.contact = true;
    }
  });
});

describe('cancel, delete, remind', () => {
  it('cancels a scheduled moment without asking WeCom, and one being published through cancel_moment_task', async () => {
    const scheduled = await add({ content: { text: '取消定时', materialIds: [] }, sendAt: (await advance(0)).data.now + 60 * MINUTE });
    const before = await calls('externalcontact/cancel_moment_task');
    const c1 = await api('/api/qw/moment/cancel', { id: scheduled.id });
    expect(c1.status, c1.message).toBe(200);
    expect(c1.data.status).toBe('cancelled');
    await advance(61 * MINUTE);
    await h.server.services.jobs.idle();
    expect(await taskOf('取消定时')).toEqual([]);

    const sending = await add({ content: { text: '取消发送中', materialIds: [] } });
    await made(sending.id);
    const del = await api('/api/qw/moment/delete', { id: sending.id });
    expect(del.status).toBe(409);
    expect(del.message).toBe('发送中的朋友圈请先取消再删除');
    const c2 = await api('/api/qw/moment/cancel', { id: sending.id });
    expect(c2.status, c2.message).toBe(200);
    expect(c2.data.status).toBe('cancelled');
    expect(await calls('externalcontact/cancel_moment_task')).toBe(before + 1);
    const [task] = await taskOf('取消发送中');
    expect(task.cancelled).toBe(true);
    const late = await control('confirm-moment', { jobid: task.jobid, userid: members[0]!.userid });
    expect(late.status).toBe(409);
    const again = await api('/api/qw/moment/cancel', { id: sending.id });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该朋友圈已结束，无法取消');

    expect((await api('/api/qw/moment/delete', { id: sending.id })).status).toBe(200);
    expect((await api('/api/qw/moment/detail', { id: sending.id })).status).toBe(404);
  });

  it('reminds the members who have not published once a day (application message), the rest skipped', async () => {
    const m = await add({ content: { text: '提醒发表', materialIds: [] }, range: { userids: members.slice(0, 3).map((x) => x.userid), departmentIds: [], tagIds: [] } });
    await made(m.id);
    const [task] = await taskOf('提醒发表');
    await control('confirm-moment', { jobid: task.jobid, userid: members[0]!.userid });
    await advance(5 * MINUTE);
    await until('published counted', async () => (await detail(m.id)).published === 1);

    const first = await api('/api/qw/moment/remind', { id: m.id });
    expect(first.status, first.message).toBe(200);
    expect(first.data).toEqual({ reminded: 2, skipped: 1 });
    const sent = (await h.simCall('GET', `/control/corps/${corp.corpId}/app-messages`)).body.list;
    expect(sent[0].text).toBe('请在企业微信中发表朋友圈「双十一活动」');
    expect(sent[0].touser.sort()).toEqual(members.slice(1, 3).map((x) => x.userid).sort());

    expect((await api('/api/qw/moment/remind', { id: m.id, userid: members[1]!.userid })).data).toEqual({ reminded: 0, skipped: 1 });
    await advance(24 * 60 * MINUTE);
    expect((await api('/api/qw/moment/remind', { id: m.id, userid: members[1]!.userid })).data).toEqual({ reminded: 1, skipped: 0 });
    const members2 = (await api('/api/qw/moment/members', { id: m.id, status: 'unpublished' })).data.list;
    expect(members2.every((r: any) => r.remindedAt > 0)).toBe(true);
    const stranger = await api('/api/qw/moment/remind', { id: m.id, userid: 'nobody' });
    expect(stranger.status).toBe(404);
  });
});

describe('exactly once', () => {
  it('adopts the moment WeCom made when add_moment_task\'s answer was lost, instead of making a second', async () => {
    const fault = await h.simCall('POST', '/control/faults', { kind: 'lost-response', corpId: corp.corpId, path: 'externalcontact/add_moment_task', count: 1 });
    expect(fault.status).toBe(200);
    const before = await calls('externalcontact/add_moment_task');
    const listed = await calls('externalcontact/get_moment_list');
    const m = await add({ content: { text: '丢失的应答', materialIds: [images[6]] } });
    const d = await made(m.id);
    expect(d.status).toBe('sending');
    const tasks = await taskOf('丢失的应答');
    expect(tasks).toHaveLength(1);
    expect(await calls('externalcontact/add_moment_task')).toBe(before + 1);
    expect(await calls('externalcontact/get_moment_list')).toBeGreaterThan(listed);
    const row = await h.server.database.kysely.selectFrom('moment').select(['moment_id', 'jobid']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ moment_id: tasks[0].momentId, jobid: null });
    await h.simCall('DELETE', '/control/faults');
  });
});

describe('tenancy and paging', () => {
  it('keeps other work spaces\' moments out and lists with filters', async () => {
    const mine = (await api('/api/qw/moment/list', { pageSize: 100 })).data;
    expect(mine.total).toBeGreaterThan(5);
    const id = mine.list[0].id;
    const other = (path: string, b: unknown) => h.api(path, b, otherToken, otherCorp.headers);
    expect((await other('/api/qw/moment/list', {})).data.total).toBe(0);
    for (const path of ['detail', 'members', 'cancel', 'delete', 'remind']) expect((await other(`/api/qw/moment/${path}`, { id })).status).toBe(404);
    expect((await other('/api/qw/moment/update', { id, ...body({ range: { userids: [], departmentIds: [], tagIds: [] } }) })).status).toBe(404);
    const cancelled = (await api('/api/qw/moment/list', { status: 'cancelled' })).data;
    expect(cancelled.list.every((r: any) => r.status === 'cancelled')).toBe(true);
    expect((await api('/api/qw/moment/list', { keyword: '没有这个%' })).data.total).toBe(0);
    expect((await api('/api/qw/moment/list', { page: 2, pageSize: 2 })).data.list).toHaveLength(2);
  });
});
