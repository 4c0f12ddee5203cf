import type { TokenData } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';

// The guest pages have no query client (they load before antd and React Query): plain calls, silent
// because each form shows the refusal in its own banner.
export const login = (body: { phone: string; password?: string; code?: string }) => post<TokenData>('/api/account/login', body, { silent: true });
export const debugLogin = (params: { id: number; code: string }) => post<TokenData>('/api/account/login/debug', params, { silent: true });
