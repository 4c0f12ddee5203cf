import type { CurrentUser, PermissionEntry } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit/base';

// Silent: the session decides (a 401 or 10401 makes a guest, anything else the failure page).
export const getAccountInfo = () => post<CurrentUser>('/api/account/info', {}, { silent: true });
export const getPermissionDetail = () => post<PermissionEntry[]>('/api/account/permission/detail', {}, { silent: true });
