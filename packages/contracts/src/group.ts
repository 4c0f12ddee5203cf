// 客户群 (/api/qw/group/list|detail|sync): customer groups synced from WeCom with their members and the
// joins and quits their change_external_chat events report. Workspace-scoped (X-Work-Id).
import { Type, type Static } from 'typebox';
import { PageNumber } from './api.js';
import { SyncProgress } from './qw.js';

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const ChatId = Type.String({ minLength: 1, maxLength: 128 });

export const GroupListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Groups owned by any of these members. */
  owners: Type.Optional(Type.Array(UserId, { maxItems: 100 })),
  /** Part of the group's name. */
  name: Type.Optional(Type.String({ maxLength: 64 })),
  /** Groups with a customer carrying any of these corp tags (WeCom has no tags on groups themselves). */
  tagIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
});
export type GroupListBody = Static<typeof GroupListBody>;

export const GroupRow = Type.Object({
  chatId: Type.String(),
  name: Type.String(),
  owner: Type.String(),
  ownerName: Type.String(),
  memberCount: Type.Integer(),
  customerCount: Type.Integer(),
  staffCount: Type.Integer(),
  /** Epoch ms. */
  createTime: Type.Integer(),
  /** WeCom's groupchat status: 0 normal, 1 owner left, 2 being inherited, 3 inherited. */
  status: Type.Integer(),
  todayJoins: Type.Integer(),
  todayQuits: Type.Integer(),
});
export type GroupRow = Static<typeof GroupRow>;
export const GroupList = Type.Object({ list: Type.Array(GroupRow), total: Type.Integer(), sync: SyncProgress });
export type GroupList = Static<typeof GroupList>;

export const GroupDetailBody = Type.Object({ chatId: ChatId });
export type GroupDetailBody = Static<typeof GroupDetailBody>;

/** How someone came into the group (WeCom's join_scene). */
export const JOIN_SCENE_LABEL: Record<number, string> = { 0: '未知', 1: '由群成员邀请入群', 2: '通过群链接入群', 3: '扫描群二维码入群' };
/** Shown for the owner in place of WeCom's join scene (which names no creator). */
export const OWNER_SCENE_LABEL = '群主';
/** How someone left (WeCom's QuitScene). */
export const QUIT_SCENE_LABEL: Record<number, string> = { 0: '自己退群', 1: '被移出群聊' };
export const GROUP_STATUS_LABEL: Record<number, string> = { 0: '正常', 1: '群主已离职', 2: '离职继承中', 3: '离职继承完成' };

export const GroupMemberRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** 1 a member of the corp (员工), 2 a customer. */
  type: Type.Integer(),
  joinTime: Type.Integer(),
  joinScene: Type.Integer(),
  joinSceneText: Type.String(),
  invitor: Type.String(),
  invitorName: Type.String(),
});
export type GroupMemberRow = Static<typeof GroupMemberRow>;

export const GroupDay = Type.Object({ day: Type.String(), joins: Type.Integer(), quits: Type.Integer() });
export type GroupDay = Static<typeof GroupDay>;

export const GroupDetail = Type.Object({
  group: Type.Intersect([GroupRow, Type.Object({ notice: Type.String() })]),
  members: Type.Array(GroupMemberRow),
  /** The last 30 China-time days, oldest first. */
  trend: Type.Array(GroupDay),
});
export type GroupDetail = Static<typeof GroupDetail>;
