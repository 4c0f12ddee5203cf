// Binding the official account (spec §4): a QR for the caller's account, polled until the scan binds it.
import type { QrCodeData, QrPollData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit';

export const getBindQrCode = () => post<QrCodeData>('/api/account/bind/gzh/code', {}, { silent: true });
/** The fresh token once the scan has bound the WeChat user, else null. */
export const pollBindQrCode = async (code: string) => (await post<QrPollData>('/api/account/bind/gzh/code/change', { code }, { silent: true })).token;
