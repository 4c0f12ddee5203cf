// Contact ways (联系我): channel codes (渠道活码, /api/qw/lxw/*), staff codes (员工活码) and the temporary
// codes of one-customer-one-code (一客一码) share these pieces: the welcome message, the state that
// attributes every add, the daily figures, retention and the list of customers added.
// All calls are workspace-scoped (X-Work-Id). Dates are 'YYYY-MM-DD' in China time.
import { Type, type Static } from 'typebox';
import { INT4_MAX, Id, PageNumber } from './api.js';
import { WeeklySchedule } from './china-time.js';

export const DateKey = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

// ---------------------------------------------------------------- the welcome message

export const WELCOME_MAX_ATTACHMENTS = 9;
/** WeCom's limit on text.content (bytes of UTF-8). */
export const WELCOME_TEXT_MAX_BYTES = 4000;
/** Replaced when the message is sent. */
export const WELCOME_PLACEHOLDERS = { customer: '#客户昵称#', member: '#成员姓名#' } as const;
/** WeCom accepts a welcome message only within 20 s of the add event. */
export const WELCOME_WINDOW_MS = 20_000;

export const WelcomeMessage = Type.Object({
  text: Type.String({ maxLength: 1500 }),
  /** Materials of the library (not text ones), sent as attachments in this order. */
  materialIds: Type.Array(Id, { maxItems: WELCOME_MAX_ATTACHMENTS }),
});
export type WelcomeMessage = Static<typeof WelcomeMessage>;
export const EMPTY_WELCOME: WelcomeMessage = { text: '', materialIds: [] };

export const WelcomeStatus = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('sent'),
  Type.Literal('missed'),
  Type.Literal('failed'),
  Type.Literal('skipped'),
]);
export type WelcomeStatus = Static<typeof WelcomeStatus>;
export const WELCOME_STATUS_LABEL: Record<WelcomeStatus, string> = {
  none: '未设置',
  pending: '发送中',
  sent: '已发送',
  missed: '超时未发送',
  failed: '发送失败',
  skipped: '未发送',
};

// ---------------------------------------------------------------- shared figures

export const RangeBody = Type.Object({
  /** Omitted: every code of that kind. */
  id: Type.Optional(Id),
  start: DateKey,
  end: DateKey,
});
export type RangeBody = Static<typeof RangeBody>;

export const DayFigures = Type.Object({
  date: Type.String(),
  /** add_external_contact events through the code(s). */
  adds: Type.Integer(),
  /** Of those, customers new to the corp. */
  newCustomers: Type.Integer(),
  /** Members who deleted customers added through the code(s), that day. */
  lostByMember: Type.Integer(),
  /** Customers (added through the code(s)) who deleted the member, that day. */
  lostByCustomer: Type.Integer(),
  /** adds − lostByMember − lostByCustomer */
  net: Type.Integer(),
});
export type DayFigures = Static<typeof DayFigures>;
export const DaySeries = Type.Object({ list: Type.Array(DayFigures), total: DayFigures });
export type DaySeries = Static<typeof DaySeries>;

/** Of the customers added on `date`, how many were still friends after 1, 7 and 30 days (null: not yet known). */
export const RetentionRow = Type.Object({
  date: Type.String(),
  adds: Type.Integer(),
  day1: Type.Union([Type.Integer(), Type.Null()]),
  day7: Type.Union([Type.Integer(), Type.Null()]),
  day30: Type.Union([Type.Integer(), Type.Null()]),
});
export type RetentionRow = Static<typeof RetentionRow>;
export const RetentionTable = Type.Object({ list: Type.Array(RetentionRow) });
export type RetentionTable = Static<typeof RetentionTable>;

export const Overview = Type.Object({
  addsToday: Type.Integer(),
  addsYesterday: Type.Integer(),
  addsTotal: Type.Integer(),
  lostToday: Type.Integer(),
  lostTotal: Type.Integer(),
  netTotal: Type.Integer(),
});
export type Overview = Static<typeof Overview>;
export const OverviewBody = Type.Object({ id: Type.Optional(Id) });

/** An add through one of our codes: the member added, when, and what happened next. */
export const AddOutcome = Type.Object({
  userid: Type.String(),
  memberName: Type.String(),
  addedAt: Type.Integer(),
  welcomeStatus: WelcomeStatus,
  welcomeAt: Type.Union([Type.Integer(), Type.Null()]),
  welcomeError: Type.Union([Type.String(), Type.Null()]),
  tagNames: Type.Array(Type.String()),
  /** none / pending / done / failed (the code's auto-tags). */
  tagStatus: Type.String(),
  deletedByMemberAt: Type.Union([Type.Integer(), Type.Null()]),
  deletedByCustomerAt: Type.Union([Type.Integer(), Type.Null()]),
});

/** One customer added through a code: who, by whom, when, and what happened next. */
export const CodeAdd = Type.Object({
  id: Type.Integer(),
  externalUserid: Type.String(),
  customerName: Type.String(),
  avatar: Type.String(),
  ...AddOutcome.properties,
});
export type CodeAdd = Static<typeof CodeAdd>;
export const CodeAddListBody = Type.Object({
  id: Id,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  userid: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CodeAddListBody = Static<typeof CodeAddListBody>;
export const CodeAddList = Type.Object({ list: Type.Array(CodeAdd), total: Type.Integer() });
export type CodeAddList = Static<typeof CodeAddList>;

export const CodeStatus = Type.Union([Type.Literal('creating'), Type.Literal('active'), Type.Literal('failed'), Type.Literal('expired')]);
export type CodeStatus = Static<typeof CodeStatus>;
export const CODE_STATUS_LABEL: Record<CodeStatus, string> = { creating: '生成中', active: '使用中', failed: '生成失败', expired: '已过期' };

export const IdBody = Type.Object({ id: Id });
export const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) });

// ---------------------------------------------------------------- channel codes (渠道活码)

export const Distribution = Type.Union([Type.Literal('round_robin'), Type.Literal('in_order'), Type.Literal('random')]);
export type Distribution = Static<typeof Distribution>;
export const DISTRIBUTION_LABEL: Record<Distribution, string> = {
  round_robin: '轮流分配',
  in_order: '按顺序分配',
  random: '随机分配',
};
export const DISTRIBUTION_HINT: Record<Distribution, string> = {
  round_robin: '新客户依次分配给下一位在线成员',
  in_order: '优先分配给排在前面的成员，达到每日上限后再分配给下一位',
  random: '由企业微信在所有在线成员中随机分配',
};

/** Members per code (WeCom's limit on a contact way's user list). */
export const CODE_MAX_MEMBERS = 100;

export const CodeMemberInput = Type.Object({
  userid: Type.String({ minLength: 1, maxLength: 64 }),
  /** null or omitted: the code's daily cap. 0: no cap for this member. */
  dailyCap: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
  /** Receives adds only when no regular member is online. */
  backup: Type.Optional(Type.Boolean()),
});
export type CodeMemberInput = Static<typeof CodeMemberInput>;

export const ChannelCodeInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  groupId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** In distribution order. */
  members: Type.Array(CodeMemberInput, { minItems: 1, maxItems: CODE_MAX_MEMBERS }),
  distribution: Distribution,
  /** Adds per member per day; 0 = no cap. */
  dailyCap: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** When the code's members receive adds; empty = always. Outside it, backup members do. */
  schedule: WeeklySchedule,
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
  remark: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ChannelCodeInput = Static<typeof ChannelCodeInput>;
export const ChannelCodeUpdateBody = Type.Intersect([Type.Object({ id: Id }), ChannelCodeInput]);
export type ChannelCodeUpdateBody = Static<typeof ChannelCodeUpdateBody>;

/** A member's state on a code. */
export const CodeMember = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  backup: Type.Boolean(),
  dailyCap: Type.Union([Type.Integer(), Type.Null()]),
  /** The cap in force (the member's own, else the code's); 0 = none. */
  effectiveCap: Type.Integer(),
  addsToday: Type.Integer(),
  addsTotal: Type.Integer(),
  /** The operator's switch (member/state/update). */
  switchOn: Type.Boolean(),
  /** Receiving adds right now (on WeCom's user list of the code). */
  receiving: Type.Boolean(),
  /** Why not, in Chinese (e.g. 「今日已达上限」, 「风控下线：每小时添加上限」, 「不在上线时间」). */
  offlineReasons: Type.Array(Type.String()),
});
export type CodeMember = Static<typeof CodeMember>;

export const ChannelCode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  groupName: Type.String(),
  state: Type.String(),
  configId: Type.String(),
  /** WeCom's QR image URL (download it as PNG through /api/qw/lxw/qrcode). */
  qrCode: Type.String(),
  status: CodeStatus,
  error: Type.Union([Type.String(), Type.Null()]),
  distribution: Distribution,
  dailyCap: Type.Integer(),
  schedule: WeeklySchedule,
  tagIds: Type.Array(Type.String()),
  tagNames: Type.Array(Type.String()),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
  remark: Type.String(),
  members: Type.Array(CodeMember),
  /** userids on WeCom's user list right now. */
  receivingUsers: Type.Array(Type.String()),
  /** No member can receive adds: WeCom keeps the last list (a contact way cannot be empty). */
  noneAvailable: Type.Boolean(),
  addsToday: Type.Integer(),
  addsTotal: Type.Integer(),
  lostToday: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ChannelCode = Static<typeof ChannelCode>;

export const ChannelCodeListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
  /** 0: codes in no group. */
  groupId: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  userid: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ChannelCodeListBody = Static<typeof ChannelCodeListBody>;
export const ChannelCodeList = Type.Object({ list: Type.Array(ChannelCode), total: Type.Integer() });
export type ChannelCodeList = Static<typeof ChannelCodeList>;

/** The code picker of other pages (the customer list's 来源活码 filter): channel and staff codes by name. */
export const CodeFindBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
  /** Exactly these (to show the names of a saved selection). */
  ids: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type CodeFindBody = Static<typeof CodeFindBody>;
export const CodeOption = Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.Union([Type.Literal('channel'), Type.Literal('staff')]) });
export type CodeOption = Static<typeof CodeOption>;
export const CodeOptionList = Type.Object({ list: Type.Array(CodeOption) });
export type CodeOptionList = Static<typeof CodeOptionList>;
/** Options listed at most for a keyword (search narrows them). */
export const CODE_OPTIONS_MAX = 100;

export const MemberStateBody = Type.Object({ id: Id, userid: Type.String({ minLength: 1, maxLength: 64 }), online: Type.Boolean() });
export const CodeMemberList = Type.Object({ list: Type.Array(CodeMember), receivingUsers: Type.Array(Type.String()), noneAvailable: Type.Boolean() });
export type CodeMemberList = Static<typeof CodeMemberList>;

/** Per member over a range (memberData). */
export const MemberFigures = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  adds: Type.Integer(),
  lostByMember: Type.Integer(),
  lostByCustomer: Type.Integer(),
  net: Type.Integer(),
});
export type MemberFigures = Static<typeof MemberFigures>;
export const MemberFiguresBody = Type.Object({ id: Id, start: Type.Optional(DateKey), end: Type.Optional(DateKey) });
export const MemberFiguresList = Type.Object({ list: Type.Array(MemberFigures) });
export type MemberFiguresList = Static<typeof MemberFiguresList>;

/** Per member per day (data/member). */
export const MemberDayFigures = Type.Object({ date: Type.String(), userid: Type.String(), name: Type.String(), adds: Type.Integer() });
export const MemberDaySeries = Type.Object({ list: Type.Array(MemberDayFigures) });
export type MemberDaySeries = Static<typeof MemberDaySeries>;

// ---------------------------------------------------------------- groups of channel codes

export const CodeGroup = Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer() });
export type CodeGroup = Static<typeof CodeGroup>;
export const CodeGroupList = Type.Object({ list: Type.Array(CodeGroup), ungrouped: Type.Integer() });
export type CodeGroupList = Static<typeof CodeGroupList>;
export const CodeGroupFindBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 30 })) });
export const CodeGroupAddBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 30 }) });
export const CodeGroupUpdateBody = Type.Object({ id: Id, name: Type.String({ minLength: 1, maxLength: 30 }) });
/** Moves codes into a group (null: out of every group). */
export const CodeGroupMoveBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }), groupId: Type.Union([Id, Type.Null()]) });
