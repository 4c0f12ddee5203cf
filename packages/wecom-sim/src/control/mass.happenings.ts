// Mass messages (群发) as members see them in their WeCom client: a member confirms (sends) their task,
// one by one or 「全部确认」 for demos. At confirmation each target's result is fixed, as WeCom does:
// 2 when the customer is no longer the member's friend, 3 when the customer has already received the
// monthly cap of mass messages (as many as the month has days, China time), else 1 (delivered).
import type { Corp, MassMessage } from '../wecom/corp.js';
import type { WecomWorld } from '../wecom/world.js';
import { HappeningError } from './happenings.js';

const refuse = (status: number, errcode: number, message: string): never => {
  throw new HappeningError(status, errcode, message);
};

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The China-time month of `ms`: its start (s) and its number of days, WeCom's monthly cap per customer. */
export function chinaMonth(ms: number): { start: number; days: number } {
  const d = new Date(ms + CHINA_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { start: Math.floor((Date.UTC(y, m, 1) - CHINA_OFFSET_MS) / 1000), days: new Date(Date.UTC(y, m + 1, 0)).getUTCDate() };
}

function friend(corp: Corp, userid: string, ext: string) {
  const ci = corp.customerIndex(ext);
  const mi = corp.memberIndex(userid);
  const f = ci === undefined || mi === undefined ? undefined : corp.findFollow(ci, mi);
  return f !== undefined && !corp.fLost[f];
}

/** One member sends their task now: each target's result is fixed. */
function send(world: WecomWorld, corp: Corp, msg: MassMessage, userid: string) {
  const task = msg.tasks.get(userid)!;
  if (task.status === 2) return task;
  if (msg.cancelledAt !== undefined) refuse(409, 41062, '群发已被停止，成员不能再发送');
  const now = world.now();
  const sendTime = Math.floor(now / 1000);
  const month = chinaMonth(now);
  const results = (msg.targets.get(userid) ?? []).map((t) => {
    if (!t.external_userid) return 1;
    if (!friend(corp, userid, t.external_userid)) return 2;
    const got = (corp.massReceived.get(t.external_userid) ?? []).filter((s) => s >= month.start);
    if (got.length >= month.days) return 3;
    got.push(sendTime);
    corp.massReceived.set(t.external_userid, got);
    return 1;
  });
  (msg.results ??= new Map()).set(userid, results);
  Object.assign(task, { status: 2, send_time: sendTime });
  return task;
}

/** One member confirms one mass message. */
export function confirmMassSend(world: WecomWorld, corp: Corp, b: { msgid?: string; userid?: string }) {
  const msg = corp.massMessages.find((m) => m.msgid === b.msgid) ?? refuse(404, 40058, '群发任务不存在');
  if (!msg.tasks.has(b.userid ?? '')) refuse(404, 40003, '该成员没有这条群发任务');
  const task = send(world, corp, msg, b.userid!);
  return { msgid: msg.msgid, userid: b.userid, status: task.status, sendTime: task.send_time };
}

/** 「全部确认」: every member who has not sent one mass message (msgid), or every open one of the corp. */
export function confirmAllMassSend(world: WecomWorld, corp: Corp, b: { msgid?: string }) {
  const msgs = b.msgid === undefined ? corp.massMessages : [corp.massMessages.find((m) => m.msgid === b.msgid) ?? refuse(404, 40058, '群发任务不存在')];
  let confirmed = 0;
  for (const msg of msgs) {
    if (msg.cancelledAt !== undefined) continue;
    for (const [userid, task] of msg.tasks) {
      if (task.status === 2) continue;
      send(world, corp, msg, userid);
      confirmed++;
    }
  }
  return { confirmed };
}

/** The mass messages of a corp, newest first, for the page and tests. */
export function massMessageList(corp: Corp) {
  return {
    list: [...corp.massMessages].reverse().map((m) => ({
      msgid: m.msgid,
      creator: m.creator,
      chatType: m.chat_type,
      createTime: m.create_time,
      text: (m.text as { content?: string } | undefined)?.content ?? '',
      attachments: m.attachments.length,
      cancelled: m.cancelledAt !== undefined,
      reminders: m.reminders?.length ?? 0,
      members: [...m.tasks].map(([userid, t]) => ({
        userid,
        name: corp.member(userid)?.name ?? userid,
        status: t.status,
        sendTime: t.send_time ?? null,
        targets: (m.targets.get(userid) ?? []).map((x) => x.external_userid ?? x.chat_id ?? ''),
        results: m.results?.get(userid) ?? null,
      })),
    })),
  };
}
