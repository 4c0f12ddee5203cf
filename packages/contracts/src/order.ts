// 资源包 orders: buying seats or renewing them, paid through a payment provider's cashier and confirmed by
// its signed notification (docs/seats.md, "Orders and payment"). Amounts are fen (1 元 = 100 fen).
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { SEAT_BATCH_MAX } from './seat.js';

export const ORDER_STATES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OrderStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('refunded')]);
export type OrderKind = 'buy' | 'renew';

/** The terms a seat is sold for, in days; a seat's price is its 365-day price × days / 365 (rounded up to the fen). */
export const SEAT_TERMS = [30, 90, 180, 365, 730] as const;
/** The most seats one order buys. */
export const ORDER_SEATS_MAX = 1000;

/** The price of one seat for `days`, from its price for 365 days. */
export const termPriceFen = (yearFen: number, days: number): number => Math.ceil((yearFen * days) / 365);

const Term = Type.Integer({ minimum: 1, maximum: 730 });

/**
 * /api/qw/order/get: with `id`, that order (and its cashier address while it waits for payment);
 * without, a new order — `kind: 'buy'` of `count` seats, or `kind: 'renew'` of the seats `seatIds` — for `termDays`.
 */
export const OrderGetBody = Type.Object(
  {
    id: Type.Optional(Id),
    kind: Type.Optional(Type.Union([Type.Literal('buy'), Type.Literal('renew')])),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_SEATS_MAX })),
    termDays: Type.Optional(Term),
    seatIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: SEAT_BATCH_MAX })),
  },
  { additionalProperties: false },
);
export type OrderGetBody = Static<typeof OrderGetBody>;

export const Order = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  kind: Type.Union([Type.Literal('buy'), Type.Literal('renew')]),
  seatCount: Type.Integer(),
  termDays: Type.Integer(),
  /** renew: the seats renewed. */
  seatIds: Type.Array(Type.Integer()),
  unitPriceFen: Type.Number(),
  amountFen: Type.Number(),
  /** The price was the distributor's (the account came through one). */
  distributorPrice: Type.Boolean(),
  state: OrderStateSchema,
  createdAt: Type.Number(),
  /** An unpaid order lapses (已取消) at this time. */
  expiresAt: Type.Number(),
  paidAt: Type.Union([Type.Number(), Type.Null()]),
  closedAt: Type.Union([Type.Number(), Type.Null()]),
});
export type Order = Static<typeof Order>;

export const OrderDetail = Type.Object({
  order: Order,
  /** Where the buyer pays (only while the order waits for payment). */
  cashierUrl: Type.Union([Type.String(), Type.Null()]),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderListBody = Type.Object(
  {
    page: Type.Optional(PageNumber),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    state: Type.Optional(OrderStateSchema),
  },
  { additionalProperties: false },
);
export type OrderListBody = Static<typeof OrderListBody>;
export const OrderList = Type.Object({ list: Type.Array(Order), total: Type.Integer() });
export type OrderList = Static<typeof OrderList>;

/** pay/success and cancel: one order of the caller's account. */
export const OrderIdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type OrderIdBody = Static<typeof OrderIdBody>;

/** /api/distributor/account/buy/seat/price: what this account pays for a seat. */
export const SeatPrice = Type.Object({
  /** One seat for 365 days, fen. */
  yearPriceFen: Type.Number(),
  /** The price is that of the distributor the account came through. */
  distributor: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
  terms: Type.Array(Type.Object({ days: Type.Integer(), unitPriceFen: Type.Number() })),
  /** Buying is possible (a payment provider is configured). */
  payable: Type.Boolean(),
});
export type SeatPrice = Static<typeof SeatPrice>;

/** /api/admin/qw/order/refund (X-Admin-Token). */
export const OrderRefundBody = Type.Object({ orderId: Id }, { additionalProperties: false });
export const OrderRefund = Type.Object({
  order: Order,
  /** Seats of a buy order taken back (free ones), or seats whose renewal was taken back. */
  takenBack: Type.Integer(),
  /** Seats of a buy order left with their members until their term ends. */
  keptBound: Type.Integer(),
});
export type OrderRefund = Static<typeof OrderRefund>;

/** ¥ with two decimals, from fen. */
export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
