// The official account's QR codes: to log in by a scan, and to bind the account (spec §4).
import type { QrCodeData, QrPollData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';

export const getLoginQrCode = () => post<QrCodeData>('/api/account/login/gzh/code', {}, { silent: true });
export const pollLoginQrCode = async (code: string) => (await post<QrPollData>('/api/account/login/callback', { code }, { silent: true })).token;
export const getBindQrCode = () => post<QrCodeData>('/api/account/bind/gzh/code', {}, { silent: true });
export const pollBindQrCode = async (code: string) => (await post<QrPollData>('/api/account/bind/gzh/code/change', { code }, { silent: true })).token;
