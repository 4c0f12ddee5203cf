// Things that happen in a corp, as WeCom would see them, each with its callback event.
import { randomBytes } from 'node:crypto';
import type { Delivery } from '../callbacks/delivery.js';
import type { Corp, GroupChat, GroupMember } from '../wecom/corp.js';
import { liveWays } from '../wecom/contact-way.routes.js';
import { addCorpTags, delCorpTags, editCorpTag, ERR_INVALID_TAG, ERR_NAME_EXISTS, ERR_TAG_CAP, shuffleTags, TAG_CAP } from '../wecom/corp-tags.js';
import { WecomErr } from '../wecom/errors.js';
import { GIVEN, NICK_PREFIX, SURNAMES } from '../wecom/names.js';
import type { WecomWorld } from '../wecom/world.js';

export class HappeningError extends Error {
  constructor(
    readonly status: number,
    readonly errcode: number,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (status: number, errcode: number, message: string): never => {
  throw new HappeningError(status, errcode, message);
};

const nowS = () => Math.floor(Date.now() / 1000);
const newExternalId = () => `wm${randomBytes(23).toString('base64url').replace(/[-_]/g, 'x').slice(0, 30)}`;
const randomName = () => {
  const pick = <T>(l: readonly T[]) => l[Math.floor(Math.random() * l.length)]!;
  return pick(NICK_PREFIX) + pick(SURNAMES)[0] + pick(GIVEN);
};
const ids = (ds: Delivery[]) => ds.map((d) => d.id);

function followOf(corp: Corp, userid: unknown, externalUserid: unknown) {
  const mi = typeof userid === 'string' ? corp.memberIndex(userid) : undefined;
  if (mi === undefined) refuse(404, 40003, '成员不存在');
  const ci = typeof externalUserid === 'string' ? corp.customerIndex(externalUserid) : undefined;
  if (ci === undefined) refuse(404, 40096, '客户不存在');
  const f = corp.findFollow(ci!, mi!);
  if (f === undefined) refuse(409, 84061, '该成员与客户之间没有好友关系');
  return { mi: mi!, ci: ci!, f: f! };
}

export function scan(world: WecomWorld, corp: Corp, b: { configId?: string; state?: string; externalUserid?: string; name?: string; userid?: string }) {
  const ways = liveWays(corp);
  const way = b.configId ? ways.find((w) => w.config_id === b.configId) : b.state !== undefined ? ways.find((w) => w.state === b.state) : undefined;
  if (!b.configId && b.state === undefined) refuse(400, 40058, '请指定联系我二维码（configId 或 state）');
  if (!way) refuse(404, 40404, '联系我二维码不存在或已过期');
  const candidates = [
    ...way!.user,
    ...corp.members.filter((m) => m.department.some((d) => way!.party.includes(d))).map((m) => m.userid),
  ].filter((u, i, l) => l.indexOf(u) === i && corp.member(u)?.contact);
  if (!candidates.length) refuse(409, 84074, '该二维码没有可接待的成员');
  const userid = b.userid && candidates.includes(b.userid) ? b.userid : candidates[Math.floor(Math.random() * candidates.length)]!;
  const mi = corp.memberIndex(userid)!;

  let ci: number;
  let newCustomer = false;
  if (b.externalUserid) {
    ci = corp.customerIndex(b.externalUserid) ?? refuse(404, 40096, '客户不存在（已有微信用户须是本企业的客户）');
  } else {
    newCustomer = true;
    ci = corp.addCustomer({
      external_userid: newExternalId(),
      name: b.name?.trim() || randomName(),
      type: 1,
      gender: Math.floor(Math.random() * 3),
      unionid: `o${randomBytes(20).toString('base64url').slice(0, 27)}`,
    });
  }
  const externalUserid = corp.cId[ci]!;
  const who = { externalUserid, userid, newCustomer, customerName: corp.cName[ci]!, memberName: corp.members[mi]!.name };
  const existing = corp.findFollow(ci, mi);
  if (existing !== undefined && !corp.fLost[existing]) {
    return { ...who, alreadyFriend: true, welcomeCode: null, welcomeCodeExpiresAt: null, deliveries: [] as number[] };
  }
  if (existing !== undefined) {
    // the customer had deleted the member and adds them again: the same relation comes back
    corp.fLost[existing] = 0;
    corp.fTime[existing] = nowS();
    corp.fAddWay[existing] = 1;
    corp.fState[existing] = way!.state;
    corp.fOper[existing] = externalUserid;
  } else {
    corp.addFollow(ci, mi, { createtime: nowS(), add_way: 1, state: way!.state, oper_userid: externalUserid });
  }
  const welcomeCode = randomBytes(24).toString('base64url');
  const welcomeCodeExpiresAt = Date.now() + world.welcomeCodeTtlMs;
  corp.welcomeCodes.set(welcomeCode, { userid, external_userid: externalUserid, expiresAt: welcomeCodeExpiresAt, used: false });
  const sent = world.emit(corp, 'change_external_contact', {
    ChangeType: 'add_external_contact',
    UserID: userid,
    ExternalUserID: externalUserid,
    State: way!.state || undefined,
    WelcomeCode: welcomeCode,
  });
  return { ...who, alreadyFriend: false, welcomeCode, welcomeCodeExpiresAt, deliveries: ids(sent) };
}

/** The member deletes the customer (del_external_contact). */
export function deleteCustomer(world: WecomWorld, corp: Corp, b: { userid?: string; externalUserid?: string }) {
  const { f } = followOf(corp, b.userid, b.externalUserid);
  corp.removeFollow(f);
  return { deliveries: ids(world.emit(corp, 'change_external_contact', { ChangeType: 'del_external_contact', UserID: b.userid, ExternalUserID: b.externalUserid })) };
}

/** The customer deletes the member (del_follow_user). As in WeCom, the member still has the customer
 * (the API keeps listing the relation) until the member deletes them too or they add each other again. */
export function customerDeletesMember(world: WecomWorld, corp: Corp, b: { userid?: string; externalUserid?: string }) {
  const { f } = followOf(corp, b.userid, b.externalUserid);
  if (corp.fLost[f]) refuse(409, 84061, '客户已删除该成员');
  corp.fLost[f] = 1;
  return { deliveries: ids(world.emit(corp, 'change_external_contact', { ChangeType: 'del_follow_user', UserID: b.userid, ExternalUserID: b.externalUserid })) };
}

export function editCustomer(world: WecomWorld, corp: Corp, b: { userid?: string; externalUserid?: string; remark?: string; description?: string; gender?: number }) {
  const { f, ci } = followOf(corp, b.userid, b.externalUserid);
  if (typeof b.remark === 'string') corp.fRemark[f] = b.remark.slice(0, 20);
  if (typeof b.description === 'string') corp.fDesc[f] = b.description.slice(0, 150);
  // The customer's own profile (their WeChat gender), as the next externalcontact/get reads it.
  if (b.gender !== undefined) {
    if (![0, 1, 2].includes(b.gender)) refuse(400, 40058, 'gender 只能是 0、1、2');
    corp.cGender[ci] = b.gender;
  }
  return { deliveries: ids(world.emit(corp, 'change_external_contact', { ChangeType: 'edit_external_contact', UserID: b.userid, ExternalUserID: b.externalUserid })) };
}

function chatOf(corp: Corp, chatId: unknown) {
  return (typeof chatId === 'string' && corp.group(chatId)) || refuse(404, 40050, '客户群不存在');
}

/** The next change of a group's members: the version before and after, as the event carries them. */
function bump(g: { member_version: number }) {
  const last = g.member_version++;
  return { LastMemVer: String(last), CurMemVer: String(g.member_version) };
}

const groupSeq = { n: 0 };
const newChatId = () => `wr${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}${(++groupSeq.n).toString(36)}`;

/** A member creates a customer group (change_external_chat create), optionally with customers in it. */
export function groupCreate(world: WecomWorld, corp: Corp, b: { owner?: string; name?: string; externalUserids?: string[] }) {
  const owner = (typeof b.owner === 'string' && corp.member(b.owner)) || refuse(404, 40003, '群主须是企业成员');
  if (owner.departed_at !== undefined) refuse(409, 40003, '该成员已离职');
  const name = typeof b.name === 'string' ? b.name.trim().slice(0, 50) : '';
  const now = nowS();
  const g: GroupChat = {
    chat_id: newChatId(),
    name,
    owner: owner.userid,
    create_time: now,
    notice: '',
    status: 0,
    member_list: [{ userid: owner.userid, type: 1, join_time: now, join_scene: 1, invitor: { userid: owner.userid }, group_nickname: '', name: owner.name }],
    admin_list: [],
    member_version: 1,
  };
  for (const id of Array.isArray(b.externalUserids) ? b.externalUserids : []) {
    const ci = corp.customerIndex(id) ?? refuse(404, 40096, '客户不存在');
    g.member_list.push({ userid: id, type: 2, join_time: now, join_scene: 1, invitor: { userid: owner.userid }, group_nickname: '', name: corp.cName[ci]! });
  }
  corp.groups.push(g);
  return { chatId: g.chat_id, deliveries: ids(world.emit(corp, 'change_external_chat', { ChatId: g.chat_id, ChangeType: 'create' })) };
}

/**
 * Someone joins a group (add_member). joinScene as WeCom: 1 invited directly, 2 by link, 3 by the
 * group QR code. `invitor` (a member's userid) defaults to the owner for invitations.
 */
export function groupJoin(world: WecomWorld, corp: Corp, b: { chatId?: string; externalUserid?: string; userid?: string; joinScene?: number; invitor?: string }) {
  const g = chatOf(corp, b.chatId);
  const scene = b.joinScene === 1 || b.joinScene === 2 || b.joinScene === 3 ? b.joinScene : 3;
  const invitor = b.invitor ? (corp.member(b.invitor) ?? refuse(404, 40003, '邀请人须是企业成员')).userid : g.owner;
  let m: GroupMember;
  if (b.userid) {
    const member = corp.member(b.userid) ?? refuse(404, 40003, '成员不存在');
    m = { userid: member.userid, type: 1, join_time: nowS(), join_scene: scene, group_nickname: '', name: member.name };
  } else {
    const ci = b.externalUserid ? corp.customerIndex(b.externalUserid) : undefined;
    if (b.externalUserid && ci === undefined) refuse(404, 40096, '客户不存在');
    const id = ci === undefined ? newExternalId() : corp.cId[ci]!;
    m = { userid: id, type: 2, join_time: nowS(), join_scene: scene, group_nickname: '', name: ci === undefined ? randomName() : corp.cName[ci]! };
    if (ci !== undefined && corp.cUnionid[ci]) m.unionid = corp.cUnionid[ci];
  }
  // Joining by link or QR code shares someone's invitation too: WeCom names the member who shared it.
  m.invitor = { userid: invitor };
  if (g.member_list.some((x) => x.userid === m.userid)) refuse(409, 40058, '已在群中');
  if (g.member_list.length >= 500) refuse(409, 40058, '群成员已满（500 人）');
  g.member_list.push(m);
  const sent = world.emit(corp, 'change_external_chat', {
    ChatId: g.chat_id,
    ChangeType: 'update',
    UpdateDetail: 'add_member',
    JoinScene: scene,
    MemChangeCnt: 1,
    MemChangeList: [m.userid],
    ...bump(g),
  });
  return { userid: m.userid, deliveries: ids(sent) };
}

/** Someone leaves (del_member). quitScene as WeCom: 0 left on their own, 1 removed by the owner or an admin. */
export function groupLeave(world: WecomWorld, corp: Corp, b: { chatId?: string; userid?: string; quitScene?: number }) {
  const g = chatOf(corp, b.chatId);
  const i = g.member_list.findIndex((x) => x.userid === b.userid);
  if (i < 0) refuse(404, 40058, '该用户不在群中');
  if (g.owner === b.userid) refuse(409, 40058, '群主不能退群，请解散群');
  g.member_list.splice(i, 1);
  const sent = world.emit(corp, 'change_external_chat', {
    ChatId: g.chat_id,
    ChangeType: 'update',
    UpdateDetail: 'del_member',
    QuitScene: b.quitScene === 1 ? 1 : 0,
    MemChangeCnt: 1,
    MemChangeList: [b.userid!],
    ...bump(g),
  });
  return { deliveries: ids(sent) };
}

export function groupRename(world: WecomWorld, corp: Corp, b: { chatId?: string; name?: string }) {
  const g = chatOf(corp, b.chatId);
  const name = (typeof b.name === 'string' && b.name.trim().slice(0, 50)) || refuse(400, 40058, '请填写群名');
  g.name = name;
  return { deliveries: ids(world.emit(corp, 'change_external_chat', { ChatId: g.chat_id, ChangeType: 'update', UpdateDetail: 'change_name' })) };
}

export function groupDismiss(world: WecomWorld, corp: Corp, b: { chatId?: string }) {
  const g = chatOf(corp, b.chatId);
  corp.groups.splice(corp.groups.indexOf(g), 1);
  return { deliveries: ids(world.emit(corp, 'change_external_chat', { ChatId: g.chat_id, ChangeType: 'dismiss' })) };
}

/** WeCom's refusal of a tag edit, as the control API's 4xx (an unknown id is a 404). */
function asRefusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof WecomErr) refuse(err.errcode === ERR_INVALID_TAG ? 404 : 400, err.errcode, TAG_REFUSALS[err.errcode] ?? err.msg);
    throw err;
  }
}
const TAG_REFUSALS: Record<number, string> = {
  [ERR_INVALID_TAG]: '标签或标签组不存在',
  [ERR_NAME_EXISTS]: '名称已存在（同一标签组内的标签、或标签组之间不能重名）',
  [ERR_TAG_CAP]: `企业标签已达上限（${TAG_CAP} 个）`,
};

/**
 * An admin edits corp tags in WeCom's console, each change pushing change_external_tag:
 * - create: tags (`name`, or several `names`) into a group (`groupId`, or `groupName` — a new group
 *   with its tags is one tag_group create);
 * - update: a tag's or group's (`id`) `name` and/or `order`;
 * - delete: a tag or a whole group (`id`) — a group's last tag takes the group with it;
 * - shuffle: a new order (`ids`, first first) of one group's tags (`groupId`) or of the groups.
 */
export function tagEdit(
  world: WecomWorld,
  corp: Corp,
  b: { action?: string; id?: string; groupId?: string; groupName?: string; name?: string; names?: string[]; order?: number; ids?: string[] },
) {
  const action = b.action ?? (b.id ? 'update' : 'create');
  const events: Array<Record<string, string>> = [];
  let id = '';
  let tagType: 'tag' | 'tag_group' | undefined;
  if (action === 'create') {
    const names = b.names ?? (b.name !== undefined ? [b.name] : []);
    if (!names.length) refuse(400, 40058, '请填写标签名称');
    if (!b.groupId && !b.groupName?.trim()) refuse(400, 40058, '请指定标签组（groupId 或 groupName）');
    const { group, added, newGroup } = asRefusal(() =>
      addCorpTags(corp, { group_id: b.groupId, group_name: b.groupName?.trim(), tag: names.map((name) => ({ name: name.trim() })) }),
    );
    if (newGroup) {
      id = group.group_id;
      tagType = 'tag_group';
      events.push({ Id: id, TagType: tagType, ChangeType: 'create' });
    } else {
      id = added[0]!.id;
      tagType = 'tag';
      for (const t of added) events.push({ Id: t.id, TagType: tagType, ChangeType: 'create' });
    }
  } else if (action === 'update') {
    if (b.name === undefined && b.order === undefined) refuse(400, 40058, '请填写新名称或排序');
    id = b.id ?? '';
    tagType = asRefusal(() => editCorpTag(corp, { id, name: b.name === undefined ? undefined : b.name.trim(), order: b.order }));
    events.push({ Id: id, TagType: tagType, ChangeType: 'update' });
  } else if (action === 'delete') {
    id = b.id ?? '';
    tagType = corp.tagGroups.some((g) => g.group_id === id && !g.deleted) ? 'tag_group' : 'tag';
    const isGroup = tagType === 'tag_group';
    const { emptiedGroups } = asRefusal(() => delCorpTags(corp, isGroup ? [] : [id], isGroup ? [id] : []));
    events.push({ Id: id, TagType: tagType, ChangeType: 'delete' });
    for (const g of emptiedGroups) events.push({ Id: g, TagType: 'tag_group', ChangeType: 'delete' });
  } else if (action === 'shuffle') {
    if (!Array.isArray(b.ids) || b.ids.some((x) => typeof x !== 'string')) refuse(400, 40058, '请按新顺序列出 ids');
    asRefusal(() => shuffleTags(corp, b.groupId, b.ids!));
    id = b.groupId ?? '';
    // Id names the group whose tags moved; none when the groups themselves moved.
    events.push({ Id: id, ChangeType: 'shuffle' });
  } else {
    return refuse(400, 40058, 'action 须为 create、update、delete 或 shuffle');
  }
  corp.reindexTags();
  const sent = events.flatMap((e) => world.emit(corp, 'change_external_tag', e));
  return { id, tagType: tagType ?? null, deliveries: ids(sent) };
}
