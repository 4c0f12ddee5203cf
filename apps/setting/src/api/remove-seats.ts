import type { SeatInfo } from '@scrm/contracts/seat';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** Bound seats unbound (free again). */
export const removeSeats = (ids: number[]) => post<SeatInfo>('/api/seat/remove', { ids }, { silent: true });
export const useRemoveSeats = () => useRefreshingMutation(removeSeats, SEAT_ROOT_KEY);
