// A customer's record (/api/qw/customer/detail), and the pickers every acquisition page needs:
// corp tags (/api/qw/tag/list) and members (/api/qw/member/find). All workspace-scoped (X-Work-Id).
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { AddOutcome, DateKey } from './contact-way.js';
import { TagSyncState } from './tag.js';

export const CorpTag = Type.Object({
  id: Type.String(),
  name: Type.String(),
  order: Type.Integer(),
  /** Customers (distinct, over live follow relations) carrying the tag: when the list was asked `counts`. */
  customers: Type.Optional(Type.Integer()),
});
export const CorpTagGroup = Type.Object({ groupId: Type.String(), groupName: Type.String(), order: Type.Integer(), tags: Type.Array(CorpTag) });
export type CorpTagGroup = Static<typeof CorpTagGroup>;
export const CorpTagList = Type.Object({
  list: Type.Array(CorpTagGroup),
  /** When the customer counts were counted (epoch ms; with `counts`): they are at most a minute or two old. */
  countedAt: Type.Optional(Type.Integer()),
  /** The tag page's own sync state (with `counts`). */
  sync: Type.Optional(TagSyncState),
});
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
export type CustomerDetailBody = Static<typeof CustomerDetailBody>;

/** WeCom's customer type: 1 a WeChat user, 2 a WeCom user of another corp. */
export const CUSTOMER_TYPE_LABEL: Record<number, string> = { 1: '微信', 2: '企业微信' };
export const GENDER_LABEL: Record<number, string> = { 0: '未知', 1: '男', 2: '女' };
/** How the customer came to the member (WeCom's follow_user.add_way). */
export const ADD_WAY_LABEL: Record<number, string> = {
  0: '未知来源',
  1: '扫描二维码',
  2: '搜索手机号',
  3: '名片分享',
  4: '群聊',
  5: '手机通讯录',
  6: '微信联系人',
  8: '第三方应用自动添加',
  9: '搜索邮箱',
  10: '视频号添加',
  11: '日程参与人',
  12: '会议参与人',
  13: '添加微信好友对应的企业微信',
  14: '智慧硬件专属客服',
  15: '上门服务客服',
  16: '获客链接',
  17: '定制开发',
  18: '需求回复',
  21: '第三方售前客服',
  22: '可能的商务伙伴',
  24: '接受微信账号的好友申请',
  201: '内部成员共享',
  202: '管理员或负责人分配',
};
/** How the customer joined a group chat (WeCom's join_scene). */
export const JOIN_SCENE_LABEL: Record<number, string> = { 1: '成员直接邀请', 2: '邀请链接', 3: '扫描群二维码' };

export const CustomerTag = Type.Object({ id: Type.String(), name: Type.String(), groupId: Type.String(), groupName: Type.String() });
export type CustomerTag = Static<typeof CustomerTag>;

/** One member who has (or had) the customer, as WeCom lists the relation. */
export const CustomerFollow = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  memberAvatar: Type.String(),
  remark: Type.String(),
  description: Type.String(),
  /** Phone numbers the member noted (WeCom's remark_mobiles). */
  remarkMobiles: Type.Array(Type.String()),
  createdAt: Type.Integer(),
  /** Corp tags the member put on the customer, in the tag list's order. */
  tags: Type.Array(CustomerTag),
  addWay: Type.Integer(),
  state: Type.String(),
  /** The member deleted the customer (or the relation is gone from WeCom). */
  deletedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The customer deleted the member (the member still sees the customer). */
  deletedByCustomerAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type CustomerFollow = Static<typeof CustomerFollow>;

export const SourceKind = Type.Union([Type.Literal('channel'), Type.Literal('staff'), Type.Literal('lead')]);
export type SourceKind = Static<typeof SourceKind>;
export const SOURCE_KIND_LABEL: Record<SourceKind, string> = { channel: '渠道活码', staff: '员工活码', lead: '一客一码' };

/** One add through one of our codes (a row of contact_way_add), newest first. */
export const CustomerSource = Type.Object({
  addId: Type.Integer(),
  kind: SourceKind,
  contactWayId: Type.Integer(),
  /** The code's name (a one-customer-one-code add: its batch's), with 「（已删除）」 once deleted. */
  codeName: Type.String(),
  /** The code (or its batch) is deleted: its detail page no longer opens. */
  codeDeleted: Type.Boolean(),
  leadId: Type.Union([Type.Integer(), Type.Null()]),
  leadName: Type.String(),
  batchId: Type.Union([Type.Integer(), Type.Null()]),
  ...AddOutcome.properties,
});
export type CustomerSource = Static<typeof CustomerSource>;

/** A customer group the customer is or was in. */
export const CustomerGroup = Type.Object({
  chatId: Type.String(),
  name: Type.String(),
  ownerName: Type.String(),
  joinedAt: Type.Integer(),
  joinScene: Type.Integer(),
  /** null: still in the group. */
  leftAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type CustomerGroup = Static<typeof CustomerGroup>;

export const TimelineKind = Type.Union([
  Type.Literal('add'),
  Type.Literal('welcome'),
  Type.Literal('tag'),
  Type.Literal('remark'),
  Type.Literal('push'),
  Type.Literal('transfer'),
  Type.Literal('delete'),
  Type.Literal('group'),
]);
export type TimelineKind = Static<typeof TimelineKind>;
export const TimelineLevel = Type.Union([Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('error')]);
export type TimelineLevel = Static<typeof TimelineLevel>;
/** One event on the customer's record, e.g. 「通过渠道活码「抖音投放」添加成员 张三」. */
export const TimelineEntry = Type.Object({ at: Type.Integer(), kind: TimelineKind, level: TimelineLevel, text: Type.String() });
export type TimelineEntry = Static<typeof TimelineEntry>;

/** Who the customer is, as the record and the list both show it. */
export const CustomerProfile = Type.Object({
  externalUserid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  /** 1 WeChat, 2 WeCom. */
  type: Type.Integer(),
  /** 0 unknown, 1 male, 2 female. */
  gender: Type.Integer(),
  corpName: Type.String(),
});

export const CustomerDetail = Type.Object({
  ...CustomerProfile.properties,
  /** Live relations first, then by time added. */
  follows: Type.Array(CustomerFollow),
  /** Newest first. */
  sources: Type.Array(CustomerSource),
  /** Newest joined first. */
  groups: Type.Array(CustomerGroup),
  /** Newest first. */
  timeline: Type.Array(TimelineEntry),
});
export type CustomerDetail = Static<typeof CustomerDetail>;

// ---- 客户列表 (/api/qw/customer/list, export, batch tags) and the detail's edits

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const ExternalUserId = Type.String({ minLength: 1, maxLength: 128 });
const TagId = Type.String({ minLength: 1, maxLength: 64 });

export const TagMode = Type.Union([Type.Literal('any'), Type.Literal('all'), Type.Literal('none')]);
export type TagMode = Static<typeof TagMode>;
export const TAG_MODE_LABEL: Record<TagMode, string> = { any: '包含任一', all: '包含全部', none: '不包含' };
/** 流失: who ended the relation. */
export const FollowStatus = Type.Union([Type.Literal('live'), Type.Literal('deleted_by_member'), Type.Literal('deleted_by_customer')]);
export type FollowStatus = Static<typeof FollowStatus>;
export const FOLLOW_STATUS_LABEL: Record<FollowStatus, string> = { live: '正常', deleted_by_member: '成员已删除客户', deleted_by_customer: '客户已删除成员' };

/** The list's filters: each applies to a follow relation; a customer is listed once, at the latest relation that matches. */
export const CustomerFilter = Type.Object({
  userids: Type.Optional(Type.Array(UserId, { maxItems: 200 })),
  tagIds: Type.Optional(Type.Array(TagId, { maxItems: 20 })),
  tagMode: Type.Optional(TagMode),
  /** Channel, staff or one-customer-one-code codes (contact_way ids). */
  contactWayIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  /** China-time days, both included (2026-11-26). */
  addedFrom: Type.Optional(DateKey),
  addedTo: Type.Optional(DateKey),
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  addWay: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  status: Type.Optional(FollowStatus),
  /** In the customer's name or the member's remark. */
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CustomerFilter = Static<typeof CustomerFilter>;

export const CUSTOMER_PAGE_SIZE = 20;
/** Deepest offset a page may ask for (page 5,001): deeper pages are refused rather than scanned. */
export const CUSTOMER_MAX_OFFSET = 100_000;
/**
 * The list counts up to this many customers while it answers; beyond, the exact total is counted in the
 * background and kept a minute (CUSTOMER_COUNT_FRESH_MS), the page showing 「统计中…」 or the last
 * count as 「约 N 位」 meanwhile (docs/customers.md).
 */
export const CUSTOMER_COUNT_CAP = 200;
export const CUSTOMER_COUNT_FRESH_MS = 60_000;

export const CustomerListBody = Type.Object({
  ...CustomerFilter.properties,
  page: Type.Optional(PageNumber),
  order: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])),
});
export type CustomerListBody = Static<typeof CustomerListBody>;

export const CustomerListFollow = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  remark: Type.String(),
  createdAt: Type.Integer(),
  addWay: Type.Integer(),
  tags: Type.Array(CustomerTag),
  status: FollowStatus,
});
export type CustomerListFollow = Static<typeof CustomerListFollow>;

export const CustomerListRow = Type.Object({
  ...CustomerProfile.properties,
  /** The add time the list is sorted by (the latest matching relation). */
  addedAt: Type.Integer(),
  follows: Type.Array(CustomerListFollow),
});
export type CustomerListRow = Static<typeof CustomerListRow>;

/** A filter's total: exact, or being counted in the background. */
export const CustomerTotal = Type.Object({
  /**
   * totalExact: the number of customers (counted now, or at `countedAt` less than a minute ago).
   * Otherwise, while `counting`: the last count (at `countedAt`, an estimate of today's figure) or,
   * never counted, the floor CUSTOMER_COUNT_CAP (more than that many match).
   */
  total: Type.Integer(),
  totalExact: Type.Boolean(),
  /** When the figure was counted by the background count; null: counted for this answer, or not yet. */
  countedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** An exact count is running: ask /customer/count again for it. */
  counting: Type.Boolean(),
});
export type CustomerTotal = Static<typeof CustomerTotal>;

export const CustomerList = Type.Object({
  list: Type.Array(CustomerListRow),
  ...CustomerTotal.properties,
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CustomerList = Static<typeof CustomerList>;

export const CustomerCountBody = CustomerFilter;
export type CustomerCountBody = Static<typeof CustomerCountBody>;

export const CustomerExportBody = CustomerFilter;
export type CustomerExportBody = Static<typeof CustomerExportBody>;

/** Tags added and/or removed on the chosen customers (or on the whole filter result when none are chosen). */
export const CustomerBatchTagBody = Type.Object({
  filter: CustomerFilter,
  /** Only these customers' relations (within the filter); absent: every customer the filter finds. */
  externalUserids: Type.Optional(Type.Array(ExternalUserId, { minItems: 1, maxItems: 1000 })),
  addTagIds: Type.Array(TagId, { maxItems: 20 }),
  removeTagIds: Type.Array(TagId, { maxItems: 20 }),
});
export type CustomerBatchTagBody = Static<typeof CustomerBatchTagBody>;

export const CustomerBatchBody = Type.Object({ id: Id });
export type CustomerBatchBody = Static<typeof CustomerBatchBody>;

export const CustomerBatchFailure = Type.Object({
  externalUserid: Type.String(),
  customerName: Type.String(),
  userid: Type.String(),
  memberName: Type.String(),
  error: Type.String(),
});
export const CustomerBatch = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  /** Relations to tag; 0 while `counting` (the job counts them before its first round). */
  total: Type.Integer(),
  counting: Type.Boolean(),
  done: Type.Integer(),
  failed: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
  finishedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The first 200 failures. */
  failures: Type.Array(CustomerBatchFailure),
});
export type CustomerBatch = Static<typeof CustomerBatch>;

/** 修改备注: WeCom's limits (remark 20, description 150, at most 5 phone numbers). */
export const CustomerRemarkBody = Type.Object({
  externalUserid: ExternalUserId,
  userid: UserId,
  remark: Type.String({ maxLength: 20 }),
  description: Type.String({ maxLength: 150 }),
  remarkMobiles: Type.Array(Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9+\\- ]+$' }), { maxItems: 5 }),
});
export type CustomerRemarkBody = Static<typeof CustomerRemarkBody>;

export const CustomerFollowTagBody = Type.Object({
  externalUserid: ExternalUserId,
  userid: UserId,
  addTagIds: Type.Array(TagId, { maxItems: 20 }),
  removeTagIds: Type.Array(TagId, { maxItems: 20 }),
});
export type CustomerFollowTagBody = Static<typeof CustomerFollowTagBody>;
