// 一客一码 (/api/qw/customer/code/*, X-Work-Id): a batch of temporary single-member codes, one per
// prospective customer (a lead), so that each add lands on exactly its lead. Codes expire within
// WeCom's 14 days.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { DateKey, WelcomeMessage, WelcomeStatus } from './contact-way.js';


/** WeCom: a temporary contact way lives at most 14 days. */
export const LEAD_MAX_DAYS = 14;
export const LEAD_BATCH_MAX = 1000;
export const LEAD_NAME_MAX = 30;
export const LEAD_PHONE_MAX = 20;
export const LEAD_REMARK_MAX = 100;
/** Digits with the usual separators (+86, spaces, dashes, brackets); landlines too. */
export const LEAD_PHONE_PATTERN = /^\+?[0-9(][0-9 ()-]{2,19}$/;

/** Why a lead cannot be saved, in Chinese (null: fine). Shared by the editor, the import and the server. */
export function leadProblem(lead: { name: string; phone?: string; remark?: string }): string | null {
  const name = lead.name.trim();
  if (!name) return '姓名不能为空';
  if (name.length > LEAD_NAME_MAX) return `姓名最多 ${LEAD_NAME_MAX} 个字`;
  const phone = lead.phone?.trim() ?? '';
  if (phone && (phone.length > LEAD_PHONE_MAX || !LEAD_PHONE_PATTERN.test(phone))) return '手机号格式不正确';
  if ((lead.remark?.trim().length ?? 0) > LEAD_REMARK_MAX) return `备注最多 ${LEAD_REMARK_MAX} 个字`;
  return null;
}

export const LeadInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LEAD_NAME_MAX }),
  phone: Type.Optional(Type.String({ maxLength: LEAD_PHONE_MAX })),
  /** E.g. an ad click id, a source, notes. */
  remark: Type.Optional(Type.String({ maxLength: LEAD_REMARK_MAX })),
});
export type LeadInput = Static<typeof LeadInput>;

export const LeadBatchStatus = Type.Union([
  Type.Literal('creating'),
  Type.Literal('ready'),
  Type.Literal('partial'),
  Type.Literal('expired'),
]);
export type LeadBatchStatus = Static<typeof LeadBatchStatus>;
export const LEAD_BATCH_STATUS_LABEL: Record<LeadBatchStatus, string> = {
  creating: '生成中',
  ready: '使用中',
  partial: '部分生成失败',
  expired: '已过期',
};

export const LeadBatch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  userid: Type.String(),
  memberName: Type.String(),
  avatar: Type.String(),
  expiresAt: Type.Integer(),
  status: LeadBatchStatus,
  total: Type.Integer(),
  /** Codes WeCom has made so far. */
  created: Type.Integer(),
  failed: Type.Integer(),
  /** Leads who added the member. */
  added: Type.Integer(),
  /** Adds through the batch's codes today (China time). */
  addsToday: Type.Integer(),
  tagIds: Type.Array(Type.String()),
  tagNames: Type.Array(Type.String()),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type LeadBatch = Static<typeof LeadBatch>;

export const LeadBatchListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type LeadBatchListBody = Static<typeof LeadBatchListBody>;
export const LeadBatchList = Type.Object({ list: Type.Array(LeadBatch), total: Type.Integer() });
export type LeadBatchList = Static<typeof LeadBatchList>;

export const LeadBatchAddBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  /** The member the leads add. */
  userid: Type.String({ minLength: 1, maxLength: 64 }),
  /** 1–14 days. */
  expiresDays: Type.Integer({ minimum: 1, maximum: LEAD_MAX_DAYS }),
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
  leads: Type.Array(LeadInput, { minItems: 1, maxItems: LEAD_BATCH_MAX }),
});
export type LeadBatchAddBody = Static<typeof LeadBatchAddBody>;

export const LeadBatchUpdateBody = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1, maxLength: 30 }),
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  welcome: WelcomeMessage,
  /** More leads for the same batch (same member and expiry). */
  leads: Type.Optional(Type.Array(LeadInput, { maxItems: LEAD_BATCH_MAX })),
});
export type LeadBatchUpdateBody = Static<typeof LeadBatchUpdateBody>;

/** Daily figures of a batch's codes. */
export const LeadBatchRangeBody = Type.Object({ id: Id, start: DateKey, end: DateKey });
export type LeadBatchRangeBody = Static<typeof LeadBatchRangeBody>;

export const LeadStatus = Type.Union([
  Type.Literal('creating'),
  Type.Literal('waiting'),
  Type.Literal('added'),
  Type.Literal('expired'),
  Type.Literal('failed'),
]);
export type LeadStatus = Static<typeof LeadStatus>;
export const LEAD_STATUS_LABEL: Record<LeadStatus, string> = {
  creating: '生成中',
  waiting: '待添加',
  added: '已添加',
  expired: '已过期',
  failed: '生成失败',
};

export const Lead = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  remark: Type.String(),
  status: LeadStatus,
  state: Type.String(),
  qrCode: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  addedAt: Type.Union([Type.Integer(), Type.Null()]),
  externalUserid: Type.Union([Type.String(), Type.Null()]),
  customerName: Type.String(),
  userid: Type.Union([Type.String(), Type.Null()]),
  memberName: Type.String(),
  welcomeStatus: Type.Union([WelcomeStatus, Type.Null()]),
  createdAt: Type.Integer(),
});
export type Lead = Static<typeof Lead>;

export const LeadListBody = Type.Object({
  batchId: Id,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(LeadStatus),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type LeadListBody = Static<typeof LeadListBody>;
export const LeadList = Type.Object({ list: Type.Array(Lead), total: Type.Integer() });
export type LeadList = Static<typeof LeadList>;

/** The leads of a batch as a CSV file (UTF-8 with BOM), with the same filters as the list. */
export const LeadExportBody = Type.Object({
  batchId: Id,
  status: Type.Optional(LeadStatus),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type LeadExportBody = Static<typeof LeadExportBody>;
