import type { SeatSetBody, SeatSetData } from '@scrm/contracts/distributor-portal';
import { useRefreshingMutation } from '@scrm/web-kit';
import { portalPost } from './client';

export const setSeats = (body: SeatSetBody) => portalPost<SeatSetData>('/api/distributor/account/seat/set', body, { silent: true });
/** Refreshes everything of the portal: the customer's seats, the seat records. */
export const useSetSeats = () => useRefreshingMutation(setSeats, ['distributor']);
