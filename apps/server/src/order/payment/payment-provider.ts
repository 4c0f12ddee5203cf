// What the orders need from a payment provider (支付渠道): a cashier for an order, the order's real state,
// closing an unpaid one, refunding a paid one, and reading its signed notifications. One implementation
// talks to the simulator's cashier (sim-payment.ts); a real provider (WeChat Pay, Alipay) is another
// implementation of this interface. docs/seats.md, "Orders and payment".

/** An order as the provider sees it: our order number and the amount to collect. */
export interface PaymentRequest {
  orderNo: string;
  amountFen: number;
  /** Shown on the cashier. */
  description: string;
  /** Wall-clock time after which the provider no longer takes the payment. */
  expiresAt: number;
  /** Where the cashier sends the buyer's browser back. */
  returnUrl: string;
}

export type PaymentStateName = 'unpaid' | 'paid' | 'closed' | 'refunded';

/** The provider's own record of an order (never what a browser says). */
export interface PaymentState {
  orderNo: string;
  state: PaymentStateName;
  amountFen: number;
  tradeNo: string | null;
  paidAt: number | null;
}

/** A notification, once its signature, freshness and shape are verified. */
export interface PaymentEvent {
  /** The provider's id of the notification: the same on each redelivery. */
  notifyId: string;
  kind: 'paid' | 'failed' | 'closed' | 'refunded';
  orderNo: string;
  tradeNo: string | null;
  amountFen: number;
  at: number;
  /** The signed triple, for the once-only check of this very request. */
  signed: { signature: string; timestamp: string; nonce: string };
}

export interface PaymentProvider {
  /** The `provider` column of the orders it takes. */
  readonly name: string;
  /** A cashier for the order; asking again for the same order answers the same cashier. */
  create(req: PaymentRequest): Promise<{ cashierUrl: string }>;
  /** The order's state at the provider; `null` when the provider has no such order. */
  query(orderNo: string): Promise<PaymentState | null>;
  /** Closes an unpaid order so it can no longer be paid; answers its state after (paid when payment won the race). */
  close(orderNo: string): Promise<PaymentState | null>;
  /** Refunds a paid order in full. */
  refund(orderNo: string, amountFen: number): Promise<void>;
  /** Verifies a notification (headers and the raw body as received); throws a 4xx AppError when it is not genuine. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent;
}
