// 分销商门户 (the distributors' portal, /distributor/*): their own SMS login and session, their customers
// (main accounts registered through their promotion QR), seat records, recharge records and setting seats
// for a customer; the promotion scan call of the login gate; the operators' calls that create distributors.
// docs/distributors.md says what each call does.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';

export { CPS_PARAM, PROMO_CODE_PATTERN } from './constants.js';
/** The most seats one 设置席位 may give, and the longest term. */
export const DISTRIBUTOR_SEAT_MAX = 1000;
export const DISTRIBUTOR_TERM_MAX_DAYS = 3650;

const Phone = Type.String({ maxLength: 64 });
const Code = Type.String({ maxLength: 16 });
const PageSize = Type.Integer({ minimum: 1, maximum: 100 });

export const DistributorLoginBody = Type.Object({ phone: Phone, code: Code });
export type DistributorLoginBody = Static<typeof DistributorLoginBody>;

export const DistributorInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Masked: 138****0000. */
  phone: Type.String(),
  /** fen a seat for 365 days, charged to its customers' orders. */
  seatPriceFen: Type.Number(),
  promoCode: Type.String(),
  /** The promotion link (its QR encodes it): the console's login gate with `?cps=`. */
  promoUrl: Type.String(),
  customerCount: Type.Integer(),
});
export type DistributorInfo = Static<typeof DistributorInfo>;

export const CustomerSeats = Type.Object({
  /** Live seats (free + used). */
  bought: Type.Integer(),
  used: Type.Integer(),
  expired: Type.Integer(),
  nextExpiresAt: Type.Union([Type.Number(), Type.Null()]),
});
export type CustomerSeats = Static<typeof CustomerSeats>;

export const DistributorCustomer = Type.Object({
  accountId: Type.Integer(),
  /** Masked: 138****0000. */
  phone: Type.String(),
  nickname: Type.String(),
  createdAt: Type.Number(),
  seats: CustomerSeats,
});
export type DistributorCustomer = Static<typeof DistributorCustomer>;

export const CustomerListBody = Type.Optional(
  Type.Object({
    page: Type.Optional(PageNumber),
    pageSize: Type.Optional(PageSize),
    /** The last digits of a customer's phone (4 to 11 digits). */
    phone: Type.Optional(Type.String({ maxLength: 11 })),
  }),
);
export type CustomerListBody = Static<typeof CustomerListBody>;
export const CustomerList = Type.Object({ list: Type.Array(DistributorCustomer), total: Type.Integer() });
export type CustomerList = Static<typeof CustomerList>;

export const RecordListBody = Type.Optional(
  Type.Object({
    page: Type.Optional(PageNumber),
    pageSize: Type.Optional(PageSize),
    /** Only this customer's records. */
    accountId: Type.Optional(Id),
  }),
);
export type RecordListBody = Static<typeof RecordListBody>;

export const RechargeRecord = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  accountId: Type.Integer(),
  phone: Type.String(),
  kind: Type.Union([Type.Literal('buy'), Type.Literal('renew')]),
  seatCount: Type.Integer(),
  termDays: Type.Integer(),
  unitPriceFen: Type.Number(),
  amountFen: Type.Number(),
  state: Type.Union([Type.Literal('paid'), Type.Literal('refunded')]),
  paidAt: Type.Union([Type.Number(), Type.Null()]),
  closedAt: Type.Union([Type.Number(), Type.Null()]),
});
export type RechargeRecord = Static<typeof RechargeRecord>;
export const RechargeRecordList = Type.Object({ list: Type.Array(RechargeRecord), total: Type.Integer() });
export type RechargeRecordList = Static<typeof RechargeRecordList>;

/** set: given by the distributor (设置席位); buy / renew: a paid order of the customer. */
export const SeatRecordKind = Type.Union([Type.Literal('set'), Type.Literal('buy'), Type.Literal('renew')]);
export const SeatRecord = Type.Object({
  /** `set:<id>` or `order:<id>`. */
  key: Type.String(),
  kind: SeatRecordKind,
  accountId: Type.Integer(),
  phone: Type.String(),
  seatCount: Type.Integer(),
  termDays: Type.Integer(),
  at: Type.Number(),
  /** The order number of a bought or renewed record. */
  orderNo: Type.Union([Type.String(), Type.Null()]),
});
export type SeatRecord = Static<typeof SeatRecord>;
export const SeatRecordList = Type.Object({ list: Type.Array(SeatRecord), total: Type.Integer() });
export type SeatRecordList = Static<typeof SeatRecordList>;

export const SeatSetBody = Type.Object({
  accountId: Id,
  count: Type.Integer({ minimum: 1, maximum: DISTRIBUTOR_SEAT_MAX }),
  days: Type.Integer({ minimum: 1, maximum: DISTRIBUTOR_TERM_MAX_DAYS }),
});
export type SeatSetBody = Static<typeof SeatSetBody>;
export const SeatSetData = Type.Object({ accountId: Type.Integer(), seats: CustomerSeats });
export type SeatSetData = Static<typeof SeatSetData>;

/** The login gate's poll of a QR shown through a promotion link: `/api/account/login/callback` plus the promotion code. */
export const CpsScanBody = Type.Object({ code: Type.String({ maxLength: 128 }), cps: Type.String({ maxLength: 64 }) });
export type CpsScanBody = Static<typeof CpsScanBody>;

/** Operators (X-Admin-Token): a new distributor. */
export const DistributorCreateBody = Type.Object({
  phone: Phone,
  name: Type.String({ maxLength: 64 }),
  seatPriceFen: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  /** Generated when left out. */
  promoCode: Type.Optional(Type.String({ maxLength: 32 })),
});
export type DistributorCreateBody = Static<typeof DistributorCreateBody>;
export const DistributorUpdateBody = Type.Object({
  id: Id,
  name: Type.Optional(Type.String({ maxLength: 64 })),
  seatPriceFen: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  /** Disabling ends its sessions; its customers keep their attribution. */
  disabled: Type.Optional(Type.Boolean()),
});
export type DistributorUpdateBody = Static<typeof DistributorUpdateBody>;
export const AdminDistributor = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  seatPriceFen: Type.Number(),
  promoCode: Type.String(),
  disabled: Type.Boolean(),
});
export type AdminDistributor = Static<typeof AdminDistributor>;

/** 138****0000 */
export const maskPhone = (phone: string | null | undefined): string =>
  phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone ?? '';
