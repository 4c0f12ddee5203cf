// 自动标签 (/api/qw/tag/auto/*, X-Work-Id): rules that tag customers as they arrive (an add through a
// code, an add inside a time window, a keyword in the remark, description or nickname, a group joined),
// and once over the customers already there when a rule is saved (补打), each relation once per rule.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { ScheduleRule } from './china-time.js';

export const AUTO_TAG_NAME_MAX = 30;
/** Tags one rule applies (one mark_tag call carries them all). */
export const AUTO_TAG_TAGS_MAX = 20;
export const AUTO_TAG_KEYWORDS_MAX = 20;
export const AUTO_TAG_KEYWORD_MAX = 30;

export const AutoTagKind = Type.Union([Type.Literal('source'), Type.Literal('time'), Type.Literal('keyword'), Type.Literal('group')]);
export type AutoTagKind = Static<typeof AutoTagKind>;

export const AUTO_TAG_KIND_LABEL: Record<AutoTagKind, string> = {
  source: '按来源活码',
  time: '按添加时间',
  keyword: '按关键词',
  group: '按所在客户群',
};

export const KeywordField = Type.Union([Type.Literal('remark'), Type.Literal('description'), Type.Literal('name')]);
export type KeywordField = Static<typeof KeywordField>;
export const KEYWORD_FIELD_LABEL: Record<KeywordField, string> = { remark: '备注', description: '描述', name: '昵称' };

export const AUTO_TAG_TIME_RULES_MAX = 10;

export const AutoTagCondition = Type.Union([
  Type.Object({ kind: Type.Literal('source'), codeIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) }),
  /** Added on one of a row's weekdays inside its time range (China time), as the shared weekly schedule. */
  Type.Object({ kind: Type.Literal('time'), rules: Type.Array(ScheduleRule, { minItems: 1, maxItems: AUTO_TAG_TIME_RULES_MAX }) }),
  Type.Object({
    kind: Type.Literal('keyword'),
    keywords: Type.Array(Type.String({ minLength: 1, maxLength: AUTO_TAG_KEYWORD_MAX }), { minItems: 1, maxItems: AUTO_TAG_KEYWORDS_MAX }),
    fields: Type.Array(KeywordField, { minItems: 1, maxItems: 3 }),
  }),
  Type.Object({ kind: Type.Literal('group'), chatIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }) }),
]);
export type AutoTagCondition = Static<typeof AutoTagCondition>;

export const AutoTagInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: AUTO_TAG_NAME_MAX }),
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: AUTO_TAG_TAGS_MAX }),
  condition: AutoTagCondition,
  /** Tag the customers already there (补打) when the rule is saved; default yes. */
  backfill: Type.Optional(Type.Boolean()),
});
export type AutoTagInput = Static<typeof AutoTagInput>;

export const AutoTagUpdateBody = Type.Intersect([Type.Object({ id: Id }), AutoTagInput]);
export type AutoTagUpdateBody = Static<typeof AutoTagUpdateBody>;

export const AutoTagIdBody = Type.Object({ id: Id });
export const AutoTagEnableBody = Type.Object({ id: Id, enabled: Type.Boolean() });
export type AutoTagEnableBody = Static<typeof AutoTagEnableBody>;

export const AutoTagListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
  kind: Type.Optional(AutoTagKind),
});
export type AutoTagListBody = Static<typeof AutoTagListBody>;

export const AutoTagRunStatus = Type.Union([Type.Literal('idle'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);
export type AutoTagRunStatus = Static<typeof AutoTagRunStatus>;
export const AUTO_TAG_RUN_LABEL: Record<AutoTagRunStatus, string> = { idle: '未补打', running: '补打中', done: '补打完成', failed: '补打失败' };

/** The retroactive run over existing customers: relations matched, done (tagged or already carrying the tags), failed. */
export const AutoTagRun = Type.Object({
  status: AutoTagRunStatus,
  matched: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  startedAt: Type.Union([Type.Integer(), Type.Null()]),
  finishedAt: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type AutoTagRun = Static<typeof AutoTagRun>;

export const AutoTagRule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  tagIds: Type.Array(Type.String()),
  tags: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), deleted: Type.Boolean() })),
  condition: AutoTagCondition,
  /** The condition in words (codes and groups by name). */
  conditionText: Type.String(),
  /** Relations this rule tagged (as events arrived and by the retroactive run). */
  tagged: Type.Integer(),
  lastTaggedAt: Type.Union([Type.Integer(), Type.Null()]),
  run: AutoTagRun,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AutoTagRule = Static<typeof AutoTagRule>;

export const AutoTagList = Type.Object({ list: Type.Array(AutoTagRule), total: Type.Integer() });
export type AutoTagList = Static<typeof AutoTagList>;

/** auto: applied as an event arrived; backfill: by the retroactive run (补打). */
export const AutoTagSource = Type.Union([Type.Literal('auto'), Type.Literal('backfill')]);
export type AutoTagSource = Static<typeof AutoTagSource>;
export const AUTO_TAG_SOURCE_LABEL: Record<AutoTagSource, string> = { auto: '自动', backfill: '补打' };

/** done: marked in WeCom; already: the relation carried every tag (no call); failed: WeCom refused. */
export const AutoTagRecordStatus = Type.Union([Type.Literal('done'), Type.Literal('already'), Type.Literal('failed')]);
export type AutoTagRecordStatus = Static<typeof AutoTagRecordStatus>;
export const AUTO_TAG_RECORD_LABEL: Record<AutoTagRecordStatus, string> = { done: '已打标签', already: '已有标签', failed: '失败' };

export const AutoTagRecordsBody = Type.Object({
  id: Id,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  source: Type.Optional(AutoTagSource),
});
export type AutoTagRecordsBody = Static<typeof AutoTagRecordsBody>;

export const AutoTagRecord = Type.Object({
  id: Type.Integer(),
  externalUserid: Type.String(),
  customerName: Type.String(),
  userid: Type.String(),
  memberName: Type.String(),
  tagNames: Type.Array(Type.String()),
  source: AutoTagSource,
  status: AutoTagRecordStatus,
  error: Type.Union([Type.String(), Type.Null()]),
  at: Type.Integer(),
});
export type AutoTagRecord = Static<typeof AutoTagRecord>;
export const AutoTagRecordList = Type.Object({ list: Type.Array(AutoTagRecord), total: Type.Integer() });
export type AutoTagRecordList = Static<typeof AutoTagRecordList>;

/** What a rule may name, for the edit page's pickers: channel and staff codes, and customer groups. */
export const AutoTagOptionsBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 30 })) });
export type AutoTagOptionsBody = Static<typeof AutoTagOptionsBody>;
export const AutoTagOptions = Type.Object({
  codes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.Union([Type.Literal('channel'), Type.Literal('staff')]) })),
  groups: Type.Array(Type.Object({ chatId: Type.String(), name: Type.String(), memberCount: Type.Integer() })),
});
export type AutoTagOptions = Static<typeof AutoTagOptions>;
/** Options listed at most (search narrows them). */
export const AUTO_TAG_OPTIONS_MAX = 200;
