import type { TokenData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';

export const register = (body: { phone: string; code: string; password: string }) => post<TokenData>('/api/account/create', body, { silent: true });
/** Creates the account of a WeChat scan that found none (the QR's code is the wxCode). */
export const registerByScan = (body: { phone: string; code: string; wxCode: string }) => post<TokenData>('/api/account/create/scan', body, { silent: true });
