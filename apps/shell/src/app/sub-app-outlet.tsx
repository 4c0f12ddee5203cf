// Renders the page of a sub-app: finds the app by path prefix, loads its `./app` through the
// federation host, matches the route and mounts it in <div id="ice-container">.
import { use, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { subAppOf, type SubApp } from '@scrm/contracts/sub-apps';
import { AuthGuard, type SubAppModule } from '@scrm/web-kit';
import { NoAuth } from './no-auth';
import { NotFound } from './not-found';
import { RouteFrame } from './route-frame';
import { MOUNT_NODE_ID, getMountNode, matchSubAppRoute } from './sub-app-runtime';

export type LoadSubApp = (app: SubApp) => Promise<SubAppModule>;

const loadFromHost: LoadSubApp = (app) => import('./federation').then((m) => m.loadSubApp(app));
// `use` needs the same promise on every render.
const pending = new WeakMap<LoadSubApp, Map<string, Promise<SubAppModule>>>();
function cached(load: LoadSubApp, app: SubApp): Promise<SubAppModule> {
  let byApp = pending.get(load);
  if (!byApp) pending.set(load, (byApp = new Map()));
  let promise = byApp.get(app.name);
  if (!promise) {
    promise = load(app);
    byApp.set(app.name, promise);
    promise.catch(() => byApp.delete(app.name));
  }
  return promise;
}

/** Renders its children into the mount node, which must be in the document. */
function MountNode({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setTarget(getMountNode()), []);
  return <div id={MOUNT_NODE_ID}>{target ? createPortal(children, target) : null}</div>;
}

function RemotePage({ app, pathname, load }: { app: SubApp; pathname: string; load: LoadSubApp }) {
  const mod = use(cached(load, app));
  const route = matchSubAppRoute(mod.routes, pathname);
  if (!route) return <NotFound />;
  const { Component, auth } = route;
  return (
    <MountNode>
      {auth ? (
        <AuthGuard auth={auth} fallback={<NoAuth />}>
          <Component />
        </AuthGuard>
      ) : (
        <Component />
      )}
    </MountNode>
  );
}

export function SubAppOutlet({ load = loadFromHost }: { load?: LoadSubApp }) {
  const { pathname } = useLocation();
  const app = subAppOf(pathname);
  if (!app) return <NotFound />;
  return (
    <RouteFrame>
      <RemotePage app={app} pathname={pathname} load={load} />
    </RouteFrame>
  );
}
