import type { OrderDetail } from '@scrm/contracts/order';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** 去支付: a pending order read again, with its cashier's address. */
export const payOrder = (id: number) => post<OrderDetail>('/api/qw/order/get', { id }, { silent: true });
export const usePayOrder = () => useRefreshingMutation(payOrder, SEAT_ROOT_KEY);
