// Shortens a sub-app's first visit: its code, and the page's own, start loading when the pointer rests
// on its menu item (the click comes a little later). The entries alone are fetched after the first page
// shows, when the browser is idle (prefetchEntriesWhenIdle in ./sub-app-runtime).
import { subAppOf } from '@scrm/contracts/sub-apps';
import { pageToLoad } from '@scrm/web-kit';
import { loadFromHost } from './sub-app-outlet';
import { matchSubAppRoute } from './sub-app-runtime';

/** Starts loading the sub-app that serves `path` and the page it shows there (a failure is left to the visit, which shows it). */
export function preloadSubAppOf(path: string): void {
  const app = subAppOf(path);
  if (!app) return;
  loadFromHost(app)
    .then((mod) => {
      const route = matchSubAppRoute(mod.routes, path);
      return route && pageToLoad(route.Component)?.preload();
    })
    .catch(() => undefined);
}
