// 员工活码 (/api/qw/staff/code/*, X-Work-Id): one personal code per member (a single-member contact
// way), created one at a time or in a batch for many members, each with its welcome message and tags.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { CodeStatus, WELCOME_PLACEHOLDERS, WelcomeMessage } from './contact-way.js';


/** Replaced by each member's name in the name of a batch of staff codes. */
export const STAFF_CODE_NAME_PLACEHOLDER = WELCOME_PLACEHOLDERS.member;
export const STAFF_CODE_NAME_DEFAULT = `${STAFF_CODE_NAME_PLACEHOLDER}的活码`;
/** WeCom keeps 30 characters of a contact way's remark. */
export const STAFF_CODE_NAME_MAX = 30;

/** The name a member's code gets from the template (empty template: the default). */
export function staffCodeName(template: string | undefined, memberName: string): string {
  const t = template?.trim() || STAFF_CODE_NAME_DEFAULT;
  return t.split(STAFF_CODE_NAME_PLACEHOLDER).join(memberName).trim().slice(0, STAFF_CODE_NAME_MAX);
}

export const StaffCode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  userid: Type.String(),
  memberName: Type.String(),
  avatar: Type.String(),
  state: Type.String(),
  qrCode: Type.String(),
  status: CodeStatus,
  error: Type.Union([Type.String(), Type.Null()]),
  tagIds: Type.Array(Type.String()),
  tagNames: Type.Array(Type.String()),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
  addsToday: Type.Integer(),
  addsTotal: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type StaffCode = Static<typeof StaffCode>;

export const StaffCodeListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
  userid: Type.Optional(Type.String({ maxLength: 64 })),
});
export type StaffCodeListBody = Static<typeof StaffCodeListBody>;
export const StaffCodeList = Type.Object({ list: Type.Array(StaffCode), total: Type.Integer() });
export type StaffCodeList = Static<typeof StaffCodeList>;

/**
 * One code per member listed. `name` may hold 「#成员姓名#」 (the default is 「#成员姓名#的活码」).
 * The codes are made in the background: each shows 「生成中」 until WeCom has it.
 */
export const StaffCodeAddBody = Type.Object({
  userids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
  name: Type.Optional(Type.String({ maxLength: 30 })),
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
});
export type StaffCodeAddBody = Static<typeof StaffCodeAddBody>;
export const StaffCodeAddResult = Type.Object({ ids: Type.Array(Type.Integer()) });
export type StaffCodeAddResult = Static<typeof StaffCodeAddResult>;

export const StaffCodeUpdateBody = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1, maxLength: 30 }),
  tagIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  welcome: WelcomeMessage,
  skipVerify: Type.Boolean(),
});
export type StaffCodeUpdateBody = Static<typeof StaffCodeUpdateBody>;
