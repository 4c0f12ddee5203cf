// Renders the page of a sub-app: finds the app by path prefix, loads its routes (./sub-app-loader),
// matches the route and mounts it in <div id="ice-container">. A sub-app that fails to load or does not
// answer in time shows why, with a retry that really loads it again.
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { Button } from 'antd';
import { subAppOf, type SubApp } from '@scrm/contracts/sub-apps';
import { AuthGuard, pageToLoad, type PageComponent, type SubAppModule, type SubAppRoute } from '@scrm/web-kit';
import { ErrorScreen } from './error-screen';
import { NoAuth, NotFound } from './lazy-screens';
import { Loading, RouteFrame } from './route-frame';
import { MOUNT_NODE_ID, getMountNode, matchSubAppRoute, prefetchEntriesWhenIdle } from './sub-app-runtime';
import { T } from '../texts';

/** `fresh`: load again from scratch (a retry after a failure). */
export type LoadSubApp = (app: SubApp, options?: { fresh?: boolean }) => Promise<SubAppModule>;

export const loadFromHost: LoadSubApp = (app, options) => import('./sub-app-loader').then((m) => m.loadSubApp(app, options));

/** How long a sub-app may take to load before the page says so. */
export const LOAD_TIMEOUT_MS = 10_000;

export const LOAD_FAILED_TEXT = T.loadFailed;

class LoadTimeout extends Error {
  constructor(readonly ms: number) {
    super(`sub-app load timed out after ${ms} ms`);
  }
}

/** Why a sub-app did not load, in words an operator can act on. */
export function loadFailureReason(error: unknown): string {
  if (error instanceof LoadTimeout) return LOAD_FAILED_TEXT.timeout(Math.round(error.ms / 1000));
  const message = error instanceof Error ? error.message : String(error);
  // Chromium, Safari and Firefox word a failed module import differently.
  if (/dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(message)) return LOAD_FAILED_TEXT.fetchFailed;
  if (/[\u4e00-\u9fff]/.test(message)) return message;
  return LOAD_FAILED_TEXT.unknown(message);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeout(ms)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

type LoadState = { status: 'loading' } | { status: 'ready'; mod: SubAppModule } | { status: 'failed'; error: unknown };

// Loaded modules, so moving between pages of a loaded sub-app renders at once (per loader: tests inject their own).
const loadedModules = new WeakMap<LoadSubApp, Map<string, SubAppModule>>();

function useSubApp(app: SubApp, load: LoadSubApp, timeoutMs: number): [LoadState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const mod = loadedModules.get(load)?.get(app.name);
    return mod ? { status: 'ready', mod } : { status: 'loading' };
  });
  useEffect(() => {
    const known = loadedModules.get(load)?.get(app.name);
    if (known && attempt === 0) {
      setState((s) => (s.status === 'ready' && s.mod === known ? s : { status: 'ready', mod: known }));
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    withTimeout(attempt > 0 ? load(app, { fresh: true }) : load(app), timeoutMs).then(
      (mod) => {
        let byApp = loadedModules.get(load);
        if (!byApp) loadedModules.set(load, (byApp = new Map()));
        byApp.set(app.name, mod);
        if (live) setState({ status: 'ready', mod });
      },
      (error: unknown) => {
        if (live) setState({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [app, load, timeoutMs, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

/** Renders its children into the mount node, which must be in the document. A first page shown starts the entries' prefetch. */
function MountNode({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setTarget(getMountNode()), []);
  useEffect(() => prefetchEntriesWhenIdle(), []);
  return <div id={MOUNT_NODE_ID}>{target ? createPortal(children, target) : null}</div>;
}

function LoadFailed({ app, error, onRetry }: { app: SubApp; error: unknown; onRetry: () => void }) {
  return (
    <ErrorScreen
      data-testid="sub-app-load-error"
      title={LOAD_FAILED_TEXT.title}
      subTitle={`「${app.title}」${loadFailureReason(error)}`}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="sub-app-retry">
          {LOAD_FAILED_TEXT.retry}
        </Button>
      }
    />
  );
}

function RemotePage({ app, pathname, load, timeoutMs }: { app: SubApp; pathname: string; load: LoadSubApp; timeoutMs: number }) {
  const [state, retry] = useSubApp(app, load, timeoutMs);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <LoadFailed app={app} error={state.error} onRetry={retry} />;
  const route = matchSubAppRoute(state.mod.routes, pathname);
  if (!route) return <NotFound />;
  return <RoutePage app={app} route={route} />;
}

/**
 * A matched route's page, once its chunk is in: loaded here rather than by suspending, because React
 * keeps a Suspense fallback up for 300 ms at least (a sub-app's first visit took ~440 ms, its files in
 * after ~150).
 */
function RoutePage({ app, route }: { app: SubApp; route: SubAppRoute }) {
  const { Component, auth } = route;
  const [pageLoad, setPageLoad] = useState<{ page: PageComponent; error?: unknown } | undefined>();
  const [attempt, setAttempt] = useState(0);
  const toLoad = pageToLoad(Component);
  useEffect(() => {
    if (!toLoad) return;
    let live = true;
    toLoad.preload().then(
      () => live && setPageLoad({ page: toLoad }),
      (error: unknown) => live && setPageLoad({ page: toLoad, error }),
    );
    return () => {
      live = false;
    };
  }, [toLoad, attempt]);
  if (toLoad) {
    if (pageLoad?.page === toLoad && pageLoad.error !== undefined)
      return (
        <LoadFailed
          app={app}
          error={pageLoad.error}
          onRetry={() => {
            setPageLoad(undefined);
            setAttempt((n) => n + 1);
          }}
        />
      );
    return <Loading />;
  }
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

export function SubAppOutlet({ load = loadFromHost, timeoutMs = LOAD_TIMEOUT_MS }: { load?: LoadSubApp; timeoutMs?: number }) {
  const { pathname } = useLocation();
  const app = subAppOf(pathname);
  if (!app) return <NotFound />;
  return (
    <RouteFrame>
      <RemotePage app={app} pathname={pathname} load={load} timeoutMs={timeoutMs} />
    </RouteFrame>
  );
}
