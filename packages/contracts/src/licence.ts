// 接口许可 (/api/qw/need/buy/qwAccount, activeCode/detail, bind/qwAccount/batch, by/qwAccount): WeCom interface
// licences of a corp authorised through the provider (third) or 代开发 (replace). Bodies: docs/licences.md.
import { Type, type Static } from 'typebox';
import { Id } from './api.js';

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);

/** 1 基础账号, 2 互通账号 (what the customer-contact calls need). */
export const LicenceType = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type LicenceType = Static<typeof LicenceType>;

export const LicenceBuy = Type.Object({
  baseCount: Type.Integer({ minimum: 0, maximum: 10_000 }),
  externalCount: Type.Integer({ minimum: 0, maximum: 10_000 }),
  /** 1-36 months. */
  months: Type.Integer({ minimum: 1, maximum: 36 }),
});
export type LicenceBuy = Static<typeof LicenceBuy>;

/** Without `buy`: who needs a licence; with it: also places an order for those counts. */
export const NeedBuyBody = Type.Object({ id: Id, buy: Type.Optional(LicenceBuy) });
export type NeedBuyBody = Static<typeof NeedBuyBody>;

export const LicenceOrder = Type.Object({
  orderId: Type.String(),
  /** WeCom's order_status: 0 待支付, 1 已支付, 2 已取消, 3 已失效, 4 退款中, 5 已退款, 6 退款被拒. */
  status: Type.Integer(),
  statusText: Type.String(),
  baseCount: Type.Integer(),
  externalCount: Type.Integer(),
  months: Type.Integer(),
  /** fen. */
  price: Type.Integer(),
  createdAt: Type.Number(),
  paidAt: Nullable(Type.Number()),
});
export type LicenceOrder = Static<typeof LicenceOrder>;

export const LicenceMember = Type.Object({ userid: Type.String(), name: Type.String() });
export type LicenceMember = Static<typeof LicenceMember>;

export const LicenceNeed = Type.Object({
  /** false for a self-built corp: `message` says it needs none. */
  required: Type.Boolean(),
  message: Type.String(),
  /** Members with customer contact who hold no active 互通 account. */
  members: Type.Array(LicenceMember),
  /** Unbound 互通 codes ready to activate. */
  freeExternalCodes: Type.Integer(),
  orders: Type.Array(LicenceOrder),
  /** The order just placed (with `buy`). */
  createdOrderId: Type.Optional(Type.String()),
});
export type LicenceNeed = Static<typeof LicenceNeed>;

export const ActiveCodeBody = Type.Object({ id: Id, orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export type ActiveCodeBody = Static<typeof ActiveCodeBody>;

export const ActiveCode = Type.Object({
  activeCode: Type.String(),
  orderId: Type.String(),
  type: LicenceType,
  /** WeCom's: 1 未绑定, 2 已绑定, 3 已过期, 4 待转移. */
  status: Type.Integer(),
  statusText: Type.String(),
  userid: Type.Union([Type.String(), Type.Null()]),
  memberName: Type.Union([Type.String(), Type.Null()]),
  activeTime: Nullable(Type.Number()),
  expireTime: Nullable(Type.Number()),
});
export type ActiveCode = Static<typeof ActiveCode>;

export const ActiveCodeDetail = Type.Object({
  required: Type.Boolean(),
  message: Type.String(),
  orders: Type.Array(LicenceOrder),
  codes: Type.Array(ActiveCode),
});
export type ActiveCodeDetail = Static<typeof ActiveCodeDetail>;

export const BindBatchBody = Type.Object({
  id: Id,
  userids: Type.Array(UserId, { minItems: 1, maxItems: 200 }),
  /** Which account to activate: 2 互通 (default), 1 基础. */
  type: Type.Optional(LicenceType),
});
export type BindBatchBody = Static<typeof BindBatchBody>;

export const BindBatchResult = Type.Object({
  bound: Type.Integer(),
  list: Type.Array(Type.Object({ userid: Type.String(), activeCode: Type.String(), ok: Type.Boolean(), message: Type.String() })),
});
export type BindBatchResult = Static<typeof BindBatchResult>;

export const ByAccountBody = Type.Object({ id: Id, userid: Type.Optional(UserId) });
export type ByAccountBody = Static<typeof ByAccountBody>;

export const MemberLicence = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  licensed: Type.Boolean(),
  licences: Type.Array(Type.Object({ type: LicenceType, activeCode: Type.String(), activeTime: Type.Number(), expireTime: Type.Number() })),
});
export type MemberLicence = Static<typeof MemberLicence>;

export const MemberLicenceList = Type.Object({ required: Type.Boolean(), message: Type.String(), list: Type.Array(MemberLicence) });
export type MemberLicenceList = Static<typeof MemberLicenceList>;
