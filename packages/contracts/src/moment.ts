// 朋友圈 (/api/qw/moment/*, X-Work-Id): a moments task (`add_moment_task`) that the chosen members
// publish from their WeCom client to the customers in its visible range. Media go through
// `upload_attachment`; results per member come from `get_moment_task_result` and `get_moment_task`.
// See docs/moment.md.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { SEND_STATUS_LABEL, SendAt, SendingRow, SendStatus, TrackTimes } from './marketing.js';

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const TagId = Type.String({ minLength: 1, maxLength: 64 });

/** WeCom's text limit (characters) of a moment. */
export const MOMENT_TEXT_MAX_CHARS = 2000;
export const MOMENT_MAX_IMAGES = 9;
export const MOMENT_SCHEDULE_MAX_DAYS = 30;

/**
 * What a moment carries besides its text: up to 9 images, or one video, or one link (materials of the
 * library, in this order). The server refuses a mix with a Chinese message.
 */
export const MomentContent = Type.Object({
  text: Type.String({ maxLength: MOMENT_TEXT_MAX_CHARS }),
  materialIds: Type.Array(Id, { maxItems: MOMENT_MAX_IMAGES }),
});
export type MomentContent = Static<typeof MomentContent>;

/** Who publishes (members and departments; both empty: every member with the customer-contact permission) and which customers see it (tags; empty: all). */
export const MomentRange = Type.Object({
  userids: Type.Array(UserId, { maxItems: 1000 }),
  departmentIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 }),
  tagIds: Type.Array(TagId, { maxItems: 100 }),
});
export type MomentRange = Static<typeof MomentRange>;

export const MomentInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  content: MomentContent,
  range: MomentRange,
  /** A scheduled publish; null: now. */
  sendAt: SendAt,
});
export type MomentInput = Static<typeof MomentInput>;
export const MomentUpdateBody = Type.Object({ id: Id, ...MomentInput.properties });
export type MomentUpdateBody = Static<typeof MomentUpdateBody>;
export const MomentIdBody = Type.Object({ id: Id });
export type MomentIdBody = Static<typeof MomentIdBody>;

export const MomentStatus = SendStatus;
export type MomentStatus = SendStatus;
export const MOMENT_STATUS_LABEL = SEND_STATUS_LABEL;

export const MomentCounts = Type.Object({
  /** Members asked to publish (after WeCom's invalid senders are taken out). */
  members: Type.Integer(),
  published: Type.Integer(),
  unpublished: Type.Integer(),
  /** Senders WeCom refused (no customer-contact permission, left the corp …). */
  invalidSenders: Type.Integer(),
  /** Tags WeCom refused. */
  invalidTags: Type.Integer(),
});
export type MomentCounts = Static<typeof MomentCounts>;

export const MomentRow = Type.Object({
  ...SendingRow.properties,
  content: MomentContent,
  ...MomentCounts.properties,
});
export type MomentRow = Static<typeof MomentRow>;

export const MomentListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(MomentStatus),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type MomentListBody = Static<typeof MomentListBody>;
export const MomentList = Type.Object({ list: Type.Array(MomentRow), total: Type.Integer() });
export type MomentList = Static<typeof MomentList>;

export const MomentDetail = Type.Object({
  ...MomentRow.properties,
  range: MomentRange,
  ...TrackTimes.properties,
});
export type MomentDetail = Static<typeof MomentDetail>;

export const MomentMemberStatus = Type.Union([Type.Literal('unpublished'), Type.Literal('published'), Type.Literal('invalid')]);
export type MomentMemberStatus = Static<typeof MomentMemberStatus>;
export const MOMENT_MEMBER_STATUS_LABEL: Record<MomentMemberStatus, string> = {
  unpublished: '未发表',
  published: '已发表',
  invalid: '无法发表',
};

export const MomentMembersBody = Type.Object({ id: Id, page: Type.Optional(PageNumber), status: Type.Optional(MomentMemberStatus) });
export type MomentMembersBody = Static<typeof MomentMembersBody>;
export const MomentMemberRow = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  memberAvatar: Type.String(),
  status: MomentMemberStatus,
  /** When it was first seen published. */
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
  remindedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type MomentMemberRow = Static<typeof MomentMemberRow>;
export const MomentMemberList = Type.Object({ list: Type.Array(MomentMemberRow), total: Type.Integer() });
export type MomentMemberList = Static<typeof MomentMemberList>;

/** 提醒发表: one member, or every member who has not published. */
export const MomentRemindBody = Type.Object({ id: Id, userid: Type.Optional(UserId) });
export type MomentRemindBody = Static<typeof MomentRemindBody>;
export const MomentRemindResult = Type.Object({ reminded: Type.Integer(), skipped: Type.Integer() });
export type MomentRemindResult = Static<typeof MomentRemindResult>;
