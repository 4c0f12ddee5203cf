// What the loader keeps of icestark's observable behaviour (DESIGN.md §3): the mount node
// `ice-container` must exist, `fetch` must exist, an unknown app or page shows "not found".
import { matchPath } from 'react-router-dom';
import { SUB_APPS, subAppBase, type SubApp } from '@scrm/contracts/sub-apps';
import type { SubAppRoute } from '@scrm/web-kit';
import { T } from '../texts';

export const MOUNT_NODE_ID = 'ice-container';
export const NOT_FOUND_TEXT = 'not found';

export function getMountNode(doc: Document = document): HTMLElement {
  const node = doc.getElementById(MOUNT_NODE_ID);
  if (!node) throw new Error(`${MOUNT_NODE_ID} not found: the sub-app mount node <div id="${MOUNT_NODE_ID}"> is missing`);
  return node;
}

export function assertFetch(win: Pick<Window, 'fetch'> = window): void {
  if (typeof win.fetch !== 'function') throw new Error(T.loadFailed.noFetch);
}

/** Where a sub-app's built entry is served (the shell's dev server compiles its source instead). */
export function remoteEntryUrl(app: SubApp): string {
  return `${subAppBase(app)}remoteEntry.js`;
}

/** How long after the first page shows the sub-apps' entries are fetched (when the browser is idle then). */
export const ENTRY_PREFETCH_DELAY_MS = 2_000;
let entriesPrefetched = false;

/**
 * Once a first page has shown, the browser fetches every sub-app's entry (about 1.5 KB gzipped each) when
 * it is idle, so a sub-app's first visit waits only for its page's own files. A modulepreload fetches and
 * compiles the entry without running it (nothing of the sub-app's pages or shared modules is fetched).
 */
export function prefetchEntriesWhenIdle(win: Window = window): void {
  if (entriesPrefetched || import.meta.env.DEV) return;
  entriesPrefetched = true;
  const whenIdle = (run: () => void) => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 5_000 }) : win.setTimeout(run, 0));
  win.setTimeout(
    () =>
      whenIdle(() => {
        for (const app of SUB_APPS) {
          const link = win.document.createElement('link');
          link.rel = 'modulepreload';
          link.href = remoteEntryUrl(app);
          win.document.head.append(link);
        }
      }),
    ENTRY_PREFETCH_DELAY_MS,
  );
}

export function matchSubAppRoute(routes: readonly SubAppRoute[], pathname: string): SubAppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path));
}
