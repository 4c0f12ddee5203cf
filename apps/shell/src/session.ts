// Guest versus logged in (spec §4): the account load at start, login, logout and the 401 modal.
import { useSyncExternalStore } from 'react';
import { ApiCode } from '@scrm/contracts/api';
import {
  DEFAULT_USER_INFO,
  authFlags,
  getToken,
  grantedKeysOf,
  httpEvents,
  notifyError,
  removeToken,
  setToken,
  store,
  toApiRequestError,
} from '@scrm/web-kit/base';
import { getAccountInfo, getPermissionDetail } from './api/get-account';
import { logout as logoutCall } from './api/logout';
import { HOME_AFTER_LOGIN, RELOAD_AFTER_LOGIN_PATH, currentPath, isLoginModalExempt } from './paths';

export type Phase = 'booting' | 'guest' | 'authed' | 'failed';

export interface SessionState {
  phase: Phase;
  /** The one login modal: always open for guests, opened by a 401 when logged in. */
  loginOpen: boolean;
  failure?: string;
}

let state: SessionState = getToken() ? { phase: 'booting', loginOpen: false } : { phase: 'guest', loginOpen: true };
const listeners = new Set<() => void>();

function update(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener();
}

export const getSession = () => state;

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => state,
  );
}

function becomeGuest(): void {
  store.set('userInfo', DEFAULT_USER_INFO);
  store.set('auth', {});
  update({ phase: 'guest', loginOpen: true, failure: undefined });
}

/** Loads the account (info + permission detail) into the shared store; no token or 10401 → guest. */
export async function loadAccount(): Promise<void> {
  if (!getToken()) return becomeGuest();
  if (state.phase !== 'authed') update({ phase: 'booting', loginOpen: false, failure: undefined });
  try {
    const [info, detail] = await Promise.all([getAccountInfo(), getPermissionDetail()]);
    const keys = grantedKeysOf(detail);
    store.set('userInfo', { ...DEFAULT_USER_INFO, ...info, permissionOpenKeys: keys });
    store.set('auth', authFlags(info, keys));
    update({ phase: 'authed', loginOpen: false, failure: undefined });
  } catch (error) {
    const err = toApiRequestError(error);
    if (err.code === ApiCode.NOT_LOGGED_IN || err.status === 401) {
      removeToken();
      return becomeGuest();
    }
    notifyError(err);
    update({ phase: 'failed', failure: err.message });
  }
}

/** A login succeeded: keep the token, then go home (or reload on the third-party authorization page). */
export function loggedIn(token: string): void {
  setToken(token);
  if (currentPath() === RELOAD_AFTER_LOGIN_PATH) {
    window.location.reload();
    return;
  }
  update({ loginOpen: false });
  window.location.hash = `#${HOME_AFTER_LOGIN}`;
  void loadAccount();
}

export async function logout(): Promise<void> {
  // The token goes whatever the server says: the user asked to leave.
  await logoutCall().catch(() => undefined);
  removeToken();
  becomeGuest();
}

/** 401 from any call opens the login modal, except on the code detail pages (spec §6). */
export function watchUnauthorized(): () => void {
  return httpEvents.on('unauthorized', () => {
    if (state.phase === 'authed' && !isLoginModalExempt(currentPath())) update({ loginOpen: true });
  });
}
