import type { OrderDetail } from '@scrm/contracts/order';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** Back from the cashier: the server asks the payment provider and credits the seats when paid. */
export const confirmPayment = (id: number) => post<OrderDetail>('/api/qw/order/pay/success', { id }, { silent: true });
export const useConfirmPayment = () => useRefreshingMutation(confirmPayment, SEAT_ROOT_KEY);
