// 素材库 through the real server and simulator: uploads (type by mime, extension and magic bytes;
// size limits), the public file address, per-type validation, groups, search and paging, tenancy,
// child permissions, and WeCom media ids (uploaded once, reused, re-uploaded and renewed).
import { createHash, randomBytes } from 'node:crypto';
import { get as httpGet, type ClientRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WecomClient, type CorpApi } from '@scrm/wecom/client';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let main: string;
let other: string;
let reader: string;
let stranger: string;
let wsId: number;
let otherWsId: number;
let corp: { corpId: string; secret: string; agentId: number | string };

const db = () => h.server.database.kysely;
const materials = () => h.server.services.materials;
const clock = () => h.server.services.clock;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(200, 3)]);
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('mp42'), Buffer.alloc(300, 1)]);
const MB = 1024 * 1024;

const ws = (id = wsId) => ({ 'x-work-id': String(id) });
const call = (path: string, body: unknown, token = main, id = wsId) => h.api(`/api/material${path}`, body, token, ws(id));

async function upload(kind: string | undefined, data: Buffer, name: string, mime: string, token = main, id = wsId) {
  const form = new FormData();
  if (kind !== undefined) form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(data)], { type: mime }), name);
  const res = await fetch(`${h.baseUrl}/api/material/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...ws(id) } });
  const json = (await res.json()) as { code: number; message: string; data: any };
  return { status: res.status, ...json };
}

const fileCount = async () => Number((await db().selectFrom('material_file').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const materialCount = async () => Number((await db().selectFrom('material').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const localUrl = (url: string) => url.replace(h.config.publicUrl, h.baseUrl);
const uploadCalls = async () => (await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls['media/upload'] ?? 0;

async function connect(token: string, seed: string) {
  const r = await h.simCall('POST', '/control/corps', { name: '素材测试', seed, size: { departments: 2, members: 3, customers: 3, groups: 1, tags: 2 } });
  const c = await h.api('/api/qw/add', { accessType: 'internal', nickname: seed, corpId: r.body.corpId, agentId: String(r.body.agentId), secret: r.body.secret }, token);
  expect(c.status, c.message).toBe(200);
  return { id: c.data.id as number, corp: r.body };
}

async function child(keys: string[]) {
  const account = `mat${process.pid % 1000}${keys.join('').slice(0, 6).replace(/[^a-z]/g, '')}${Math.floor(Math.random() * 1e4)}`;
  const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, main);
  expect(c.status, c.message).toBe(200);
  return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
}

beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  other = await h.register(uniquePhone());
  const mine = await connect(main, 'material-main');
  wsId = mine.id;
  corp = mine.corp;
  otherWsId = (await connect(other, 'material-other')).id;
  reader = await child(['channel-qrcode']);
  stranger = await child(['staff']);
}, 60_000);
afterAll(() => h?.close());

describe('uploads', () => {
  it('stores an image, keeps its Chinese name and serves it at an unguessable public address', async () => {
    const r = await upload('image', PNG, '活动海报.png', 'image/png');
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ name: '活动海报.png', size: PNG.length, mime: 'image/png' });
    expect(r.data.url).toMatch(new RegExp(`^${h.config.publicUrl}/api/material/file/${r.data.fileId}/[0-9a-f]{32}$`));

    const res = await fetch(localUrl(r.data.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('活动海报.png')}`);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // Unchanged bytes: the browser's copy stays good.
    const again = await fetch(localUrl(r.data.url), { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const wrongToken = r.data.url.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
    expect((await fetch(localUrl(wrongToken))).status).toBe(404);
    const token = r.data.url.split('/').pop();
    expect((await fetch(`${h.baseUrl}/api/material/file/${r.data.fileId + 1000}/${token}`)).status).toBe(404);
    expect((await fetch(`${h.baseUrl}/api/material/file/abc/${token}`)).status).toBe(404);
  });

  it('accepts JPEG and MP4 by their bytes', async () => {
    expect((await upload('image', JPEG, 'a.JPG', 'image/jpeg')).data).toMatchObject({ mime: 'image/jpeg' });
    expect((await upload('video', MP4, 'clip.mp4', 'video/mp4')).data).toMatchObject({ mime: 'video/mp4' });
  });

  it('refuses wrong types by mime, extension or content with a Chinese 400 and stores nothing', async () => {
    const before = await fileCount();
    const cases: Array<[string | undefined, Buffer, string, string, string]> = [
      ['image', PNG, 'a.gif', 'image/png', '图片仅支持 JPG、PNG 格式'],
      ['image', PNG, 'a.png', 'image/gif', '图片仅支持 JPG、PNG 格式'],
      ['image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.png', 'image/png', '图片仅支持 JPG、PNG 格式'],
      ['video', PNG, 'a.mp4', 'video/mp4', '视频仅支持 MP4 格式'],
      ['video', MP4, 'a.mov', 'video/mp4', '视频仅支持 MP4 格式'],
      ['image', Buffer.alloc(0), 'a.png', 'image/png', '文件内容为空，请重新选择'],
      ['audio', PNG, 'a.png', 'image/png', '参数错误：kind 应为 image、video 或 file'],
      [undefined, PNG, 'a.png', 'image/png', '参数错误：kind 应为 image、video 或 file'],
    ];
    for (const [kind, data, name, mime, message] of cases) {
      const r = await upload(kind, data, name, mime);
      expect([r.status, r.message], `${kind} ${name} ${mime}`).toEqual([400, message]);
    }
    const noFile = new FormData();
    noFile.append('kind', 'image');
    const res = await fetch(`${h.baseUrl}/api/material/upload`, { method: 'POST', body: noFile, headers: { authorization: `Bearer ${main}`, ...ws() } });
    expect([res.status, ((await res.json()) as any).message]).toEqual([400, '请选择要上传的文件']);
    const json = await h.api('/api/material/upload', { kind: 'image' }, main, ws());
    expect(json.status).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('refuses files over the limit of their kind with a 4xx, never a 500', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    expect(await upload('image', big, 'big.png', 'image/png')).toMatchObject({ status: 400, message: '图片不能超过 10MB' });
    const huge = Buffer.alloc(21 * MB, 1);
    expect(await upload('file', huge, '资料.zip', 'application/zip')).toMatchObject({ status: 400, message: '文件不能超过 20MB' });
    expect(await fileCount()).toBe(before);
    // Still serving after the oversized bodies.
    expect((await upload('file', Buffer.from('hello world'), '说明.txt', 'text/plain')).status).toBe(200);
  });

  it('never serves an uploaded file as a page of our origin', async () => {
    const r = await upload('file', Buffer.from('<html><script>alert(1)</script></html>'), 'x.html', 'text/html');
    expect(r.data.mime).toBe('application/octet-stream');
    const res = await fetch(localUrl(r.data.url));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('materials', () => {
  let image: any;
  let video: any;
  let doc: any;

  beforeAll(async () => {
    image = (await upload('image', PNG, '封面.png', 'image/png')).data;
    video = (await upload('video', MP4, '介绍.mp4', 'video/mp4')).data;
    doc = (await upload('file', Buffer.from('%PDF-1.4 price list'), '价目表.pdf', 'application/pdf')).data;
  });

  it('creates each type with what it needs', async () => {
    const text = await call('/add', { type: 'text', title: ' 问候语 ', content: '您好，欢迎咨询！' });
    expect(text.status, text.message).toBe(200);
    expect(text.data).toMatchObject({ type: 'text', title: '问候语', content: '您好，欢迎咨询！', groupId: null, groupName: '', file: null, cover: null });

    const img = await call('/add', { type: 'image', title: '海报', fileId: image.fileId, url: 'https://ignored.example.com' });
    expect(img.data).toMatchObject({ type: 'image', url: '', file: { fileId: image.fileId, name: '封面.png', mime: 'image/png', url: image.url } });
    expect((await call('/add', { type: 'video', title: '视频', fileId: video.fileId })).data.file.mime).toBe('video/mp4');
    expect((await call('/add', { type: 'file', title: '价目表', fileId: doc.fileId })).data.file.name).toBe('价目表.pdf');
    // Any stored file can be sent as a file.
    expect((await call('/add', { type: 'file', title: '图片当文件', fileId: image.fileId })).status).toBe(200);

    const link = await call('/add', { type: 'link', title: '官网', url: 'https://example.com/a?b=1', content: '点击了解', coverFileId: image.fileId });
    expect(link.data).toMatchObject({ type: 'link', url: 'https://example.com/a?b=1', content: '点击了解', cover: { fileId: image.fileId } });
    expect((await call('/add', { type: 'link', title: '无封面', url: 'http://example.com' })).data.cover).toBeNull();
    // 42 汉字 = 126 bytes: within WeCom's 128.
    expect((await call('/add', { type: 'link', title: '标'.repeat(42), url: 'http://example.com' })).status).toBe(200);

    const mp = await call('/add', { type: 'miniprogram', title: '商城', appid: 'wx1234567890abcdef', page: 'pages/index/index.html', coverFileId: image.fileId });
    expect(mp.data).toMatchObject({ type: 'miniprogram', appid: 'wx1234567890abcdef', page: 'pages/index/index.html', cover: { fileId: image.fileId } });
  });

  it('names what is missing or wrong with a Chinese 400 and writes nothing', async () => {
    const before = await materialCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'text', title: '空', content: '   ' }, '请输入文本内容'],
      [{ type: 'text', title: '   ', content: 'x' }, '请输入素材标题'],
      [{ type: 'text', title: '长', content: 'x'.repeat(1301) }, '参数错误：content 长度不能超过1300位'],
      [{ type: 'image', title: '图' }, '请上传图片'],
      [{ type: 'image', title: '图', fileId: video.fileId }, '请上传 JPG、PNG 格式的图片'],
      [{ type: 'video', title: '视频', fileId: image.fileId }, '请上传 MP4 格式的视频'],
      [{ type: 'file', title: '文件' }, '请上传文件'],
      [{ type: 'link', title: '链接' }, '请输入链接地址'],
      [{ type: 'link', title: '链接', url: 'ftp://example.com' }, '链接地址须以 http:// 或 https:// 开头'],
      [{ type: 'link', title: '链接', url: 'https://example.com', coverFileId: doc.fileId }, '封面须为 JPG、PNG 格式的图片'],
      [{ type: 'link', title: '标'.repeat(43), url: 'https://example.com' }, '链接标题不能超过 128 字节（约 42 个汉字）'],
      [{ type: 'link', title: '链接', url: 'https://example.com', content: '述'.repeat(171) }, '链接描述不能超过 512 字节（约 170 个汉字）'],
      [{ type: 'miniprogram', title: '标'.repeat(22), appid: 'wx1234567890abcdef', page: 'a.html', coverFileId: image.fileId }, '小程序标题不能超过 64 字节（约 21 个汉字）'],
      [{ type: 'miniprogram', title: '小程序', page: 'a.html', coverFileId: image.fileId }, '请输入小程序 AppID'],
      [{ type: 'miniprogram', title: '小程序', appid: 'abc', page: 'a.html', coverFileId: image.fileId }, '小程序 AppID 格式不正确（以 wx 开头，共 18 位）'],
      [{ type: 'miniprogram', title: '小程序', appid: 'wx1234567890abcdef', coverFileId: image.fileId }, '请输入小程序页面路径'],
      [{ type: 'miniprogram', title: '小程序', appid: 'wx1234567890abcdef', page: 'pages/index', coverFileId: image.fileId }, '小程序页面路径须以 .html 结尾，如 pages/index/index.html'],
      [{ type: 'miniprogram', title: '小程序', appid: 'wx1234567890abcdef', page: 'pages/index.html' }, '请上传小程序封面'],
      [{ type: 'poster', title: 'x' }, ''],
    ];
    for (const [body, message] of cases) {
      const r = await call('/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (message) expect(r.message, JSON.stringify(body)).toBe(message);
      else expect(r.message).toMatch(/^参数错误/);
    }
    expect((await call('/add', { type: 'image', title: '图', fileId: 999999 })).status).toBe(404);
    expect((await call('/add', { type: 'text', title: '文', content: 'x', groupId: 999999 })).status).toBe(404);
    expect(await materialCount()).toBe(before);
  });

  it('updates, keeps the type, and soft-deletes', async () => {
    const g = (await call('/group/add', { name: '改动测试' })).data;
    const t = (await call('/add', { type: 'text', title: '旧标题', content: '旧内容', groupId: g.id })).data;
    const u = await call('/update', { id: t.id, type: 'text', title: '新标题', content: '新内容' });
    expect(u.data).toMatchObject({ id: t.id, title: '新标题', content: '新内容' });
    expect(u.data.updatedAt).toBeGreaterThanOrEqual(t.updatedAt);
    // No groupId: it stays in its group; null takes it out.
    expect(u.data.groupId).toBe(g.id);
    expect((await call('/update', { id: t.id, type: 'text', title: '新标题', content: '新内容', groupId: null })).data.groupId).toBeNull();
    await call('/group/delete', { id: g.id });
    expect(await call('/update', { id: t.id, type: 'link', title: 'x', url: 'https://a.com' })).toMatchObject({ status: 400, message: '素材类型不能修改，如需其他类型请新建素材' });
    expect((await call('/update', { id: t.id, type: 'text', title: 'x', content: '' })).message).toBe('请输入文本内容');
    expect((await call('/update', { id: 999999, type: 'text', title: 'x', content: 'y' })).status).toBe(404);

    expect((await call('/delete', { ids: [t.id] })).status).toBe(200);
    expect((await call('/list', { ids: [t.id] })).data.total).toBe(0);
    const row = await db().selectFrom('material').select('deleted_at').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await call('/delete', { ids: [t.id] })).toMatchObject({ status: 404, message: '素材不存在或已删除' });
    expect((await call('/update', { id: t.id, type: 'text', title: 'x', content: 'y' })).status).toBe(404);
    expect((await call('/delete', { ids: [] })).status).toBe(400);
  });

  it('the daily cleanup deletes uploads no material used for a day, and keeps what materials point at', async () => {
    const used = (await upload('image', PNG, '在用.png', 'image/png')).data;
    const replaced = (await upload('image', JPEG, '被替换.jpg', 'image/jpeg')).data;
    const abandoned = (await upload('file', Buffer.from('%PDF-1.4 draft'), '草稿.pdf', 'application/pdf')).data;
    const fresh = (await upload('image', PNG, '刚上传.png', 'image/png')).data;
    const m = (await call('/add', { type: 'image', title: '替换测试', fileId: replaced.fileId })).data;
    expect((await call('/update', { id: m.id, type: 'image', title: '替换测试', fileId: used.fileId })).status).toBe(200);
    const old = Date.now() - 2 * 86_400_000;
    await db().updateTable('material_file').set({ created_at: old }).where('id', 'in', [used.fileId, replaced.fileId, abandoned.fileId]).execute();

    const jobs = h.server.services.jobs;
    const job = await jobs.enqueue('cleanup', {});
    await jobs.idle(['cleanup']);
    expect((await jobs.repo.find(job!))?.status).toBe('done');

    const status = async (f: { url: string }) => (await fetch(localUrl(f.url))).status;
    expect(await status(used)).toBe(200);
    expect(await status(fresh)).toBe(200);
    expect(await status(replaced)).toBe(404);
    expect(await status(abandoned)).toBe(404);
    expect((await call('/list', { ids: [m.id] })).data.list[0].file.fileId).toBe(used.fileId);
  });
});

describe('groups, search and paging', () => {
  it('adds, renames, counts, moves and deletes groups', async () => {
    const a = await call('/group/add', { name: '节日活动' });
    expect(a.data).toMatchObject({ name: '节日活动', count: 0 });
    expect(await call('/group/add', { name: '节日活动' })).toMatchObject({ status: 409, message: '分组名称已存在' });
    expect(await call('/group/add', { name: '  ' })).toMatchObject({ status: 400, message: '请输入分组名称' });
    expect((await call('/group/add', { name: '未分组' })).status).toBe(400);
    const b = (await call('/group/add', { name: '产品介绍' })).data;
    expect((await call('/group/update', { id: b.id, name: '产品资料' })).data).toMatchObject({ id: b.id, name: '产品资料' });
    expect((await call('/group/update', { id: b.id, name: '节日活动' })).status).toBe(409);
    expect((await call('/group/update', { id: 999999, name: '不存在' })).status).toBe(404);

    const m1 = (await call('/add', { type: 'text', title: '组内一', content: '1', groupId: a.data.id })).data;
    const m2 = (await call('/add', { type: 'text', title: '组内二', content: '2' })).data;
    expect(m1.groupName).toBe('节日活动');
    const before = (await call('/group/list', {})).data;
    expect(await call('/move', { ids: [m2.id], groupId: a.data.id })).toMatchObject({ status: 200 });
    const after = (await call('/group/list', {})).data;
    expect(after.list.find((g: any) => g.id === a.data.id).count).toBe(2);
    expect(after.ungrouped).toBe(before.ungrouped - 1);
    expect(after.list.map((g: any) => g.name)).toEqual(['节日活动', '产品资料']);
    expect((await call('/list', { groupId: a.data.id })).data.list.map((m: any) => m.id)).toEqual([m2.id, m1.id]);

    expect((await call('/move', { ids: [m1.id], groupId: 999999 })).status).toBe(404);
    expect((await call('/move', { ids: [m1.id, 999999], groupId: b.id })).status).toBe(404);
    // Nothing moved by the refused calls.
    expect((await call('/list', { groupId: b.id })).data.total).toBe(0);

    expect((await call('/group/delete', { id: a.data.id })).status).toBe(200);
    const ungrouped = (await call('/list', { groupId: 0, pageSize: 100 })).data.list.map((m: any) => m.id);
    expect(ungrouped).toEqual(expect.arrayContaining([m1.id, m2.id]));
    expect((await call('/group/list', {})).data.list.map((g: any) => g.name)).toEqual(['产品资料']);
    expect((await call('/group/delete', { id: a.data.id })).status).toBe(404);
    expect((await call('/move', { ids: [m1.id], groupId: b.id })).status).toBe(200);
    expect((await call('/move', { ids: [m1.id], groupId: null })).status).toBe(200);
    expect((await call('/list', { ids: [m1.id] })).data.list[0].groupId).toBeNull();
  });

  it('searches title and content, filters by type and pages newest first', async () => {
    for (let i = 1; i <= 25; i++) await call('/add', { type: 'text', title: `批量素材${i}`, content: i === 7 ? '含有 SpecialWord 的内容' : `内容${i}` });
    const byTitle = await call('/list', { keyword: '批量素材1' });
    expect(byTitle.data.total).toBe(11); // 1, 10–19
    const byContent = await call('/list', { keyword: 'specialword' });
    expect(byContent.data.list.map((m: any) => m.title)).toEqual(['批量素材7']);
    expect((await call('/list', { keyword: '100%' })).data.total).toBe(0);

    const p1 = await call('/list', { keyword: '批量素材', page: 1, pageSize: 10 });
    const p3 = await call('/list', { keyword: '批量素材', page: 3, pageSize: 10 });
    expect(p1.data.total).toBe(25);
    expect(p1.data.list[0].title).toBe('批量素材25');
    expect(p3.data.list.map((m: any) => m.title)).toEqual(['批量素材5', '批量素材4', '批量素材3', '批量素材2', '批量素材1']);

    const texts = await call('/list', { type: 'text', pageSize: 100 });
    expect(texts.data.list.every((m: any) => m.type === 'text')).toBe(true);
    const images = await call('/list', { type: 'image' });
    expect(images.data.list.every((m: any) => m.type === 'image')).toBe(true);
    expect(images.data.total).toBeGreaterThan(0);
    const attachable = await call('/list', { types: ['image', 'link'], pageSize: 100 });
    expect(attachable.data.total).toBeGreaterThan(images.data.total);
    expect(new Set(attachable.data.list.map((m: any) => m.type))).toEqual(new Set(['image', 'link']));
    expect((await call('/list', { type: 'poster' })).status).toBe(400);
    expect((await call('/list', { types: [] })).status).toBe(400);
    expect((await call('/list', { pageSize: 1000 })).status).toBe(400);
  });

  it('returns exactly the ids asked for, whatever the page size', async () => {
    const all = (await call('/list', { pageSize: 30 })).data.list.map((m: any) => m.id);
    const r = await call('/list', { ids: all.slice(0, 25), pageSize: 5 });
    expect(r.data.list.map((m: any) => m.id).sort()).toEqual(all.slice(0, 25).sort());
  });
});

describe('tenancy and permissions', () => {
  it('keeps another account out with 404 and nothing changed', async () => {
    const mine = (await call('/add', { type: 'text', title: '我的素材', content: '私有' })).data;
    const group = (await call('/group/add', { name: '我的分组' })).data;
    const file = (await upload('image', PNG, 'mine.png', 'image/png')).data;
    // With my work space named: not theirs.
    expect((await call('/list', {}, other)).status).toBe(404);
    expect((await upload('image', PNG, 'x.png', 'image/png', other)).status).toBe(404);
    // In their own work space my ids do not exist.
    const theirs = (id: string, body: unknown) => call(id, body, other, otherWsId);
    expect((await theirs('/list', {})).data.total).toBe(0);
    expect((await theirs('/list', { ids: [mine.id] })).data.total).toBe(0);
    expect((await theirs('/update', { id: mine.id, type: 'text', title: '改', content: '改' })).status).toBe(404);
    expect((await theirs('/delete', { ids: [mine.id] })).status).toBe(404);
    expect((await theirs('/move', { ids: [mine.id], groupId: null })).status).toBe(404);
    expect((await theirs('/group/update', { id: group.id, name: '改' })).status).toBe(404);
    expect((await theirs('/group/delete', { id: group.id })).status).toBe(404);
    expect((await theirs('/add', { type: 'image', title: '盗用', fileId: file.fileId })).status).toBe(404);
    expect((await theirs('/add', { type: 'text', title: '盗用', content: 'x', groupId: group.id })).status).toBe(404);
    expect((await call('/list', { ids: [mine.id] })).data.list[0]).toMatchObject({ title: '我的素材', content: '私有' });
    expect((await call('/group/list', {})).data.list.map((g: any) => g.name)).toContain('我的分组');
  });

  it('lets a child who picks materials read but not write; refuses one without the keys', async () => {
    expect((await call('/list', {}, reader)).status).toBe(200);
    expect((await call('/group/list', {}, reader)).status).toBe(200);
    expect(await call('/add', { type: 'text', title: 'x', content: 'y' }, reader)).toMatchObject({ status: 403, message: '暂无权限' });
    expect((await call('/group/add', { name: '子账号' }, reader)).status).toBe(403);
    expect((await upload('image', PNG, 'a.png', 'image/png', reader)).status).toBe(403);
    for (const path of ['/list', '/group/list']) expect((await call(path, {}, stranger)).status).toBe(403);
    const writer = await child(['material']);
    expect((await call('/add', { type: 'text', title: '子账号写', content: 'y' }, writer)).status).toBe(200);
  });

  it('needs a login and a work space', async () => {
    expect((await h.api('/api/material/list', {})).status).toBe(401);
    expect((await h.api('/api/material/list', {}, main)).status).toBe(400);
  });
});

describe('WeCom attachments and media ids', () => {
  let api: CorpApi;
  let img: any;
  let vid: any;
  let doc: any;
  let link: any;
  let mp: any;
  let text: any;

  beforeAll(async () => {
    api = new WecomClient({ baseUrl: `${h.simUrl}/qyapi/cgi-bin` }).corp({ corpId: corp.corpId, secret: corp.secret });
    const image = (await upload('image', JPEG, 'pic.jpg', 'image/jpeg')).data;
    const cover = (await upload('image', PNG, 'cover.png', 'image/png')).data;
    const video = (await upload('video', MP4, 'v.mp4', 'video/mp4')).data;
    const file = (await upload('file', Buffer.from('plain text file'), '说明.txt', 'text/plain')).data;
    img = (await call('/add', { type: 'image', title: '图', fileId: image.fileId })).data;
    vid = (await call('/add', { type: 'video', title: '视频', fileId: video.fileId })).data;
    doc = (await call('/add', { type: 'file', title: '文件', fileId: file.fileId })).data;
    link = (await call('/add', { type: 'link', title: '链接', url: 'https://example.com', content: '描述', coverFileId: cover.fileId })).data;
    mp = (await call('/add', { type: 'miniprogram', title: '小程序', appid: 'wx1234567890abcdef', page: 'pages/a.html', coverFileId: cover.fileId })).data;
    text = (await call('/add', { type: 'text', title: '文本', content: '正文' })).data;
  });

  afterAll(() => clock().reset());

  it('checks what a message may attach', async () => {
    const s = materials();
    await expect(s.checkAttachments(wsId, [img.id, link.id, mp.id])).resolves.toBeUndefined();
    await expect(s.checkAttachments(wsId, [img.id, text.id])).rejects.toMatchObject({ statusCode: 400, message: '文本素材请插入到欢迎语正文中' });
    await expect(s.checkAttachments(wsId, [img.id, 999999])).rejects.toMatchObject({ statusCode: 400, message: '素材不存在或已删除' });
    await expect(s.checkAttachments(otherWsId, [img.id])).rejects.toMatchObject({ statusCode: 400, message: '素材不存在或已删除' });
    await expect(s.checkAttachments(wsId, Array(10).fill(img.id))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('builds the attachments in order, uploading each file once and reusing its media id', async () => {
    const ws = (await h.server.services.workSpaces.find(wsId))!;
    const before = await uploadCalls();
    const ids = [mp.id, img.id, text.id, link.id, vid.id, doc.id];
    const first = await materials().attachments(ws, api, ids);
    expect(first.map((a) => a.msgtype)).toEqual(['miniprogram', 'image', 'link', 'video', 'file']);
    expect(first[0]).toMatchObject({ msgtype: 'miniprogram', miniprogram: { title: '小程序', appid: 'wx1234567890abcdef', page: 'pages/a.html' } });
    expect(first[2]).toEqual({ msgtype: 'link', link: { title: '链接', picurl: link.cover.url, desc: '描述', url: 'https://example.com' } });
    expect(await uploadCalls()).toBe(before + 4); // cover, image, video, file

    const second = await materials().attachments(ws, api, ids);
    expect(second).toEqual(first);
    expect(await uploadCalls()).toBe(before + 4);

    // What WeCom accepts: the media ids are live in the simulator.
    const member = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body.members[0].userid;
    const sent = await api.addMsgTemplate({ chat_type: 'single', sender: member, text: { content: 'x' }, attachments: first.filter((a) => a.msgtype !== 'file' && a.msgtype !== 'miniprogram') } as any).catch((e) => e);
    expect(sent.errcode ?? 0).not.toBe(40007);

    // A deleted material is skipped.
    await call('/delete', { ids: [vid.id] });
    expect((await materials().attachments(ws, api, ids)).map((a) => a.msgtype)).toEqual(['miniprogram', 'image', 'link', 'file']);
  });

  it('uploads again once less than 12 hours of the 3 days remain', async () => {
    const ws = (await h.server.services.workSpaces.find(wsId))!;
    const row = () => db().selectFrom('material_media').selectAll().where('work_space_id', '=', wsId).where('file_id', '=', img.file.fileId).executeTakeFirstOrThrow();
    const old = await row();
    const before = await uploadCalls();
    clock().set(Number(old.uploaded_at) + 59 * 3_600_000);
    await materials().attachments(ws, api, [img.id]);
    expect(await uploadCalls()).toBe(before);
    clock().set(Number(old.uploaded_at) + 61 * 3_600_000);
    const [att] = await materials().attachments(ws, api, [img.id]);
    expect(await uploadCalls()).toBe(before + 1);
    const fresh = await row();
    expect(fresh.media_id).not.toBe(old.media_id);
    expect(att).toEqual({ msgtype: 'image', image: { media_id: fresh.media_id } });
    expect(Number(fresh.expires_at) - Number(fresh.uploaded_at)).toBe(72 * 3_600_000);
    expect(Math.abs(Number(fresh.uploaded_at) - clock().now())).toBeLessThan(5_000);
  });

  it('media_renew renews, per work space, what live materials use and runs out within 24 hours', async () => {
    const media = () => db().selectFrom('material_media').selectAll().where('work_space_id', '=', wsId).execute();
    const rows = await media();
    const latest = Math.max(...rows.map((r) => Number(r.expires_at)));
    // Every cached id now has less than 24 h left.
    clock().set(latest - 20 * 3_600_000);
    const before = await uploadCalls();
    const jobs = h.server.services.jobs;
    const job = await jobs.enqueue('media_renew', {});
    // A renewal that could not finish is retried: wait for the job's end, not its first run.
    for (let i = 0; i < 200; i++) {
      await jobs.idle(['media_renew']);
      if ((await jobs.repo.find(job!))?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await media();
    // The deleted video's file is used by no live material: left to run out.
    const live = rows.filter((r) => r.file_id !== vid.file.fileId);
    expect(await uploadCalls()).toBe(before + live.length);
    for (const r of live) {
      const now = after.find((a) => a.file_id === r.file_id && a.media_type === r.media_type)!;
      expect(now.media_id).not.toBe(r.media_id);
      expect(Number(now.expires_at)).toBeGreaterThan(clock().now() + 71 * 3_600_000);
    }
    const video = after.find((a) => a.file_id === vid.file.fileId)!;
    expect(video.media_id).toBe(rows.find((r) => r.file_id === vid.file.fileId)!.media_id);
    // Nothing left to renew.
    expect(await materials().renewMedia()).toEqual({ renewed: 0, failed: 0 });
  });
});

describe('the public file address', () => {
  /** Stores a file directly (no multipart on the way) and returns its local public address. */
  async function storeFile(server: Harness['server'], workSpaceId: number, bytes: Buffer, name = 'big.bin', mime = 'application/octet-stream') {
    const token = randomBytes(16).toString('hex');
    const row = await server.database.kysely
      .insertInto('material_file')
      .values({
        work_space_id: workSpaceId,
        name,
        mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        token,
        bytes,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return `/api/material/file/${row.id}/${token}`;
  }

  it('answers HEAD with the headers and length and no body', async () => {
    const path = await storeFile(h.server, wsId, PNG, 'head.png', 'image/png');
    const res = await fetch(h.baseUrl + path, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('streams a file of many slices whole, with its length', async () => {
    const bytes = randomBytes(5 * MB + 12345);
    const res = await fetch(h.baseUrl + (await storeFile(h.server, wsId, bytes)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('holds a few slices, not a whole copy, for each reader that stops reading', async () => {
    // Larger than any upload, so a whole copy per reader stands far above what the sockets take.
    const FILE = 64 * MB;
    const READERS = 4;
    const path = await storeFile(h.server, wsId, randomBytes(FILE));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const buffers = () => {
      gc();
      return process.memoryUsage().arrayBuffers;
    };
    // Four readers that take the first bytes and then stop reading.
    const readers = await Promise.all(
      Array.from(
        { length: READERS },
        () =>
          new Promise<ClientRequest>((resolve, reject) => {
            const req = httpGet(h.baseUrl + path, (res) => {
              expect(res.statusCode).toBe(200);
              expect(res.headers['content-length']).toBe(String(FILE));
              res.once('data', () => {
                res.pause();
                resolve(req);
              });
            });
            req.on('error', reject);
          }),
      ),
    );
    let open = 0;
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      open = Math.max(open, buffers());
    }
    // What the open readers held: the difference once they are gone.
    for (const req of readers) req.destroy();
    let closed = Infinity;
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 100));
      closed = Math.min(closed, buffers());
    }
    const held = open - closed;
    // Whole copies would hold READERS × FILE (256 MB) on top of what the client sockets buffer; slices
    // hold a few MB per reader, plus that buffering (up to ~120 MB seen on a loaded machine).
    expect(held).toBeLessThan(0.75 * READERS * FILE);
    // A 64 MB file stored and read four times over: 6.5–8 s on a quiet machine, more than 20 s under CI's load.
  }, 60_000);

  it('rate-limits the public address per IP (FILE_RATE_LIMIT_PER_MINUTE)', async () => {
    const small = await startHarness({ FILE_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const token = await small.register(uniquePhone());
      const { data: me } = await small.api('/api/account/info', {}, token);
      const { id: smallWs } = await small.server.database.kysely
        .insertInto('work_space')
        .values({ account_id: me.id, nickname: '限流企业', access_type: 'internal', created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const path = await storeFile(small.server, smallWs, PNG, 'a.png', 'image/png');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(small.baseUrl + path)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await fetch(small.baseUrl + path);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 429, message: '请求过于频繁，请稍后再试' });
    } finally {
      await small.close();
    }
  });
});
