// Customer transfers: 在职继承 (transfer_customer / transfer_result), 离职继承 (get_unassigned_list,
// resigned/transfer_customer, resigned/transfer_result) and departed owners' groups (groupchat/transfer).
// Calls made through the API push no callbacks; only a refusal or the limit does (transfer_fail).
import type { Corp } from './corp.js';
import { fail } from './errors.js';
import type { Ctx, Router } from './api.js';
import { needScope } from './auth.routes.js';
import { int, page, str, strList } from './params.js';
import { pendingOf, resultOf, settleTransfers, startTransfer } from './transfers.js';

/** 40129: the customer is already being transferred. */
const IN_TRANSFER = 40129;

function members(c: Ctx, resigned: boolean) {
  const handover = str(c.body.handover_userid, 'handover_userid', { required: true });
  const takeover = str(c.body.takeover_userid, 'takeover_userid', { required: true });
  const from = c.corp.member(handover) ?? fail(40003, 'invalid userid');
  const to = c.corp.member(takeover) ?? fail(40003, 'invalid userid');
  if (to.departed_at !== undefined || !to.contact) fail(40003, 'invalid takeover_userid: not a customer-contact member');
  if (handover === takeover) fail(40058, 'invalid parameter: handover_userid equals takeover_userid');
  // 在职继承 needs a member still in the corp; 离职继承 one who has left.
  if (resigned && from.departed_at === undefined) fail(40058, 'invalid parameter: handover_userid is not resigned');
  if (!resigned && from.departed_at !== undefined) fail(40058, 'invalid parameter: handover_userid is resigned');
  return { handover, takeover };
}

function transferCustomers(c: Ctx, resigned: boolean) {
  needScope(c, 'customer');
  settleTransfers(c.world, c.corp);
  const { handover, takeover } = members(c, resigned);
  const ids = strList(c.body.external_userid, 'external_userid', { required: true, max: 100, maxCode: 81017 });
  const mi = c.corp.memberIndex(handover)!;
  const customer = ids.map((id) => {
    const ci = c.corp.customerIndex(id);
    if (ci === undefined) return { external_userid: id, errcode: 40096 };
    if (c.corp.findFollow(ci, mi) === undefined) return { external_userid: id, errcode: 84061 };
    if (pendingOf(c.corp, id)) return { external_userid: id, errcode: IN_TRANSFER };
    startTransfer(c.world, c.corp, { handover, takeover, external_userid: id, resigned });
    return { external_userid: id, errcode: 0 };
  });
  return { customer };
}

function transferResult(c: Ctx, resigned: boolean) {
  needScope(c, 'customer');
  settleTransfers(c.world, c.corp);
  const handover = str(c.body.handover_userid, 'handover_userid', { required: true });
  const takeover = str(c.body.takeover_userid, 'takeover_userid', { required: true });
  // the newest transfer of each customer between the two
  const latest = new Map<string, ReturnType<typeof resultOf>>();
  for (const t of c.corp.transfers) {
    if (t.handover === handover && t.takeover === takeover && t.resigned === resigned) latest.set(t.external_userid, resultOf(t));
  }
  const { items, next } = page([...latest.values()], c.body.cursor, 1000);
  return { customer: items, next_cursor: next };
}

/** The customers of departed members that nobody has taken over (or is taking over). */
export function unassigned(corp: Corp) {
  const out: Array<{ handover_userid: string; external_userid: string; dimission_time: number }> = [];
  for (const m of corp.members) {
    if (m.departed_at === undefined) continue;
    for (const f of corp.followsOfMember(corp.memberIndex(m.userid)!)) {
      const id = corp.cId[corp.fCust[f]!]!;
      if (!pendingOf(corp, id)) out.push({ handover_userid: m.userid, external_userid: id, dimission_time: m.departed_at });
    }
  }
  return out;
}

export function transferRoutes(r: Router) {
  r.post('externalcontact/transfer_customer', 'corp', (c) => transferCustomers(c, false));
  r.post('externalcontact/transfer_result', 'corp', (c) => transferResult(c, false));
  r.post('externalcontact/resigned/transfer_customer', 'corp', (c) => transferCustomers(c, true));
  r.post('externalcontact/resigned/transfer_result', 'corp', (c) => transferResult(c, true));

  r.post('externalcontact/get_unassigned_list', 'corp', (c) => {
    needScope(c, 'customer');
    settleTransfers(c.world, c.corp);
    const size = int(c.body.page_size, 'page_size', { min: 1, max: 1000, def: 1000 });
    const { items, next } = page(unassigned(c.corp), c.body.cursor, size);
    return { info: items, is_last: !next, next_cursor: next };
  });

  // A departed owner's groups go to a new owner at once (the members are told in the group).
  r.post('externalcontact/groupchat/transfer', 'corp', (c) => {
    needScope(c, 'customer');
    const chats = strList(c.body.chat_id_list, 'chat_id_list', { required: true, max: 100, maxCode: 81017 });
    const newOwner = str(c.body.new_owner, 'new_owner', { required: true });
    const owner = c.corp.member(newOwner);
    if (!owner || owner.departed_at !== undefined || !owner.contact) fail(40003, 'invalid new_owner');
    const failed: Array<{ chat_id: string; errcode: number; errmsg: string }> = [];
    for (const id of chats) {
      const g = c.corp.group(id);
      if (!g) {
        failed.push({ chat_id: id, errcode: 90500, errmsg: 'chat not exist' });
        continue;
      }
      if (c.corp.member(g.owner)?.departed_at === undefined) {
        failed.push({ chat_id: id, errcode: 90501, errmsg: 'chat owner is not resigned' });
        continue;
      }
      g.owner = newOwner;
      g.status = 3;
      if (!g.member_list.some((m) => m.userid === newOwner)) {
        g.member_list.push({ userid: newOwner, type: 1, join_time: Math.floor(c.world.now() / 1000), join_scene: 1, group_nickname: '', name: owner!.name });
        g.member_version++;
      }
    }
    return { failed_chat_list: failed };
  });
}
