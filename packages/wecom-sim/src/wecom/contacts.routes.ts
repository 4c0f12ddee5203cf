// Address book: departments and members.
import type { Corp, Member } from './corp.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { int, page } from './params.js';

const memberOut = ({ contact: _c, ...m }: Member) => ({ ...m, open_userid: `wo${m.userid}` });

/** The department and every department below it. */
function subtree(corp: Corp, id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of corp.departments) if (ids.has(d.parentid) && !ids.has(d.id)) (ids.add(d.id), (grew = true));
  }
  return ids;
}

function membersOf(corp: Corp, q: Record<string, string | undefined>): Member[] {
  const id = int(q.department_id, 'department_id', { min: 1 });
  if (!corp.departments.some((d) => d.id === id)) fail(60123, 'invalid party id');
  const ids = q.fetch_child === '1' ? subtree(corp, id) : new Set([id]);
  return corp.members.filter((m) => m.departed_at === undefined && m.department.some((d) => ids.has(d)));
}

export function contactsRoutes(r: Router) {
  r.get('department/list', 'corp', (c) => {
    if (c.query.id === undefined || c.query.id === '') return { department: c.corp.departments };
    const id = int(c.query.id, 'id', { min: 1 });
    if (!c.corp.departments.some((d) => d.id === id)) fail(60123, 'invalid party id');
    const ids = subtree(c.corp, id);
    return { department: c.corp.departments.filter((d) => ids.has(d.id)) };
  });

  r.post('user/list_id', 'corp', (c) => {
    needScope(c, 'contacts-sync');
    const limit = int(c.body.limit, 'limit', { min: 1, max: 10_000, def: 10_000 });
    const pairs = c.corp.members.filter((m) => m.departed_at === undefined).flatMap((m) => m.department.map((d) => ({ userid: m.userid, department: d })));
    const { items, next } = page(pairs, c.body.cursor, limit);
    return { next_cursor: next, dept_user: items };
  });

  r.get('user/list', 'corp', (c) => ({ userlist: membersOf(c.corp, c.query).map(memberOut) }));

  r.get('user/simplelist', 'corp', (c) => ({
    userlist: membersOf(c.corp, c.query).map((m) => ({ userid: m.userid, name: m.name, department: m.department, open_userid: `wo${m.userid}` })),
  }));

  r.get('user/get', 'corp', (c) => {
    if (!c.query.userid) fail(41009, 'missing userid');
    const m = c.corp.member(c.query.userid!);
    if (!m || m.departed_at !== undefined) return fail(60111, 'userid not found');
    return memberOut(m);
  });
}
