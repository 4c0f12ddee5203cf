import type { SeatInfo } from '@scrm/contracts/seat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

export const seatInfoKey = () => [...SEAT_ROOT_KEY, 'info'] as const;
export const getSeatInfo = () => post<SeatInfo>('/api/seat/info');
export const seatInfoQueryOptions = () => queryOptions({ queryKey: seatInfoKey(), queryFn: getSeatInfo });
export const useSeatInfo = (config: QueryConfig<typeof seatInfoQueryOptions> = {}) => useQuery({ ...seatInfoQueryOptions(), ...config });
