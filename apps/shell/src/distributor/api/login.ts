import type { TokenData } from '@scrm/contracts/account';
import { portalPost } from './client';

export const sendPortalCode = (phone: string) => portalPost<{ cooldown: number }>('/api/distributor/account/code/send', { phone }, { silent: true });
export const portalLogin = (body: { phone: string; code: string }) => portalPost<TokenData>('/api/distributor/account/login', body, { silent: true });
export const portalLogout = () => portalPost<null>('/api/distributor/account/logout', {}, { silent: true });
