// Mass messages (群发), welcome messages and member behaviour figures. A mass message only creates
// tasks: members confirm them in their client, here through POST /control/corps/:corpId/confirm-mass-send
// (-all); each customer's result is fixed at confirmation (control/mass.happenings.ts).
// Moments (朋友圈) are in moment.routes.ts.
import { randomBytes } from 'node:crypto';
import type { Corp, MassMessage } from './corp.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { liveTag } from './tag.routes.js';
import { decodeCursor, encodeCursor, int, str, strList } from './params.js';
import { Prng } from './prng.js';

const DAY = 86_400;
const ATTACHMENT_TYPES = ['image', 'link', 'miniprogram', 'video', 'file'];

export function checkContent(corp: Corp, body: Record<string, any>, maxText: number, unit: 'bytes' | 'chars') {
  const text = body.text?.content;
  if (text !== undefined && typeof text !== 'string') fail(40058, 'invalid parameter: text.content');
  const len = typeof text === 'string' ? (unit === 'bytes' ? Buffer.byteLength(text) : [...text].length) : 0;
  if (len > maxText) fail(40058, `invalid parameter: text.content exceeds ${maxText} ${unit}`);
  const attachments = body.attachments ?? [];
  if (!Array.isArray(attachments)) fail(40058, 'invalid parameter: attachments');
  if (attachments.length > 9) fail(40058, 'invalid parameter: more than 9 attachments');
  if (!len && !attachments.length) fail(40058, 'invalid parameter: text or attachments is required');
  for (const a of attachments as Array<Record<string, any>>) {
    if (!ATTACHMENT_TYPES.includes(a?.msgtype)) fail(40008, 'invalid message type');
    const mediaId = a[a.msgtype]?.media_id;
    if (mediaId !== undefined && !liveMedia(corp, mediaId)) fail(40007, 'invalid media_id');
  }
  return { text: body.text, attachments: attachments as unknown[] };
}

export function liveMedia(corp: Corp, id: unknown) {
  const m = typeof id === 'string' ? corp.media.get(id) : undefined;
  return m && m.expiresAt > Date.now() ? m : undefined;
}

/** Customers matching a tag filter: every group of the filter matches (any tag of a group). */
function tagFilter(corp: Corp, filter: unknown): ((f: number) => boolean) | undefined {
  const groups = (filter as { group_list?: Array<{ tag_list?: unknown }> } | undefined)?.group_list;
  if (!groups?.length) return undefined;
  const lists = groups.map((g) => strList(g.tag_list, 'tag_filter.group_list.tag_list'));
  for (const l of lists) for (const id of l) if (!liveTag(corp, id)) fail(40068, 'invalid tagid');
  return (f) => {
    const tags = corp.fTags[f] ?? [];
    return lists.every((l) => !l.length || l.some((id) => tags.includes(id)));
  };
}

export function messageRoutes(r: Router) {
  r.post('externalcontact/add_msg_template', 'corp', (c) => {
    needScope(c, 'customer');
    const corp = c.corp;
    const b = c.body;
    const chatType = b.chat_type === undefined ? 'single' : b.chat_type;
    if (chatType !== 'single' && chatType !== 'group') fail(40058, 'invalid parameter: chat_type');
    const content = checkContent(corp, b, 4000, 'bytes');
    const sender = str(b.sender, 'sender');
    if (sender) {
      const m = corp.member(sender) ?? fail(40003, 'invalid userid');
      if (!m.contact) fail(84074, 'no external contact permission');
    }
    const targets = new Map<string, Array<{ external_userid?: string; chat_id?: string }>>();
    const add = (userid: string, t: { external_userid?: string; chat_id?: string }) => {
      const l = targets.get(userid) ?? [];
      l.push(t);
      targets.set(userid, l);
    };
    const failList: string[] = [];
    if (chatType === 'single') {
      const ids = strList(b.external_userid, 'external_userid', { max: 10_000 });
      const byTag = tagFilter(corp, b.tag_filter);
      const senderIdx = sender ? corp.memberIndex(sender) : undefined;
      const consider = (ci: number, extId: string) => {
        const follows = corp.followsOfCustomer(ci).filter((f) => (senderIdx === undefined || corp.fUser[f] === senderIdx) && (!byTag || byTag(f)));
        // with no sender, the member who added the customer first sends
        if (!follows.length) return failList.push(extId);
        add(corp.members[corp.fUser[follows[0]!]!]!.userid, { external_userid: extId });
      };
      if (ids.length) {
        for (const id of ids) {
          const ci = corp.customerIndex(id);
          if (ci === undefined) failList.push(id);
          else consider(ci, id);
        }
      } else if (senderIdx !== undefined) {
        for (const f of corp.followsOfMember(senderIdx)) if (!byTag || byTag(f)) add(sender, { external_userid: corp.cId[corp.fCust[f]!] });
      } else {
        for (let ci = 0; ci < corp.customerCount; ci++) if (corp.followsOfCustomer(ci).length) consider(ci, corp.cId[ci]!);
        failList.length = 0;
      }
    } else {
      if (!sender) fail(40058, 'invalid parameter: sender is required for group messages');
      const ids = strList(b.chat_id_list, 'chat_id_list', { max: 2000 });
      const chats = ids.length ? ids.map((id) => corp.group(id) ?? fail(40050, 'chatid not found')) : corp.groups.filter((g) => g.owner === sender);
      for (const g of chats) {
        if (g.owner !== sender) failList.push(g.chat_id);
        else add(sender, { chat_id: g.chat_id });
      }
    }
    if (!targets.size) fail(41048, 'no available external contact');
    const msg: MassMessage = {
      msgid: `msg${randomBytes(12).toString('base64url')}`,
      creator: sender,
      create_type: 1,
      create_time: Math.floor(Date.now() / 1000),
      chat_type: chatType,
      text: content.text,
      attachments: content.attachments,
      tasks: new Map([...targets.keys()].map((u) => [u, { status: 0 }])),
      targets,
    };
    corp.massMessages.push(msg);
    return { fail_list: failList, msgid: msg.msgid };
  });

  r.post('externalcontact/get_groupmsg_list_v2', 'corp', (c) => {
    needScope(c, 'customer');
    const b = c.body;
    const chatType = str(b.chat_type, 'chat_type', { required: true });
    if (chatType !== 'single' && chatType !== 'group') fail(40058, 'invalid parameter: chat_type');
    const start = int(b.start_time, 'start_time', { min: 0 });
    const end = int(b.end_time, 'end_time', { min: 0 });
    if (start > end || end - start > 31 * DAY) fail(40058, 'invalid parameter: time span exceeds one month');
    const creator = str(b.creator, 'creator');
    const filterType = int(b.filter_type, 'filter_type', { min: 0, max: 2, def: 2 });
    const limit = int(b.limit, 'limit', { min: 1, max: 100, def: 50 });
    const list = c.corp.massMessages.filter(
      (m) =>
        m.chat_type === chatType &&
        m.create_time >= start &&
        m.create_time <= end &&
        (!creator || m.creator === creator) &&
        (filterType === 2 || (filterType === 0 ? m.create_type === 1 : m.create_type === 2)),
    );
    const from = decodeCursor(b.cursor);
    const items = list.slice(from, from + limit);
    return {
      next_cursor: from + limit < list.length ? encodeCursor(from + limit) : '',
      group_msg_list: items.map((m) => ({ msgid: m.msgid, creator: m.creator, create_time: String(m.create_time), create_type: m.create_type, text: m.text, attachments: m.attachments })),
    };
  });

  const findMsg = (corp: Corp, id: unknown) => {
    const msgid = str(id, 'msgid', { required: true });
    return corp.massMessages.find((m) => m.msgid === msgid) ?? fail(40058, 'invalid parameter: msgid');
  };

  r.post('externalcontact/get_groupmsg_task', 'corp', (c) => {
    needScope(c, 'customer');
    const msg = findMsg(c.corp, c.body.msgid);
    const limit = int(c.body.limit, 'limit', { min: 1, max: 1000, def: 500 });
    const all = [...msg.tasks].map(([userid, t]) => (t.send_time ? { userid, status: t.status, send_time: t.send_time } : { userid, status: t.status }));
    const from = decodeCursor(c.body.cursor);
    return { next_cursor: from + limit < all.length ? encodeCursor(from + limit) : '', task_list: all.slice(from, from + limit) };
  });

  r.post('externalcontact/get_groupmsg_send_result', 'corp', (c) => {
    needScope(c, 'customer');
    const msg = findMsg(c.corp, c.body.msgid);
    const userid = str(c.body.userid, 'userid', { required: true, code: 40003 });
    const limit = int(c.body.limit, 'limit', { min: 1, max: 1000, def: 500 });
    const task = msg.tasks.get(userid);
    // once sent: the result fixed at confirmation (1 delivered, 2 no longer a friend, 3 already received another)
    const results = msg.results?.get(userid);
    const all = (msg.targets.get(userid) ?? []).map((t, i) => ({
      ...t,
      userid,
      status: task?.status !== 2 ? 0 : (results?.[i] ?? 1),
      ...(task?.send_time ? { send_time: task.send_time } : {}),
    }));
    const from = decodeCursor(c.body.cursor);
    return { next_cursor: from + limit < all.length ? encodeCursor(from + limit) : '', send_list: all.slice(from, from + limit) };
  });

  // 提醒发送: WeCom reminds the members who have not sent; three times a mass message within 24 hours.
  r.post('externalcontact/remind_groupmsg_send', 'corp', (c) => {
    needScope(c, 'customer');
    const msg = findMsg(c.corp, c.body.msgid);
    if (msg.cancelledAt !== undefined) fail(41062, 'mass message already cancelled');
    const now = c.world.now();
    if ((msg.reminders ?? []).filter((at) => now - at < DAY * 1000).length >= 3) fail(41064, 'remind too frequently, at most 3 times per 24 hours');
    (msg.reminders ??= []).push(now);
    return {};
  });

  // 停止发送: members who have not sent can no longer send it.
  r.post('externalcontact/cancel_groupmsg_send', 'corp', (c) => {
    needScope(c, 'customer');
    const msg = findMsg(c.corp, c.body.msgid);
    msg.cancelledAt ??= c.world.now();
    return {};
  });

  r.post('externalcontact/send_welcome_msg', 'corp', (c) => {
    needScope(c, 'customer');
    const code = str(c.body.welcome_code, 'welcome_code', { required: true, code: 41050 });
    const w = c.corp.welcomeCodes.get(code);
    if (!w || w.expiresAt <= Date.now()) fail(41050, 'invalid welcome_code');
    if (w!.used) fail(41051, 'welcome msg already sent');
    const content = checkContent(c.corp, c.body, 4000, 'bytes');
    w!.used = true;
    const text = (content.text as { content?: unknown } | undefined)?.content;
    c.corp.addWelcomeMessage({
      welcomeCode: code,
      userid: w!.userid,
      externalUserid: w!.external_userid,
      text: typeof text === 'string' ? text : '',
      attachments: content.attachments,
      sentAt: Date.now(),
    });
    return {};
  });

  r.post('externalcontact/get_user_behavior_data', 'corp', (c) => {
    needScope(c, 'customer');
    const corp = c.corp;
    const userids = strList(c.body.userid, 'userid', { max: 100 });
    const parties = (c.body.partyid ?? []) as unknown[];
    if (!Array.isArray(parties) || parties.length > 100) fail(40058, 'invalid parameter: partyid');
    if (!userids.length && !parties.length) fail(40058, 'invalid parameter: userid or partyid is required');
    for (const u of userids) if (!corp.member(u)) fail(40003, 'invalid userid');
    const start = int(c.body.start_time, 'start_time', { min: 0 });
    const end = int(c.body.end_time, 'end_time', { min: 0 });
    const nowS = Math.floor(Date.now() / 1000);
    if (start > end || end - start > 30 * DAY || start < nowS - 180 * DAY) fail(40058, 'invalid parameter: time range');
    const people = userids.length + parties.length;
    const data = [];
    for (let day = Math.floor((start + 8 * 3600) / DAY) * DAY - 8 * 3600; day <= end; day += DAY) {
      const r = new Prng(`${corp.corpId}/${[...userids, ...parties].join(',')}/${day}`);
      data.push({
        stat_time: day,
        chat_cnt: r.int(0, 20) * people,
        message_cnt: r.int(0, 120) * people,
        reply_percentage: Math.round(r.next() * 10_000) / 100,
        avg_reply_time: r.int(1, 60),
        negative_feedback_cnt: r.int(0, 1),
        new_apply_cnt: r.int(0, 5) * people,
        new_contact_cnt: r.int(0, 4) * people,
      });
    }
    return { behavior_data: data };
  });
}

