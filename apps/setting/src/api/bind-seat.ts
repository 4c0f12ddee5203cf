import type { Seat } from '@scrm/contracts/seat';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** A seat for a member of the current work space (`id`: this one, else any free one). */
export const bindSeat = (body: { userid: string; id?: number }) => post<Seat>('/api/seat/bind/member', body, { silent: true });
export const useBindSeat = () => useRefreshingMutation(bindSeat, SEAT_ROOT_KEY);
