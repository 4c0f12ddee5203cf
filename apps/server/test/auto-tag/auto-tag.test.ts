// 自动标签 against the simulator: each kind of rule applied as its event arrives (a scan of a code, an
// add inside a time window, a remark edited, a group joined), the retroactive run over existing customers
// with its progress and one mark_tag per relation lacking the tags, a re-run that asks WeCom nothing,
// and validation, tenancy and child accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinSchedule } from '@scrm/contracts/china-time';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, relationRows, settle as settleAll, until, type ConnectedCorp } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let main: string;
let other: string;
let kid: string;
let corp: ConnectedCorp;
let otherCorp: ConnectedCorp;
let tagIds: string[];

const db = () => h.server.database.kysely;
const call = (path: string, body: unknown, token = main, ws = corp.wsId) => h.api(`/api/qw/tag/auto${path}`, body, token, { 'x-work-id': String(ws) });
const snapshot = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
const markTagCalls = async () => {
  const calls = (await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls as Record<string, number>;
  return Object.entries(calls)
    .filter(([path]) => path.includes('mark_tag'))
    .reduce((n, [, c]) => n + c, 0);
};
/** Tag ids WeCom has on the relation. */
const wecomTags = (snap: any, externalUserid: string, userid: string): string[] =>
  (snap.customers.find((c: any) => c.external_userid === externalUserid)?.follow_user ?? [])
    .find((f: any) => f.userid === userid)
    ?.tags.map((t: any) => t.tag_id) ?? [];
const settle = () => settleAll(h);
const allDay = { kind: 'time', rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' }] };
const ourTags = async (externalUserid: string, userid: string) =>
  (await relationRows(h, corp.wsId, 'follow_tag', externalUserid, userid)).map((r) => r.tag_id);

beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  other = await h.register(uniquePhone());
  const account = `autotagkid${process.pid % 1000}`;
  expect((await createChild(h, { account, password: 'kidpass1', permissionKeys: ['tag'] }, main)).status).toBe(200);
  kid = (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token;
  corp = await connectCorp(h, main, { seed: 'auto-tag-test', size: { members: 6, customers: 40, groups: 2, tags: 8 } });
  otherCorp = await connectCorp(h, other, { seed: 'auto-tag-other', size: { members: 3, customers: 3, groups: 1, tags: 3 } });
  tagIds = (await snapshot()).tagGroups.flatMap((g: any) => g.tag.map((t: any) => t.id));
  expect(tagIds.length).toBeGreaterThanOrEqual(6);
}, 120_000);
afterAll(() => h?.close());

describe('auto-tag rules', () => {
  let retroId: number;

  it('refuses bad input in Chinese and writes nothing', async () => {
    const chat = (await snapshot()).groups[0].chat_id;
    const cases: Array<[unknown, RegExp]> = [
      [{ name: '  ', tagIds: [tagIds[0]], condition: allDay }, /请填写规则名称/],
      [{ name: '规则', tagIds: ['no-such-tag'], condition: allDay }, /标签不存在/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'source', codeIds: [999999] } }, /活码不存在/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'group', chatIds: ['wrNoSuchChat'] } }, /客户群不存在/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'time', rules: [{ weekdays: [1], start: '09:00', end: '09:00' }] } }, /结束时间须晚于开始时间/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'time', rules: [] } }, /^参数错误/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'keyword', keywords: ['  '], fields: ['remark'] } }, /请填写关键词/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'time', rules: [{ weekdays: [8], start: '09:00', end: '10:00' }] } }, /^参数错误/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'time', rules: [{ weekdays: [1], start: '25:00', end: '10:00' }] } }, /^参数错误/],
      [{ name: '规则', tagIds: [], condition: { kind: 'group', chatIds: [chat] } }, /^参数错误/],
      [{ name: '名'.repeat(31), tagIds: [tagIds[0]], condition: allDay }, /^参数错误/],
      [{ name: '规则', tagIds: [tagIds[0]], condition: { kind: 'nope' } }, /^参数错误/],
    ];
    for (const [body, message] of cases) {
      const r = await call('/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect((await h.api('/api/qw/tag/auto/list', {}, main)).message).toBe('请先选择企业微信');
    expect((await call('/detail', { id: 999999 })).message).toBe('自动标签规则不存在');
    expect(await db().selectFrom('auto_tag_rule').select('id').execute()).toHaveLength(0);
  });

  it('tags existing customers retroactively with progress, one call per relation lacking the tags', async () => {
    const [t1, t2] = [tagIds[0]!, tagIds[1]!];
    const live = await db()
      .selectFrom('follow_relation')
      .select(['external_userid', 'userid', 'tag_ids'])
      .where('work_space_id', '=', corp.wsId)
      .where('deleted_at', 'is', null)
      .where('deleted_by_customer_at', 'is', null)
      .execute();
    expect(live.length).toBeGreaterThan(20);
    const lacking = live.filter((f) => {
      const have = JSON.parse(f.tag_ids) as string[];
      return !have.includes(t1) || !have.includes(t2);
    });
    const before = await markTagCalls();
    const r = await call('/add', { name: '全部客户', tagIds: [t1, t2], condition: allDay });
    expect(r.status, r.message).toBe(200);
    retroId = r.data.id;
    expect(r.data).toMatchObject({ name: '全部客户', enabled: true, tagIds: [t1, t2], conditionText: '按添加时间：周一至周日 00:00-24:00' });
    expect(['running', 'done']).toContain(r.data.run.status);
    const done = await until('the run is done', async () => {
      const d = (await call('/detail', { id: retroId })).data;
      return d.run.status === 'done' && d;
    });
    expect(done.run).toMatchObject({ matched: live.length, done: live.length, failed: 0, error: null });
    expect(done.tagged).toBe(lacking.length);
    expect(done.lastTaggedAt).toBeGreaterThan(0);
    expect((await markTagCalls()) - before).toBe(lacking.length);
    const snap = await snapshot();
    for (const f of live) {
      expect(wecomTags(snap, f.external_userid, f.userid)).toEqual(expect.arrayContaining([t1, t2]));
      expect(await ourTags(f.external_userid, f.userid)).toEqual(expect.arrayContaining([t1, t2]));
    }
    const records = (await call('/records', { id: retroId, pageSize: 100 })).data;
    expect(records.total).toBe(live.length);
    expect(records.list.every((x: any) => x.source === 'backfill' && (x.status === 'done' || x.status === 'already'))).toBe(true);
    expect(records.list.filter((x: any) => x.status === 'done')).toHaveLength(lacking.length);
    expect(records.list[0].customerName).toBeTruthy();
    expect(records.list[0].memberName).toBeTruthy();
    const events = await db().selectFrom('customer_event').select(['detail']).where('work_space_id', '=', corp.wsId).where('kind', '=', 'tag').execute();
    expect(events.filter((e) => JSON.parse(e.detail).ruleId === retroId)).toHaveLength(lacking.length);
  });

  it('asks WeCom nothing again when the run is repeated', async () => {
    const before = await markTagCalls();
    const r = await call('/run', { id: retroId });
    expect(r.status, r.message).toBe(200);
    const done = await until('the re-run is done', async () => {
      const d = (await call('/detail', { id: retroId })).data;
      return d.run.status === 'done' && d;
    });
    expect(done.run.failed).toBe(0);
    expect(done.run.done).toBe(done.run.matched);
    expect((await markTagCalls()) - before).toBe(0);
    // Switched off, it is left alone by events and cannot be re-run.
    expect((await call('/enable', { id: retroId, enabled: false })).data.enabled).toBe(false);
    expect((await call('/run', { id: retroId })).message).toMatch(/规则已停用/);
  });

  it('tags a customer who scans a code, by source code and by add time, as the add arrives', async () => {
    const member = (await snapshot()).members.find((m: any) => m.customer_contact);
    const made = await h.api('/api/qw/staff/code/add', { userids: [member.userid], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true }, main, corp.headers);
    expect(made.status, made.message).toBe(200);
    await settle();
    const code = (await h.api('/api/qw/staff/code/info', { id: made.data.ids[0] }, main, corp.headers)).data;
    const bySource = await call('/add', { name: '来自员工活码', tagIds: [tagIds[2]], condition: { kind: 'source', codeIds: [code.id] } });
    expect(bySource.status, bySource.message).toBe(200);
    expect(bySource.data.conditionText).toBe(`按来源活码：${code.name}`);
    const byTime = await call('/add', { name: '全天添加', tagIds: [tagIds[3]], condition: allDay, backfill: false });
    expect(byTime.status, byTime.message).toBe(200);
    expect(byTime.data.run.status).toBe('idle');
    await settle();

    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { state: code.state, name: '扫码客户' });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const { externalUserid, userid } = scan.body;
    await until('tags in WeCom', async () => {
      await settle();
      const have = wecomTags(await snapshot(), externalUserid, userid);
      return have.includes(tagIds[2]!) && have.includes(tagIds[3]!);
    });
    await until('tags in our copy', async () => {
      await settle();
      const have = await ourTags(externalUserid, userid);
      return have.includes(tagIds[2]!) && have.includes(tagIds[3]!);
    });
    for (const id of [bySource.data.id, byTime.data.id]) {
      const records = (await call('/records', { id, source: 'auto' })).data;
      expect(records.list.find((x: any) => x.externalUserid === externalUserid)).toMatchObject({ userid, source: 'auto', status: 'done', customerName: '扫码客户' });
    }
  });

  it('tags a customer whose remark gets a keyword, after the customer is read again', async () => {
    const rule = await call('/add', { name: '重要客户', tagIds: [tagIds[4]], condition: { kind: 'keyword', keywords: ['VIP', '重要'], fields: ['remark', 'description'] } });
    expect(rule.status, rule.message).toBe(200);
    await until('run done', async () => (await call('/detail', { id: rule.data.id })).data.run.status === 'done');
    const f = await db()
      .selectFrom('follow_relation')
      .select(['external_userid', 'userid', 'tag_ids'])
      .where('work_space_id', '=', corp.wsId)
      .where('deleted_at', 'is', null)
      .where('deleted_by_customer_at', 'is', null)
      .where('remark', 'not like', '%VIP%')
      .where('remark', 'not like', '%重要%')
      .where('description', 'not like', '%VIP%')
      .where('description', 'not like', '%重要%')
      .execute()
      .then((rows) => rows.find((r) => !(JSON.parse(r.tag_ids) as string[]).includes(tagIds[4]!))!);
    expect(f, 'a relation without the keyword and the tag').toBeTruthy();
    expect(wecomTags(await snapshot(), f.external_userid, f.userid)).not.toContain(tagIds[4]);
    const before = await markTagCalls();
    const edit = await h.simCall('POST', `/control/corps/${corp.corpId}/edit-customer`, { userid: f.userid, externalUserid: f.external_userid, remark: '重要-张总' });
    expect(edit.status).toBe(200);
    await until('tag in WeCom', async () => {
      await settle();
      return wecomTags(await snapshot(), f.external_userid, f.userid).includes(tagIds[4]!);
    });
    expect((await markTagCalls()) - before).toBe(1);
    expect(await ourTags(f.external_userid, f.userid)).toContain(tagIds[4]);
    // The same edit again: the relation is done for this rule.
    await h.simCall('POST', `/control/corps/${corp.corpId}/edit-customer`, { userid: f.userid, externalUserid: f.external_userid, remark: '重要-张总2' });
    await settle();
    expect((await markTagCalls()) - before).toBe(1);
  });

  it('tags a customer who joins a group, not the members who were there before the rule', async () => {
    const snap = await snapshot();
    const chat = snap.groups[0];
    const inChat = new Set(chat.member_list.map((m: any) => m.userid));
    const joiner = snap.customers.find((c: any) => !inChat.has(c.external_userid) && c.follow_user.length > 0 && !c.follow_user.some((f: any) => f.deleted_by_customer));
    expect(joiner).toBeTruthy();
    const rule = await call('/add', { name: '进群客户', tagIds: [tagIds[5]], condition: { kind: 'group', chatIds: [chat.chat_id] }, backfill: false });
    expect(rule.status, rule.message).toBe(200);
    expect(rule.data.conditionText).toMatch(/^按所在客户群：/);
    const before = await markTagCalls();
    const join = await h.simCall('POST', `/control/corps/${corp.corpId}/group-join`, { chatId: chat.chat_id, externalUserid: joiner.external_userid });
    expect(join.status, JSON.stringify(join.body)).toBe(200);
    const follows = joiner.follow_user.map((f: any) => f.userid as string);
    await until('tags in WeCom', async () => {
      await settle();
      const now = await snapshot();
      return follows.every((u: string) => wecomTags(now, joiner.external_userid, u).includes(tagIds[5]!));
    });
    const records = (await call('/records', { id: rule.data.id })).data;
    expect(records.list.map((x: any) => x.externalUserid)).toEqual(follows.map(() => joiner.external_userid));
    expect((await markTagCalls()) - before).toBeLessThanOrEqual(follows.length);
  });

  it('finds the same customers in a time window as the add-time check does (China time, in SQL)', async () => {
    const rules = [
      { weekdays: [1, 3, 5], start: '08:00', end: '20:30' },
      { weekdays: [6, 7], start: '00:00', end: '12:00' },
    ];
    const live = await db()
      .selectFrom('follow_relation')
      .select(['createtime'])
      .where('work_space_id', '=', corp.wsId)
      .where('deleted_at', 'is', null)
      .where('deleted_by_customer_at', 'is', null)
      .execute();
    const expected = live.filter((f) => Number(f.createtime) > 0 && withinSchedule(rules, Number(f.createtime))).length;
    const r = await call('/add', { name: '工作时间添加', tagIds: [tagIds[0]], condition: { kind: 'time', rules }, backfill: true });
    expect(r.status, r.message).toBe(200);
    const done = await until('run done', async () => {
      const d = (await call('/detail', { id: r.data.id })).data;
      return d.run.status === 'done' && d;
    });
    expect(done.run.matched).toBe(expected);
    expect((await call('/delete', { id: r.data.id })).status).toBe(200);
  });

  it('lists, updates and deletes rules', async () => {
    const list = (await call('/list', { pageSize: 2 })).data;
    expect(list.total).toBe(5);
    expect(list.list).toHaveLength(2);
    expect((await call('/list', { keyword: '重要' })).data.list.map((r: any) => r.name)).toEqual(['重要客户']);
    expect((await call('/list', { kind: 'group' })).data.total).toBe(1);
    const options = (await call('/options', {})).data;
    expect(options.codes).toEqual([expect.objectContaining({ kind: 'staff' })]);
    expect(options.groups).toHaveLength(2);
    expect((await call('/options', { keyword: 'no-such-name' })).data).toEqual({ codes: [], groups: [] });
    expect((await call('/options', {}, other, otherCorp.wsId)).data.codes).toEqual([]);
    const upd = await call('/update', { id: retroId, name: '改名', tagIds: [tagIds[0], tagIds[1]], condition: allDay });
    expect(upd.status, upd.message).toBe(200);
    // Only the name changed: no new run.
    expect(upd.data).toMatchObject({ name: '改名', run: { status: 'done' } });
    expect((await call('/delete', { id: retroId })).status).toBe(200);
    expect((await call('/detail', { id: retroId })).status).toBe(404);
  });

  it('keeps other tenants and child accounts out', async () => {
    const id = (await call('/list', {})).data.list[0].id;
    for (const [path, body] of [
      ['/detail', { id }],
      ['/update', { id, name: 'x', tagIds: [tagIds[0]], condition: allDay }],
      ['/delete', { id }],
      ['/enable', { id, enabled: false }],
      ['/run', { id }],
      ['/records', { id }],
    ] as const) {
      expect((await call(path, body, other, otherCorp.wsId)).status, path).toBe(404);
      expect((await call(path, body, other, corp.wsId)).status, path).toBe(404);
      expect((await call(path, body, kid)).status, path).toBe(403);
    }
    expect((await call('/list', {}, other, otherCorp.wsId)).data.total).toBe(0);
    expect((await call('/list', {}, kid)).status).toBe(403);
    expect((await call('/detail', { id })).data.enabled).toBe(true);
  });
});
