import type { Seat } from '@scrm/contracts/seat';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

export const transferSeat = (body: { id: number; userid: string }) => post<Seat>('/api/seat/bind/member/tran', body, { silent: true });
export const useTransferSeat = () => useRefreshingMutation(transferSeat, SEAT_ROOT_KEY);
