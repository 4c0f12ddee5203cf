// The sample-corp generator: deterministic for a seed, sized as asked.
import { describe, expect, it } from 'vitest';
import { generateCorp } from '../src/wecom/generate.js';

describe('sample corp generator', () => {
  it('makes the same corp for the same seed and another for another seed', () => {
    const size = { departments: 5, members: 12, customers: 80, groups: 6, tags: 4 };
    const now = 1_790_000_000_000;
    const a = generateCorp({ seed: 'same', size, now });
    const b = generateCorp({ seed: 'same', size, now });
    const c = generateCorp({ seed: 'other', size, now });
    expect(JSON.stringify(a.snapshot("http://sim.test"))).toBe(JSON.stringify(b.snapshot("http://sim.test")));
    expect([a.corpId, a.secret]).toEqual([b.corpId, b.secret]);
    expect(c.corpId).not.toBe(a.corpId);
  });

  it('has the asked size, Chinese names and 1–3 follow relations per customer', () => {
    const corp = generateCorp({ seed: 'sized', size: { departments: 7, members: 30, customers: 500, groups: 9, tags: 3 } });
    const snap = corp.snapshot("http://sim.test");
    expect(snap.departments).toHaveLength(7);
    expect(snap.members).toHaveLength(30);
    expect(snap.customers).toHaveLength(500);
    expect(snap.groups).toHaveLength(9);
    expect(snap.tagGroups).toHaveLength(3);
    expect(snap.departments[0]).toMatchObject({ id: 1, parentid: 0 });
    for (const m of snap.members) expect(m.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    for (const c of snap.customers) {
      expect(c.external_userid).toMatch(/^wm[0-9A-Za-z]{30}$/);
      expect(c.name).toMatch(/[\u4e00-\u9fa5]/);
      expect(c.follow_user.length).toBeGreaterThanOrEqual(1);
      expect(c.follow_user.length).toBeLessThanOrEqual(3);
      expect(new Set(c.follow_user.map((f) => f.userid)).size).toBe(c.follow_user.length);
      expect(c.follow_user[0]).toMatchObject({ createtime: expect.any(Number), add_way: expect.any(Number), oper_userid: expect.any(String), tags: expect.any(Array) });
    }
    for (const g of snap.groups) {
      expect(g.member_list[0]).toMatchObject({ userid: g.owner, type: 1 });
      expect(g.member_list.some((m) => m.type === 2 && m.join_time > 0 && [1, 2, 3].includes(m.join_scene))).toBe(true);
    }
    expect(snap.tagGroups[0]!.group_name).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('builds 1,000 members and 200,000 customers', () => {
    const corp = generateCorp({ seed: 'big', size: { members: 1000, customers: 200_000, groups: 500, departments: 40, tags: 8 } });
    expect(corp.members).toHaveLength(1000);
    expect(corp.customerCount).toBe(200_000);
    expect(corp.followCount).toBeGreaterThan(200_000);
    expect(corp.customerIndex(corp.cId[123_456]!)).toBe(123_456);
  });
});
