// What the loader keeps of icestark's observable behaviour (DESIGN.md §3): the mount node
// `ice-container` must exist, `fetch` must exist, an unknown app or page shows "not found".
import { matchPath } from 'react-router-dom';
import { subAppBase, type SubApp } from '@scrm/contracts/sub-apps';
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

/** Where a sub-app's remote entry is served: its own dev server in development, /apps/<prefix>/ in production. */
export function remoteEntryUrl(app: SubApp, dev: boolean = import.meta.env.DEV): string {
  return dev ? `http://localhost:${app.devPort}/remoteEntry.js` : `${subAppBase(app)}remoteEntry.js`;
}

export function matchSubAppRoute(routes: readonly SubAppRoute[], pathname: string): SubAppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path));
}
