// The member list counts each member's customers per row. The count must come from an index alone
// (0034's, by member and deleted_at): through (work_space_id, userid) every relation was read for its
// deleted_at, and a page of 20 members with 2,000 customers each read 40,000 rows.
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { MemberRepository } from '../../src/member/member.repository.js';
import { addWorkSpace, usePlanDatabase } from '../helpers/query-plans.js';

const plans = usePlanDatabase();

test('each member’s live customers are counted from an index alone', async () => {
  const { db } = plans;
  const k = db.kysely;
  const wsId = await addWorkSpace(db, '计数');
  await k
    .insertInto('member')
    .values(['甲', '乙', '丙'].map((name, i) => ({ work_space_id: wsId, userid: `u${i}`, name, department: '[1]', status: 1, position: '', avatar: '', is_follow_user: 1 })))
    .execute();
  // u0: 30 customers, 5 of them deleted by the member; u1: 2; u2: none.
  const relation = (external_userid: string, userid: string, deleted_at: number | null) => ({
    work_space_id: wsId, external_userid, userid, remark: '', description: '', remark_mobiles: '[]', createtime: 1, tag_ids: '[]', add_way: 1, state: '', oper_userid: '', deleted_at, gender: 0,
  });
  await k
    .insertInto('follow_relation')
    .values([...Array.from({ length: 30 }, (_, i) => relation(`wm${i}`, 'u0', i < 5 ? 2 : null)), relation('wm0', 'u1', null), relation('wm1', 'u1', null)])
    .execute();

  // PostgreSQL plans from statistics (autovacuum's, or the sync's ANALYZE); SQLite's are not needed here.
  if (!db.sqlite) await sql`analyze follow_relation`.execute(k);
  const rows = await new MemberRepository({ ...db, kysely: plans.logged }).list(wsId, { offset: 0, limit: 20 });
  expect(rows.map((r) => [r.name, Number(r.customer_count)])).toEqual([
    ['丙', 0],
    ['乙', 2],
    ['甲', 25],
  ]);
  const plan = await plans.explain(plans.run.find((q) => /customer_count/.test(q.sql))!);
  expect(plan).toMatch(/follow_relation_live_user_idx/);
  if (!db.sqlite) expect(plan).toMatch(/Index Only Scan using follow_relation_live_user_idx/);
  if (db.sqlite) expect(plan).toMatch(/USING COVERING INDEX follow_relation_live_user_idx/);
});

