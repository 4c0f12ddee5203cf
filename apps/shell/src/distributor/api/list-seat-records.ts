import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SeatRecordList } from '@scrm/contracts/distributor-portal';
import { portalPost } from './client';

export const listSeatRecords = (q: { page: number; pageSize: number }) => portalPost<SeatRecordList>('/api/distributor/account/record/seat', q);
export const seatRecordsKey = ['distributor', 'seat-records'] as const;
export const seatRecordsQueryOptions = (q: { page: number; pageSize: number }) =>
  queryOptions({ queryKey: [...seatRecordsKey, q], queryFn: () => listSeatRecords(q), placeholderData: keepPreviousData });
export const useSeatRecords = (q: { page: number; pageSize: number }) => useQuery(seatRecordsQueryOptions(q));
