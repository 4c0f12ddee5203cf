import type { LicenceBuy, LicenceNeed } from '@scrm/contracts/licence';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { licenceKey } from './licence-keys';

/** Places a licence order through the provider (待支付 until the provider's admin pays). */
export const buyLicences = (id: number, buy: LicenceBuy) => post<LicenceNeed>('/api/qw/need/buy/qwAccount', { id, buy }, { silent: true });
export const useBuyLicences = (id: number) => useRefreshingMutation((buy: LicenceBuy) => buyLicences(id, buy), licenceKey(id));
