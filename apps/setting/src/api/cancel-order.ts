import type { OrderDetail } from '@scrm/contracts/order';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** An unpaid order withdrawn. */
export const cancelOrder = (id: number) => post<OrderDetail>('/api/qw/order/cancel', { id }, { silent: true });
export const useCancelOrder = () => useRefreshingMutation(cancelOrder, SEAT_ROOT_KEY);
