// What a sub-app's exposed `./app` module provides to the shell.
import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { store } from './store';

/**
 * What a page's module may export beside its component: starts the queries the page makes first (with
 * web-kit's `prefetchPageQuery`), for the work space in use (0: none chosen).
 */
export type PagePrefetch = (client: QueryClient, workId: number) => Promise<unknown> | void;

/**
 * A page loaded on first use; `preload` loads it ahead, after which it renders without suspending;
 * `prefetch` loads it and starts its first queries (the shell calls it when the pointer rests on the
 * page's menu item).
 */
export type PageComponent = ComponentType & { preload(): Promise<void>; loaded(): boolean; prefetch(client: QueryClient): Promise<void> };

export interface SubAppRoute {
  /** Full path, e.g. /channel-qrcode/list (react-router patterns such as :id allowed). */
  path: string;
  Component: ComponentType | PageComponent;
  /** Permission keys; the page shows when at least one is granted, else "No Auth". */
  auth?: string[];
}

export interface SubAppModule {
  routes: SubAppRoute[];
}

/**
 * A route's page in its own chunk, as `React.lazy` makes it, plus `preload()`. The shell awaits it before
 * showing the page: a lazy page that suspends has React keep its fallback up for 300 ms at least
 * (Suspense's reveal throttle), which was most of a sub-app's first visit (~440 ms, the files in after
 * ~150). Rendered without a preload it suspends like any lazy component.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType; prefetch?: PagePrefetch }>): PageComponent {
  let loaded: ComponentType | undefined;
  let prefetchOf: PagePrefetch | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        prefetchOf = m.prefetch;
      },
      (err: unknown) => {
        loading = undefined; // a failed chunk may be asked for again
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = () => createElement(loaded ?? Lazy);
  const prefetch = (client: QueryClient) =>
    preload()
      .then(() => prefetchOf?.(client, store.get('workId')))
      .then(() => undefined);
  return Object.assign(Page, { preload, loaded: () => loaded !== undefined, prefetch });
}

/** A route's page that is still to be loaded (`lazyPage`'s, before its preload ended). */
export const pageToLoad = (Component: SubAppRoute['Component']): PageComponent | undefined =>
  'preload' in Component && !Component.loaded() ? Component : undefined;

/**
 * A part shown only sometimes (a dialog, a rare screen) in its own chunk, loaded when first rendered and
 * showing nothing meanwhile: what it imports (antd's Modal, Form, Result) stays off the pages' first load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  const Lazy = lazy(load) as unknown as ComponentType<ComponentProps<C>>;
  return (props: ComponentProps<C>) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}
