import type { OrderDetail } from '@scrm/contracts/order';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

export type PlaceOrderBody = { kind: 'buy'; count: number; termDays: number } | { kind: 'renew'; seatIds: number[]; termDays: number };

/** A new order (buy seats, or renew these); the answer carries the cashier's address. */
export const placeOrder = (body: PlaceOrderBody) => post<OrderDetail>('/api/qw/order/get', body, { silent: true });
export const usePlaceOrder = () => useRefreshingMutation(placeOrder, SEAT_ROOT_KEY);
