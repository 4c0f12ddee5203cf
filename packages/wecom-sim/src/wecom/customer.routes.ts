// Customers (external contacts) and their follow relations.
import type { Corp } from './corp.js';
import { fail } from './errors.js';
import type { Ctx, Router } from './api.js';
import { needScope } from './auth.routes.js';
import { decodeCursor, encodeCursor, int, str, strList } from './params.js';

/** The member by userid, who must have the customer-contact permission. */
export function contactMember(corp: Corp, userid: unknown): number {
  const id = str(userid, 'userid', { required: true, code: 40003 });
  const mi = corp.memberIndex(id) ?? fail(40003, 'invalid userid');
  if (!corp.members[mi]!.contact) fail(84074, 'no external contact permission');
  return mi;
}

export function customerOf(corp: Corp, externalUserid: unknown): number {
  const id = str(externalUserid, 'external_userid', { required: true, code: 40096 });
  return corp.customerIndex(id) ?? fail(40096, 'invalid external userid');
}

/** The live follow relation between a member and a customer (84061 when there is none). */
export function relation(c: Ctx): number {
  const mi = contactMember(c.corp, c.body.userid);
  const ci = customerOf(c.corp, c.body.external_userid);
  return c.corp.findFollow(ci, mi) ?? fail(84061, 'not external contact');
}

export function customerRoutes(r: Router) {
  r.get('externalcontact/get_follow_user_list', 'corp', (c) => {
    needScope(c, 'customer');
    return { follow_user: c.corp.members.filter((m) => m.contact && m.status === 1).map((m) => m.userid) };
  });

  r.get('externalcontact/list', 'corp', (c) => {
    needScope(c, 'customer');
    const mi = contactMember(c.corp, c.query.userid);
    const follows = c.corp.followsOfMember(mi);
    if (!follows.length) fail(84061, 'not external contact');
    return { external_userid: follows.map((f) => c.corp.cId[c.corp.fCust[f]!]) };
  });

  r.get('externalcontact/get', 'corp', (c) => {
    needScope(c, 'customer');
    const ci = customerOf(c.corp, c.query.external_userid);
    const follows = c.corp.followsOfCustomer(ci);
    if (!follows.length) fail(84061, 'not external contact');
    const size = c.world.followPageSize;
    const start = decodeCursor(c.query.cursor);
    const out: Record<string, unknown> = {
      external_contact: c.corp.externalContact(ci),
      follow_user: follows.slice(start, start + size).map((f) => c.corp.followUser(f)),
    };
    if (start + size < follows.length) out.next_cursor = encodeCursor(start + size);
    return out;
  });

  r.post('externalcontact/batch/get_by_user', 'corp', (c) => {
    needScope(c, 'customer');
    const userids = strList(c.body.userid_list, 'userid_list', { required: true, max: 100 });
    const limit = int(c.body.limit, 'limit', { min: 1, max: 100, def: 50 });
    const corp = c.corp;
    const unlicensed: string[] = [];
    const lists: number[][] = [];
    for (const u of userids) {
      const mi = corp.memberIndex(u);
      if (mi === undefined) fail(40003, `invalid userid ${u}`);
      const licenced = (c.token.scope !== 'third' && c.token.scope !== 'customized') || !c.world.provider.unlicensed(corp.corpId, u);
      if (!corp.members[mi!]!.contact || !licenced) unlicensed.push(u);
      else lists.push(corp.followsOfMember(mi!));
    }
    // one position over all listed members' follow relations, in the order asked
    const start = decodeCursor(c.body.cursor);
    const items: number[] = [];
    let pos = 0;
    for (const l of lists) {
      if (items.length >= limit) break;
      if (pos + l.length <= start) {
        pos += l.length;
        continue;
      }
      const from = Math.max(0, start - pos);
      items.push(...l.slice(from, from + limit - items.length));
      pos += l.length;
    }
    const total = lists.reduce((n, l) => n + l.length, 0);
    const end = start + items.length;
    return {
      external_contact_list: items.map((f) => ({ external_contact: corp.externalContact(corp.fCust[f]!), follow_info: corp.followInfo(f) })),
      next_cursor: end < total ? encodeCursor(end) : '',
      ...(unlicensed.length ? { fail_info: { unlicensed_userid_list: unlicensed } } : {}),
    };
  });

  r.post('externalcontact/remark', 'corp', (c) => {
    needScope(c, 'customer');
    const f = relation(c);
    const b = c.body;
    if (b.remark !== undefined) c.corp.fRemark[f] = str(b.remark, 'remark', { max: 20 });
    if (b.description !== undefined) c.corp.fDesc[f] = str(b.description, 'description', { max: 150 });
    if (b.remark_company !== undefined) c.corp.fCompany[f] = str(b.remark_company, 'remark_company', { max: 20 });
    if (b.remark_mobiles !== undefined) c.corp.fMobiles[f] = strList(b.remark_mobiles, 'remark_mobiles', { max: 5 });
    return {};
  });
}
