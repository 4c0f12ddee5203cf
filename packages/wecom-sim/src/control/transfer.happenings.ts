// Transfers seen from the corp: a member leaves (their customers and groups wait to be reassigned), a
// customer accepts or refuses a transfer, and the clock moves on (24 hours later a waiting transfer
// is taken over on its own).
import type { Corp } from '../wecom/corp.js';
import { unassigned } from '../wecom/transfer.routes.js';
import { answerTransfer, pendingOf, resultOf, settleTransfers } from '../wecom/transfers.js';
import type { WecomWorld } from '../wecom/world.js';
import { HappeningError } from './happenings.js';

const refuse = (status: number, errcode: number, message: string): never => {
  throw new HappeningError(status, errcode, message);
};

/** A member leaves the corp (change_contact delete_user): their groups' status turns to 1 (owner left). */
export function memberLeave(world: WecomWorld, corp: Corp, b: { userid?: string }) {
  const m = (typeof b.userid === 'string' && corp.member(b.userid)) || refuse(404, 40003, '成员不存在');
  if (m.departed_at !== undefined) refuse(409, 40003, '该成员已离职');
  m.departed_at = Math.floor(world.now() / 1000);
  m.contact = false;
  for (const g of corp.groups) if (g.owner === m.userid) g.status = 1;
  const sent = world.emit(corp, 'change_contact', { ChangeType: 'delete_user', UserID: m.userid });
  return { userid: m.userid, departedAt: m.departed_at, deliveries: sent.map((d) => d.id) };
}

/** The customer of a waiting transfer answers: accept, refuse, or the taker turns out to be at their limit. */
export function transferAnswer(world: WecomWorld, corp: Corp, b: { externalUserid?: string; answer?: string }) {
  settleTransfers(world, corp);
  if (b.answer !== 'accept' && b.answer !== 'refuse' && b.answer !== 'limit') return refuse(400, 40058, 'answer 须为 accept、refuse 或 limit');
  const t = (typeof b.externalUserid === 'string' && pendingOf(corp, b.externalUserid)) || refuse(404, 40058, '该客户没有等待接替的转接');
  const deliveries = answerTransfer(world, corp, t, b.answer);
  return { ...resultOf(t), handover: t.handover, takeover: t.takeover, deliveries };
}

/** Every transfer, newest first, and the customers of departed members still unassigned. */
export function transferList(world: WecomWorld, corp: Corp) {
  settleTransfers(world, corp);
  const name = (u: string) => corp.member(u)?.name ?? u;
  const customer = (id: string) => {
    const ci = corp.customerIndex(id);
    return ci === undefined ? id : corp.cName[ci]!;
  };
  return {
    now: world.now(),
    list: corp.transfers
      .slice()
      .reverse()
      .map((t) => ({ ...resultOf(t), handover: t.handover, handoverName: name(t.handover), takeover: t.takeover, takeoverName: name(t.takeover), customerName: customer(t.external_userid), resigned: t.resigned, started: t.started })),
    unassigned: unassigned(corp).map((u) => ({ ...u, handoverName: name(u.handover_userid), customerName: customer(u.external_userid) })),
  };
}

/** Moves the simulator's clock on (WeCom's 24-hour acceptance, without waiting a day). */
export function advanceClock(world: WecomWorld, b: { ms?: number }) {
  if (typeof b.ms !== 'number' || !Number.isInteger(b.ms) || b.ms < 0 || b.ms > 366 * 86_400_000) return refuse(400, 40058, 'ms 须为 0 到一年之间的整数毫秒');
  world.clockOffsetMs += b.ms;
  for (const corp of world.corps.values()) settleTransfers(world, corp);
  return { now: world.now(), offsetMs: world.clockOffsetMs };
}
