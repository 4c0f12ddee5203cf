import type { SeatInfo } from '@scrm/contracts/seat';
import { WORK_ID_HEADER } from '@scrm/contracts/api';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

/** Seats moved to the work space `workSpaceId` (named in X-Work-Id); their members lose them. */
export const migrateSeats = (body: { ids: number[]; workSpaceId: number }) =>
  post<SeatInfo>('/api/seat/migrate/by/qw', { ids: body.ids }, { silent: true, headers: { [WORK_ID_HEADER]: String(body.workSpaceId) } });
export const useMigrateSeats = () => useRefreshingMutation(migrateSeats, SEAT_ROOT_KEY);
