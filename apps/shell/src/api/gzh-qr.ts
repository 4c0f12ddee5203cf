// The official account's login QR (spec §4); binding's calls are @scrm/web-parts' (api/gzh-bind.ts).
// Opened through a distributor's promotion link, the QR is polled through /api/cps/scan/callback with its
// code (the same answers), which makes the account it registers the distributor's.
import type { QrCodeData, QrPollData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';
import { getCps } from '../cps';

export const getLoginQrCode = () => post<QrCodeData>('/api/account/login/gzh/code', {}, { silent: true });
export const pollLoginQrCode = async (code: string) => {
  const cps = getCps();
  const answer = cps
    ? await post<QrPollData>('/api/cps/scan/callback', { code, cps }, { silent: true })
    : await post<QrPollData>('/api/account/login/callback', { code }, { silent: true });
  return answer.token;
};
