import type { SeatList, SeatListBody } from '@scrm/contracts/seat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

export const seatsKey = (body: SeatListBody) => [...SEAT_ROOT_KEY, 'list', body] as const;
export const listSeats = (body: SeatListBody) => post<SeatList>('/api/seat/list', body);
export const seatsQueryOptions = (body: SeatListBody) => queryOptions({ queryKey: seatsKey(body), queryFn: () => listSeats(body) });
export const useSeats = (body: SeatListBody, config: QueryConfig<typeof seatsQueryOptions> = {}) => useQuery({ ...seatsQueryOptions(body), ...config });
