import type { BindBatchResult } from '@scrm/contracts/licence';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { licenceKey } from './licence-keys';

/** One unbound 互通 code activated for each member. */
export const bindLicences = (id: number, userids: string[]) => post<BindBatchResult>('/api/qw/bind/qwAccount/batch', { id, userids }, { silent: true });
export const useBindLicences = (id: number) => useRefreshingMutation((userids: string[]) => bindLicences(id, userids), licenceKey(id));
