// Shortens a sub-app's first visit: its code, the page's own and the page's first queries start when the
// pointer rests on its menu item (the click comes a little later). The entries alone are fetched after the first page
// shows, when the browser is idle (prefetchEntriesWhenIdle in ./sub-app-runtime).
import { subAppOf } from '@scrm/contracts/sub-apps';
import { queryClient } from './query-client';
import { loadFromHost } from './sub-app-outlet';
import { matchSubAppRoute } from './sub-app-runtime';

/** Starts loading the sub-app that serves `path`, the page it shows there and the page's first queries (a failure is left to the visit, which shows it). */
export function preloadSubAppOf(path: string): void {
  const app = subAppOf(path);
  if (!app) return;
  loadFromHost(app)
    .then((mod) => {
      const route = matchSubAppRoute(mod.routes, path);
      const page = route?.Component;
      return page && 'prefetch' in page ? page.prefetch(queryClient) : undefined;
    })
    .catch(() => undefined);
}
