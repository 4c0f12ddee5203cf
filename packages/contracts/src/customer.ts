// A customer's record (/api/qw/customer/detail), and the pickers every acquisition page needs:
// corp tags (/api/qw/tag/list) and members (/api/qw/member/find). All workspace-scoped (X-Work-Id).
import { Type, type Static } from 'typebox';
import { WelcomeStatus } from './contact-way.js';

export const CorpTag = Type.Object({ id: Type.String(), name: Type.String(), order: Type.Integer() });
export const CorpTagGroup = Type.Object({ groupId: Type.String(), groupName: Type.String(), order: Type.Integer(), tags: Type.Array(CorpTag) });
export type CorpTagGroup = Static<typeof CorpTagGroup>;
export const CorpTagList = Type.Object({ list: Type.Array(CorpTagGroup) });
export type CorpTagList = Static<typeof CorpTagList>;

export const MemberFindBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  /** Exactly these (to show names of a saved selection). */
  userids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 })),
  /** Only members with the customer-contact permission (default true). */
  contactOnly: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type MemberFindBody = Static<typeof MemberFindBody>;
export const MemberOption = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  departmentNames: Type.Array(Type.String()),
  isFollowUser: Type.Boolean(),
});
export type MemberOption = Static<typeof MemberOption>;
export const MemberOptionList = Type.Object({ list: Type.Array(MemberOption) });
export type MemberOptionList = Static<typeof MemberOptionList>;

export const CustomerDetailBody = Type.Object({ externalUserid: Type.String({ minLength: 1, maxLength: 128 }) });

export const CustomerFollow = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  remark: Type.String(),
  description: Type.String(),
  createdAt: Type.Integer(),
  tags: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), groupName: Type.String() })),
  addWay: Type.Integer(),
  state: Type.String(),
  deletedAt: Type.Union([Type.Integer(), Type.Null()]),
  deletedByCustomerAt: Type.Union([Type.Integer(), Type.Null()]),
});

export const SourceKind = Type.Union([Type.Literal('channel'), Type.Literal('staff'), Type.Literal('lead')]);
export type SourceKind = Static<typeof SourceKind>;
export const SOURCE_KIND_LABEL: Record<SourceKind, string> = { channel: '渠道活码', staff: '员工活码', lead: '一客一码' };

/** One add through one of our codes. */
export const CustomerSource = Type.Object({
  addId: Type.Integer(),
  kind: SourceKind,
  contactWayId: Type.Integer(),
  codeName: Type.String(),
  leadId: Type.Union([Type.Integer(), Type.Null()]),
  leadName: Type.String(),
  batchId: Type.Union([Type.Integer(), Type.Null()]),
  userid: Type.String(),
  memberName: Type.String(),
  addedAt: Type.Integer(),
  welcomeStatus: WelcomeStatus,
  tagNames: Type.Array(Type.String()),
});
export type CustomerSource = Static<typeof CustomerSource>;

export const TimelineEntry = Type.Object({ at: Type.Integer(), kind: Type.String(), text: Type.String() });
export type TimelineEntry = Static<typeof TimelineEntry>;

export const CustomerDetail = Type.Object({
  externalUserid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  /** 1 WeChat, 2 WeCom. */
  type: Type.Integer(),
  gender: Type.Integer(),
  corpName: Type.String(),
  follows: Type.Array(CustomerFollow),
  sources: Type.Array(CustomerSource),
  /** Newest first. */
  timeline: Type.Array(TimelineEntry),
});
export type CustomerDetail = Static<typeof CustomerDetail>;
