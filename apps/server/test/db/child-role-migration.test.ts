// 0023_child_role: children made before roles keep what they could do — one role a main account and key
// set, keys mapped to include the changes a page then covered, and every work space as before.
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrations.js';
import { useOpenedDatabase } from '../helpers/database.js';

const opened = useOpenedDatabase();

describe('0023_child_role', () => {
  it('gives older children a role of their keys (with the changes they allowed) and all work spaces', async () => {
    const { db } = opened;
    await migrateTo(db.kysely, db.dialect, '0022_member_group');
    const k = db.kysely as any;
    const row = (values: Record<string, unknown>) => ({
      account: null, phone: null, password_hash: null, nickname: 'n', gzh_openid: null, permission_keys: '[]', disabled: 0, created_at: 1, updated_at: 1, ...values,
    });
    const insert = async (values: Record<string, unknown>) =>
      (await k.insertInto('account').values(row(values)).returning('id').executeTakeFirstOrThrow()).id as number;
    const boss = await insert({ account: 'boss' });
    const a = await insert({ parent_id: boss, account: 'a', permission_keys: JSON.stringify(['channel-qrcode', 'tag']) });
    const b = await insert({ parent_id: boss, account: 'b', permission_keys: JSON.stringify(['tag', 'channel-qrcode']) });
    const c = await insert({ parent_id: boss, account: 'c', permission_keys: JSON.stringify(['marketing']) });
    const none = await insert({ parent_id: boss, account: 'd', permission_keys: '[]' });
    const bad = await insert({ parent_id: boss, account: 'e', permission_keys: 'not json' });

    expect(await migrateToLatest(db.kysely, db.dialect)).toContain('0023_child_role');

    const roles = await k.selectFrom('child_role').selectAll().where('account_id', '=', boss).orderBy('id').execute();
    expect(roles.map((r: { name: string; permission_keys: string }) => [r.name, JSON.parse(r.permission_keys)])).toEqual([
      ['原有权限', ['channel-qrcode', 'channel-qrcode.manage', 'tag', 'tag.manage']],
      ['原有权限2', ['marketing', 'push.create', 'moment-push.create']],
    ]);
    const kids = await k.selectFrom('account').select(['id', 'role_id', 'all_work_spaces']).where('parent_id', '=', boss).orderBy('id').execute();
    expect(kids.map((x: { id: number; role_id: number | null; all_work_spaces: number }) => [x.id, x.role_id, x.all_work_spaces])).toEqual([
      [a, roles[0].id, 1],
      [b, roles[0].id, 1],
      [c, roles[1].id, 1],
      [none, null, 1],
      [bad, null, 1],
    ]);
    const main = await k.selectFrom('account').select(['role_id', 'all_work_spaces', 'work_space_ids']).where('id', '=', boss).executeTakeFirstOrThrow();
    expect(main).toEqual({ role_id: null, all_work_spaces: 0, work_space_ids: '[]' });
  });
});
