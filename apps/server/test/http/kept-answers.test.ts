// Answers kept between requests (http/kept-answers.ts): a repeat of a list call gets the answer again
// only while no data changed — a change made by another process (a second connection to the same
// database) or through the API shows on the very next call, and a child whose key was taken away is
// refused though its answer was kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { KEEP_MS, KeptAnswers } from '../../src/http/kept-answers.js';
import { createChild } from '../helpers/child.js';
import { corpCalls, corpWorld, type CorpWorld } from '../helpers/corp-world.js';
import { uniquePhone } from '../helpers/harness.js';

describe('KeptAnswers', () => {
  const text = (b: Buffer | undefined) => b?.toString();

  it('serves an answer again at the same change mark while it is young, and never at another mark', () => {
    const kept = new KeptAnswers();
    kept.keep('k', Buffer.from('{"a":1}'), 'm1', 1_000);
    expect(text(kept.get('k', 'm1', 1_000 + KEEP_MS - 1))).toBe('{"a":1}');
    expect(kept.get('other', 'm1', 1_000)).toBeUndefined();
    expect(kept.get('k', 'm2', 1_001)).toBeUndefined();
    // A miss at another mark drops the answer: it is not served should the mark come back.
    expect(kept.get('k', 'm1', 1_002)).toBeUndefined();
    kept.keep('k', Buffer.from('{"a":2}'), 'm1', 2_000);
    expect(kept.get('k', 'm1', 2_000 + KEEP_MS)).toBeUndefined();
  });

  it('drops the oldest answers beyond its size, and keeps none larger than the whole', () => {
    const kept = new KeptAnswers(10);
    for (const key of ['a', 'b', 'c']) kept.keep(key, Buffer.from('1234'), 'm', 0);
    expect(['a', 'b', 'c'].map((key) => text(kept.get(key, 'm', 1)))).toEqual([undefined, '1234', '1234']);
    kept.keep('d', Buffer.from('12345678901'), 'm', 0);
    expect(kept.get('d', 'm', 1)).toBeUndefined();
    expect(kept.size).toBe(2);
  });

  it('lets the same call wait for the one reading it, at the same mark only, and keeps what was read', async () => {
    const kept = new KeptAnswers();
    expect(kept.readBy('k', 'm1', 0)).toBeUndefined(); // this call reads
    const waiter = kept.readBy('k', 'm1', 5);
    expect(waiter).toBeInstanceOf(Promise);
    kept.done('k', 'm1', Buffer.from('{"n":1}'), 10);
    expect(text(await waiter)).toBe('{"n":1}');
    expect(text(kept.get('k', 'm1', 11))).toBe('{"n":1}');

    // A call at a newer mark does not wait for a read of older data: it reads, and the older read's
    // waiters read for themselves.
    expect(kept.readBy('j', 'm1', 20)).toBeUndefined();
    const older = kept.readBy('j', 'm1', 21)!;
    expect(kept.readBy('j', 'm2', 22)).toBeUndefined();
    expect(await older).toBeUndefined();
    // A failed read (no 200) is kept by no one and ends the wait.
    const failing = kept.readBy('j', 'm2', 23)!;
    kept.done('j', 'm2', undefined, 24);
    expect(await failing).toBeUndefined();
    expect(kept.get('j', 'm2', 25)).toBeUndefined();
  });
});

describe('kept list answers (SQLite and PostgreSQL)', () => {
  let world: CorpWorld;
  let other: Database;
  const { api } = corpCalls(() => world);
  const names = async (token?: string) => {
    const r = await api('/api/qw/member/list', { pageSize: 50 }, token);
    expect(r.status, r.message).toBe(200);
    return new Map<string, string>(r.data.list.map((m: { userid: string; name: string }) => [m.userid, m.name]));
  };

  beforeAll(async () => {
    world = await corpWorld('kept-answers', { members: 6, customers: 4 });
    // Another process's view of the same database: its own connection (SQLite) or pool (PostgreSQL).
    other = openDatabase({ databaseUrl: world.h.config.databaseUrl, dataDir: world.h.config.dataDir });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await world?.h.close();
  });

  it('keeps a repeated list call, and shows a change another process committed on the next call', async () => {
    const before = await names();
    expect(await names()).toEqual(before);
    expect(world.h.server.services.keptAnswers.size).toBeGreaterThan(0);

    const [userid] = [...before.keys()];
    await other.kysely.updateTable('member').set({ name: '改名成员' }).where('work_space_id', '=', world.corp.wsId).where('userid', '=', userid!).execute();
    expect((await names()).get(userid!)).toBe('改名成员');
  });

  it('answers twenty of the same call at once alike, the change before them included', async () => {
    const [userid] = [...(await names()).keys()];
    await other.kysely.updateTable('member').set({ name: '同时读取' }).where('work_space_id', '=', world.corp.wsId).where('userid', '=', userid!).execute();
    const answers = await Promise.all(Array.from({ length: 20 }, () => names()));
    for (const answer of answers) expect(answer.get(userid!)).toBe('同时读取');
  });

  it('shows a change made through the API on the next call', async () => {
    const first = async () => {
      const r = await api('/api/qw/customer/list', {});
      expect(r.status, r.message).toBe(200);
      return r.data.list[0] as { externalUserid: string; follows: Array<{ userid: string; remark: string }> };
    };
    const row = await first();
    expect(await first()).toEqual(row);
    const follow = row.follows[0]!;
    const remark = await api('/api/qw/customer/remark', { externalUserid: row.externalUserid, userid: follow.userid, remark: '保留测试', description: '', remarkMobiles: [] });
    expect(remark.status, remark.message).toBe(200);
    const after = await first();
    expect(after.externalUserid).toBe(row.externalUserid);
    expect(after.follows.find((f) => f.userid === follow.userid)!.remark).toBe('保留测试');
  });

  it('refuses a child whose role lost the page, though its last answer was kept', async () => {
    const account = `keep${process.pid % 1000}`;
    const child = await createChild(world.h, { account, password: 'kidpass1', permissionKeys: ['staff'] }, world.token);
    expect(child.status, child.message).toBe(200);
    const kid = (await world.h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    await names(kid);
    await names(kid);
    const role = (await world.h.api('/api/account/child/permission/list', {}, world.token)).data.list.find((r: { id: number; name: string }) =>
      r.name.endsWith(account),
    );
    const update = await world.h.api('/api/account/child/permission/update', { id: role.id, name: role.name, permissionKeys: ['tag'] }, world.token);
    expect(update.status, update.message).toBe(200);
    expect((await api('/api/qw/member/list', { pageSize: 50 }, kid)).status).toBe(403);
  });

  it('answers another account naming this work space 404, after its owner’s answer was kept', async () => {
    await names();
    const stranger = await world.h.register(uniquePhone());
    expect((await api('/api/qw/member/list', { pageSize: 50 }, stranger)).status).toBe(404);
  });
});
