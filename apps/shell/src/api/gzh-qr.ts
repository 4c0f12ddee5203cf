// The official account's login QR (spec §4); binding's calls are @scrm/web-parts' (api/gzh-bind.ts).
import type { QrCodeData, QrPollData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';

export const getLoginQrCode = () => post<QrCodeData>('/api/account/login/gzh/code', {}, { silent: true });
export const pollLoginQrCode = async (code: string) => (await post<QrPollData>('/api/account/login/callback', { code }, { silent: true })).token;
