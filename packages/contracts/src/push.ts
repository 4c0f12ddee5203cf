// 群发 (/api/qw/push/*, X-Work-Id): a message to customers or to customer groups. The server turns a
// push into WeCom tasks (`add_msg_template`, one per sending member and at most 10,000 customers each),
// which each member confirms in their WeCom client; it then follows every task to each customer's result
// (`get_groupmsg_task`, `get_groupmsg_send_result`). See docs/push.md.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { DateKey, WELCOME_MAX_ATTACHMENTS, WELCOME_TEXT_MAX_BYTES } from './contact-way.js';
import { TagMode } from './customer.js';
import { SEND_STATUS_LABEL, SendAt, SendingRow, SendStatus, TrackTimes } from './marketing.js';

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const TagId = Type.String({ minLength: 1, maxLength: 64 });
const ChatId = Type.String({ minLength: 1, maxLength: 128 });

/** WeCom's cap on one add_msg_template's customers: a member's share beyond it is split. */
export const PUSH_TASK_MAX_CUSTOMERS = 10_000;
/** WeCom's cap on one add_msg_template's groups. */
export const PUSH_TASK_MAX_GROUPS = 2_000;
/** WeCom's text limit (bytes of UTF-8) and attachment count, as for the welcome message. */
export const PUSH_TEXT_MAX_BYTES = WELCOME_TEXT_MAX_BYTES;
export const PUSH_MAX_ATTACHMENTS = WELCOME_MAX_ATTACHMENTS;
/** A scheduled push may be set at most this far ahead. */
export const PUSH_SCHEDULE_MAX_DAYS = 30;

export const PushChatType = Type.Union([Type.Literal('single'), Type.Literal('group')]);
export type PushChatType = Static<typeof PushChatType>;
export const PUSH_CHAT_TYPE_LABEL: Record<PushChatType, string> = { single: '群发客户', group: '群发客户群' };

/**
 * Who receives a push to customers: live follow relations matching every given filter (as the customer
 * list filters them); with `chatIds`, only customers in those customer groups. Each customer gets the
 * message once, from the member who added them last among the chosen members.
 * A push to groups: the groups of `ownerUserids` (every owner's groups when empty), or exactly `chatIds`.
 */
export const PushAudience = Type.Object({
  userids: Type.Optional(Type.Array(UserId, { maxItems: 1000 })),
  tagIds: Type.Optional(Type.Array(TagId, { maxItems: 20 })),
  tagMode: Type.Optional(TagMode),
  contactWayIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  addedFrom: Type.Optional(DateKey),
  addedTo: Type.Optional(DateKey),
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  chatIds: Type.Optional(Type.Array(ChatId, { maxItems: 2000 })),
  /** group pushes: the owners whose groups receive it. */
  ownerUserids: Type.Optional(Type.Array(UserId, { maxItems: 1000 })),
});
export type PushAudience = Static<typeof PushAudience>;

export const PushContent = Type.Object({
  text: Type.String({ maxLength: 1500 }),
  /** Materials of the library (not text ones), sent as attachments in this order. */
  materialIds: Type.Array(Id, { maxItems: PUSH_MAX_ATTACHMENTS }),
});
export type PushContent = Static<typeof PushContent>;

export const PushInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  chatType: PushChatType,
  audience: PushAudience,
  content: PushContent,
  sendAt: SendAt,
});
export type PushInput = Static<typeof PushInput>;

export const PushUpdateBody = Type.Object({ id: Id, ...PushInput.properties });
export type PushUpdateBody = Static<typeof PushUpdateBody>;
export const PushIdBody = Type.Object({ id: Id });
export type PushIdBody = Static<typeof PushIdBody>;

/** 预计送达: what the audience reaches now (before saving). */
export const PushReachBody = Type.Object({ chatType: PushChatType, audience: PushAudience });
export type PushReachBody = Static<typeof PushReachBody>;
export const PushReach = Type.Object({
  /** Customers (single) or groups (group) that would receive it. */
  targets: Type.Integer(),
  /** Sending members. */
  members: Type.Integer(),
  /** Customers left out because they reached WeCom's monthly cap of pushes received. */
  overCap: Type.Integer(),
});
export type PushReach = Static<typeof PushReach>;

export const PushStatus = SendStatus;
export type PushStatus = SendStatus;
export const PUSH_STATUS_LABEL = SEND_STATUS_LABEL;

/** The figures a push shows in the list and its detail. */
export const PushCounts = Type.Object({
  /** Customers (or groups) the push was planned for when it started. */
  targets: Type.Integer(),
  members: Type.Integer(),
  /** Members who confirmed and sent. */
  membersSent: Type.Integer(),
  /** Delivered (WeCom status 1). */
  sent: Type.Integer(),
  /** Not (yet) sent by their member (status 0). */
  unsent: Type.Integer(),
  /** No longer a friend (status 2), already received another push (status 3), refused by WeCom on creation (fail_list). */
  failed: Type.Integer(),
  /** Left out before creation: WeCom's monthly cap reached. */
  overCap: Type.Integer(),
});
export type PushCounts = Static<typeof PushCounts>;

export const PushRow = Type.Object({
  ...SendingRow.properties,
  chatType: PushChatType,
  content: PushContent,
  ...PushCounts.properties,
});
export type PushRow = Static<typeof PushRow>;

export const PushListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(PushStatus),
  chatType: Type.Optional(PushChatType),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type PushListBody = Static<typeof PushListBody>;
export const PushList = Type.Object({ list: Type.Array(PushRow), total: Type.Integer() });
export type PushList = Static<typeof PushList>;

export const PushDetail = Type.Object({
  ...PushRow.properties,
  audience: PushAudience,
  /** The WeCom tasks made so far and still to make. */
  tasks: Type.Integer(),
  tasksCreated: Type.Integer(),
  /** The reads from WeCom (tracking stops once every task is closed). */
  ...TrackTimes.properties,
});
export type PushDetail = Static<typeof PushDetail>;

export const PushMemberStatus = Type.Union([Type.Literal('unsent'), Type.Literal('sent'), Type.Literal('cancelled'), Type.Literal('failed')]);
export type PushMemberStatus = Static<typeof PushMemberStatus>;
export const PUSH_MEMBER_STATUS_LABEL: Record<PushMemberStatus, string> = {
  unsent: '未发送',
  sent: '已发送',
  cancelled: '已取消',
  failed: '创建失败',
};

/** Rows a page of a push's members (/members) and results (/targets) holds: the detail's tables page by it. */
export const PUSH_RESULT_PAGE_SIZE = 20;

export const PushMembersBody = Type.Object({
  id: Id,
  page: Type.Optional(PageNumber),
  status: Type.Optional(PushMemberStatus),
});
export type PushMembersBody = Static<typeof PushMembersBody>;
export const PushMemberRow = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  memberAvatar: Type.String(),
  status: PushMemberStatus,
  sendTime: Type.Union([Type.Integer(), Type.Null()]),
  targets: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  /** When 提醒发送 was last used for the member. */
  remindedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type PushMemberRow = Static<typeof PushMemberRow>;
export const PushMemberList = Type.Object({ list: Type.Array(PushMemberRow), total: Type.Integer() });
export type PushMemberList = Static<typeof PushMemberList>;

/** 提醒发送: one member, or every member who has not sent (no userid). WeCom allows a reminder a task every 24 h. */
export const PushRemindBody = Type.Object({ id: Id, userid: Type.Optional(UserId) });
export type PushRemindBody = Static<typeof PushRemindBody>;
export const PushRemindResult = Type.Object({ reminded: Type.Integer(), skipped: Type.Integer() });
export type PushRemindResult = Static<typeof PushRemindResult>;

/** A customer's (or group's) result. */
export const PushTargetStatus = Type.Union([
  Type.Literal('unsent'),
  Type.Literal('sent'),
  Type.Literal('not_friend'),
  Type.Literal('received_other'),
  Type.Literal('refused'),
  Type.Literal('over_cap'),
]);
export type PushTargetStatus = Static<typeof PushTargetStatus>;
export const PUSH_TARGET_STATUS_LABEL: Record<PushTargetStatus, string> = {
  unsent: '未发送',
  sent: '已送达',
  not_friend: '已不是好友',
  received_other: '已收到其他群发',
  refused: '企业微信拒收',
  over_cap: '本月接收已达上限',
};

export const PushTargetsBody = Type.Object({
  id: Id,
  page: Type.Optional(PageNumber),
  status: Type.Optional(PushTargetStatus),
  userid: Type.Optional(UserId),
  /** In the customer's (or group's) name. */
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PushTargetsBody = Static<typeof PushTargetsBody>;
export const PushTargetRow = Type.Object({
  /** external_userid, or chat_id for group pushes. */
  targetId: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  userid: Type.String(),
  memberName: Type.String(),
  status: PushTargetStatus,
  sendTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type PushTargetRow = Static<typeof PushTargetRow>;
export const PushTargetList = Type.Object({ list: Type.Array(PushTargetRow), total: Type.Integer() });
export type PushTargetList = Static<typeof PushTargetList>;

/** The results as .xlsx (the same filters as the table, every page). */
export const PushExportBody = Type.Object({
  id: Id,
  status: Type.Optional(PushTargetStatus),
  userid: Type.Optional(UserId),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PushExportBody = Static<typeof PushExportBody>;
