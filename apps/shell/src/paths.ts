// Paths with special handling in the shell (spec §2, §6).
import { HOME_AFTER_LOGIN } from '@scrm/contracts/constants';

export { HOME_AFTER_LOGIN };

/** Rendered without layout (no top bar, no menu). */
export const NO_LAYOUT_PATHS = ['/auth/third/part', '/qw/thirdapp/callback'];

/** A 401 on these pages does not open the login modal. */
export const LOGIN_MODAL_EXEMPT_PATHS = ['/channel-qrcode/detail', '/staff-qrcode/detail', '/customer-qrcode/detail'];

/** After a login on this page the page reloads instead of going home. */
export const RELOAD_AFTER_LOGIN_PATH = '/auth/third/part';

/** The current route path, read from the hash (hash routing), without its query. */
export function currentPath(loc: Pick<Location, 'hash'> = window.location): string {
  const path = loc.hash.replace(/^#/, '').split('?')[0] || '/';
  return path.startsWith('/') ? path : `/${path}`;
}

export const isNoLayoutPath = (path: string) => NO_LAYOUT_PATHS.includes(path);
export const isLoginModalExempt = (path: string) => LOGIN_MODAL_EXEMPT_PATHS.includes(path);

/** The distributors' portal (分销商门户): its own app, outside the console (docs/distributors.md). */
export const DISTRIBUTOR_PREFIX = '/distributor';
export const isDistributorPath = (path: string) => path === DISTRIBUTOR_PREFIX || path.startsWith(`${DISTRIBUTOR_PREFIX}/`);
