// Customer transfers as WeCom runs them: a handed-over customer waits up to 24 hours (simulator
// clock) and is then taken over on their own, unless they refuse first or the taker is at their limit;
// a refusal or the limit pushes transfer_fail. Relations move when a transfer completes.
import type { Corp, Transfer } from './corp.js';
import { TRANSFER_WAIT_S } from './corp.js';
import type { WecomWorld } from './world.js';

const nowS = (world: WecomWorld) => Math.floor(world.now() / 1000);

/** The takeover member's customers may not go past this (WeCom's cap on one member's customers). */
export const CUSTOMER_LIMIT = 50_000;

/** The waiting transfer of a customer, if any (one at a time per customer). */
export const pendingOf = (corp: Corp, externalUserid: string) =>
  corp.transfers.find((t) => t.external_userid === externalUserid && t.status === 2);

/** Every waiting transfer whose 24 hours are up is taken over (run before anything reads them). */
export function settleTransfers(world: WecomWorld, corp: Corp): void {
  const now = nowS(world);
  for (const t of corp.transfers) if (t.status === 2 && t.started + TRANSFER_WAIT_S <= now) complete(world, corp, t, t.started + TRANSFER_WAIT_S);
}

/** The customer is the taker's now: the relation moves, remark, description and tags with it. */
function complete(world: WecomWorld, corp: Corp, t: Transfer, at: number): void {
  const ci = corp.customerIndex(t.external_userid);
  const from = corp.memberIndex(t.handover);
  const to = corp.memberIndex(t.takeover);
  if (ci === undefined || from === undefined || to === undefined) return void end(world, corp, t, 3, at);
  if (corp.followsOfMember(to).length >= CUSTOMER_LIMIT) return void end(world, corp, t, 4, at);
  const old = corp.findFollow(ci, from);
  if (corp.findFollow(ci, to) === undefined) {
    corp.addFollow(ci, to, {
      createtime: at,
      remark: old === undefined ? '' : corp.fRemark[old],
      description: old === undefined ? '' : corp.fDesc[old],
      tags: old === undefined ? null : corp.fTags[old],
      add_way: old === undefined ? 0 : corp.fAddWay[old]!,
      state: old === undefined ? '' : corp.fState[old],
      oper_userid: t.takeover,
    });
  }
  if (old !== undefined) corp.removeFollow(old);
  t.status = 1;
  t.ended = at;
}

/** A transfer that failed: refused (3) or the taker at their limit (4), with its transfer_fail event. */
function end(world: WecomWorld, corp: Corp, t: Transfer, status: 3 | 4, at: number): number[] {
  t.status = status;
  t.ended = at;
  const sent = world.emit(corp, 'change_external_contact', {
    ChangeType: 'transfer_fail',
    FailReason: status === 3 ? 'customer_refused' : 'customer_limit_exceed',
    UserID: t.takeover,
    ExternalUserID: t.external_userid,
  });
  return sent.map((d) => d.id);
}

/** The customer answers a waiting transfer: accept, refuse, or (for tests and demos) the taker is at their limit. */
export function answerTransfer(world: WecomWorld, corp: Corp, t: Transfer, answer: 'accept' | 'refuse' | 'limit'): number[] {
  const at = nowS(world);
  if (answer === 'accept') {
    complete(world, corp, t, at);
    return [];
  }
  return end(world, corp, t, answer === 'refuse' ? 3 : 4, at);
}

export function startTransfer(world: WecomWorld, corp: Corp, t: Omit<Transfer, 'status' | 'started' | 'ended'>): Transfer {
  const row: Transfer = { ...t, status: 2, started: nowS(world), ended: 0 };
  corp.transfers.push(row);
  return row;
}

/** transfer_result's customer entry: takeover_time is when it was (or will be) taken over, 0 when it failed. */
export function resultOf(t: Transfer) {
  const takeover_time = t.status === 1 ? t.ended : t.status === 2 ? t.started + TRANSFER_WAIT_S : 0;
  return { external_userid: t.external_userid, status: t.status, takeover_time };
}
