// The registry of the modules the shell shares with the sub-apps (see packages/web-build/shared.ts for
// the sub-apps' side): some loaded with the shell, the others fetched on a sub-app's first ask.
import { T } from '../texts';

/** The registry a sub-app's build reads its shared modules from. */
export interface SharedModules {
  /** Fetches the modules of `keys` not loaded yet. */
  load(keys: readonly string[]): Promise<void>;
  /** A loaded module (a sub-app's file awaited `load` of it first). */
  get(key: string): unknown;
}

export function createSharedModules(
  loaded: Record<string, unknown>,
  onDemand: Record<string, () => Promise<unknown>>,
): SharedModules {
  const modules = new Map(Object.entries(loaded));
  const pending = new Map<string, Promise<void>>();
  const fetchOne = (key: string): Promise<void> | undefined => {
    if (modules.has(key)) return undefined;
    let loading = pending.get(key);
    if (!loading) {
      const load = onDemand[key];
      if (!load) return Promise.reject(new Error(T.loadFailed.notShared(key)));
      loading = load().then((mod) => {
        modules.set(key, mod);
      });
      // A failed fetch may be tried again by the next load (a retry of the page).
      loading.catch(() => pending.delete(key));
      pending.set(key, loading);
    }
    return loading;
  };
  return {
    load: (keys) => Promise.all(keys.map(fetchOne)).then(() => undefined),
    get(key) {
      if (!modules.has(key)) throw new Error(T.loadFailed.notShared(key));
      return modules.get(key);
    },
  };
}
