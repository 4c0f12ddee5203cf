import type { SeatPrice } from '@scrm/contracts/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** What this account pays for a seat (its distributor's price when it came through one). */
export const seatPriceKey = () => [...SEAT_ROOT_KEY, 'price'] as const;
export const getSeatPrice = () => post<SeatPrice>('/api/distributor/account/buy/seat/price');
export const seatPriceQueryOptions = () => queryOptions({ queryKey: seatPriceKey(), queryFn: getSeatPrice });
export const useSeatPrice = (config: QueryConfig<typeof seatPriceQueryOptions> = {}) => useQuery({ ...seatPriceQueryOptions(), ...config });
