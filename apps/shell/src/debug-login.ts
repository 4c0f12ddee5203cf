// Debug login (spec §4): debug_code and debug_id in the URL (search or hash query) log in directly.
import { setToken } from '@scrm/web-kit/base';
import { debugLogin } from './api/login';
import { HOME_AFTER_LOGIN } from './paths';

const PARAMS = ['debug_code', 'debug_id'] as const;

export interface DebugParams {
  id: number;
  code: string;
}

type Loc = Pick<Location, 'search' | 'hash'>;

function hashQuery(hash: string): URLSearchParams {
  const at = hash.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : hash.slice(at + 1));
}

export function readDebugParams(loc: Loc = window.location): DebugParams | null {
  for (const params of [new URLSearchParams(loc.search), hashQuery(loc.hash)]) {
    const code = params.get('debug_code');
    const id = params.get('debug_id');
    if (code && id) return { id: Number(id), code };
  }
  return null;
}

/** The URL without the two debug parameters, optionally with a new hash path. */
export function withoutDebugParams(loc: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>, hashPath?: string): string {
  const search = new URLSearchParams(loc.search);
  PARAMS.forEach((p) => search.delete(p));
  const hashPathPart = loc.hash.replace(/^#/, '').split('?')[0];
  const query = hashQuery(loc.hash);
  PARAMS.forEach((p) => query.delete(p));
  const s = search.toString();
  const q = query.toString();
  const hash = hashPath ? `#${hashPath}` : hashPathPart || q ? `#${hashPathPart}${q ? `?${q}` : ''}` : '';
  return `${loc.origin}${loc.pathname}${s ? `?${s}` : ''}${hash}`;
}

/**
 * Runs the debug login when the URL asks for it. Resolves true when the page is about to reload
 * (the caller must not render), false when start-up continues.
 */
export async function runDebugLogin(): Promise<boolean> {
  const params = readDebugParams();
  if (!params) return false;
  const loc = window.location;
  const searchHasParams = PARAMS.some((p) => new URLSearchParams(loc.search).has(p));
  try {
    const { token } = await debugLogin(params);
    setToken(token);
    const next = withoutDebugParams(loc, HOME_AFTER_LOGIN);
    if (searchHasParams) {
      loc.replace(next);
      return true;
    }
    window.history.replaceState(null, '', next);
    return false;
  } catch {
    const next = withoutDebugParams(loc);
    if (searchHasParams) loc.replace(next);
    else {
      window.history.replaceState(null, '', next);
      loc.reload();
    }
    return true;
  }
}
