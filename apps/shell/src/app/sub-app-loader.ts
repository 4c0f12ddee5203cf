// Loads the sub-apps and hands them the modules the shell shares (packages/web-build/shared.ts): one
// React, react-dom, router, react-query, dayjs and web-kit, and antd and the icons per module
// (`antd/es/table`, …), each fetched when a sub-app first asks for it, from the same modules the shell
// renders with. A sub-app's build reads them from the registry on `globalThis[__SCRM_SHARED_GLOBAL__]`:
// each of its files first awaits `load` of the keys it holds, then `get`s them.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as dayjs from 'dayjs';
import * as webKit from '@scrm/web-kit';
import { devSubApps, moduleShares, pickedShares } from 'virtual:scrm-module-shares';
import type { SubApp } from '@scrm/contracts/sub-apps';
import type { SubAppModule } from '@scrm/web-kit';
import { createSharedModules } from './shared-modules';
import { assertFetch, remoteEntryUrl } from './sub-app-runtime';
import { T } from '../texts';

function provideSharedModules(): void {
  const holder = globalThis as Record<string, unknown>;
  if (holder[__SCRM_SHARED_GLOBAL__]) return;
  holder[__SCRM_SHARED_GLOBAL__] = createSharedModules(
    {
      react: React,
      'react/jsx-runtime': jsxRuntime,
      'react-dom': ReactDOM,
      'react-dom/client': ReactDOMClient,
      // Only the names the sub-apps import (a namespace would keep the whole router and query client).
      'react-router-dom': pickedShares['react-router-dom'],
      '@tanstack/react-query': pickedShares['@tanstack/react-query'],
      dayjs,
      '@scrm/web-kit': webKit,
    },
    moduleShares,
  );
}

const modules = new Map<string, Promise<SubAppModule>>();
const retries = new Map<string, number>();

/** The sub-app's module: its remote entry in production (a retry under a new URL), its source on the dev server. */
function importSubApp(app: SubApp): Promise<SubAppModule & { default?: SubAppModule }> {
  const folder = app.prefix.slice(1);
  if (import.meta.env.DEV && devSubApps[folder]) return devSubApps[folder]() as Promise<SubAppModule>;
  const retry = retries.get(app.name);
  return import(/* @vite-ignore */ retry ? `${remoteEntryUrl(app)}?retry=${retry}` : remoteEntryUrl(app));
}

/**
 * Loads a sub-app's routes (once; a failure may be retried). `fresh` imports its entry under a new URL:
 * browsers keep a failed module import, and an import that hangs would be waited on again.
 */
export function loadSubApp(app: SubApp, { fresh = false }: { fresh?: boolean } = {}): Promise<SubAppModule> {
  if (fresh) {
    modules.delete(app.name);
    retries.set(app.name, (retries.get(app.name) ?? 0) + 1);
  }
  let pending = modules.get(app.name);
  if (!pending) {
    pending = (async () => {
      assertFetch();
      provideSharedModules();
      const mod = await importSubApp(app);
      const routes = mod?.routes ?? mod?.default?.routes;
      if (!Array.isArray(routes)) throw new Error(T.loadFailed.noRoutes(app.name));
      return { routes };
    })();
    const settled = pending;
    pending.catch(() => {
      if (modules.get(app.name) === settled) modules.delete(app.name);
    });
    modules.set(app.name, pending);
  }
  return pending;
}
