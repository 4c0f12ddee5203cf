import type { SeatCount } from '@scrm/contracts/seat';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { channelRootKey } from './keys';

/** Unbinds the seats of every member of a code (资源包): they stop receiving from channel codes until bound again. */
export const releaseCodeSeats = (id: number) => post<SeatCount>('/api/qw/lxw/remove/bind/seat/batch', { id }, { silent: true });
/** The code's members (now 「未绑定席位」), its state and the list refresh. */
export const useReleaseCodeSeats = (workId: number) => useRefreshingMutation(releaseCodeSeats, channelRootKey(workId));
