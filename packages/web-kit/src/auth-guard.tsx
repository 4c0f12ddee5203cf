// Pages that declare auth keys show only when at least one of them is granted (spec §6).
import type { ReactNode } from 'react';
import { useStore } from './store';

export const NO_AUTH_TEXT = 'No Auth';

export function isAuthorized(auth: readonly string[], flags: Record<string, boolean>): boolean {
  if (!Array.isArray(auth)) throw new TypeError('AuthGuard: `auth` must be an array of permission keys');
  return auth.some((key) => flags[key] === true);
}

export interface AuthGuardProps {
  auth: string[];
  children?: ReactNode;
  fallback?: ReactNode;
}

export function AuthGuard({ auth, children, fallback = NO_AUTH_TEXT }: AuthGuardProps) {
  const flags = useStore('auth');
  return <>{isAuthorized(auth, flags) ? children : fallback}</>;
}

/**
 * Whether the caller may use a control guarded by `key` (an action key such as `tag.manage`). True unless
 * the flags say false: main accounts hold every flag, and tests that set no flags see every control.
 */
export function useCan(key: string): boolean {
  return useStore('auth')[key] !== false;
}
