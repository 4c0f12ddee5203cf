// The Module Federation host, created on first use after login. It registers the twelve sub-apps
// as remotes from SUB_APPS and provides the shared singletons the shell already loaded, so every
// sub-app renders with the shell's React, antd, router, react-query, dayjs and web-kit. antd and the
// icons are provided per module (`antd/es/table`, …; see packages/web-build/shared.ts), each fetched
// when a sub-app first asks for it, from the same modules the shell renders with.
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as dayjs from 'dayjs';
import * as webKit from '@scrm/web-kit';
import { moduleShares, pickedShares } from 'virtual:scrm-module-shares';
import { SUB_APPS, type SubApp } from '@scrm/contracts/sub-apps';
import type { SubAppModule } from '@scrm/web-kit';
import { assertFetch, remoteEntryUrl } from './sub-app-runtime';
import { T } from '../texts';

const versions = __SCRM_SHARED_VERSIONS__;
const shareConfig = { singleton: true, requiredVersion: false as const };

/** A package the shell has already loaded (the same module instance it uses itself). */
const loaded = (pkg: string, lib: unknown, versionOf = pkg) => ({ version: versions[versionOf], lib: () => lib, shareConfig });
/** A package fetched only when a sub-app asks for it. */
const onDemand = (pkg: string, load: () => Promise<unknown>, versionOf = pkg) => ({
  version: versions[versionOf],
  get: () => load().then((mod) => () => mod),
  shareConfig,
});

function providedShares() {
  return {
    react: loaded('react', React),
    'react/jsx-runtime': loaded('react/jsx-runtime', jsxRuntime, 'react'),
    // Sub-app dev servers compile JSX for development.
    'react/jsx-dev-runtime': onDemand('react/jsx-dev-runtime', () => import('react/jsx-dev-runtime'), 'react'),
    'react-dom': loaded('react-dom', ReactDOM),
    'react-dom/client': loaded('react-dom/client', ReactDOMClient, 'react-dom'),
    // Only the names the sub-apps import (a namespace would keep the whole router and query client).
    'react-router-dom': loaded('react-router-dom', pickedShares['react-router-dom']),
    ...Object.fromEntries(
      Object.entries(moduleShares).map(([key, load]) => [key, onDemand(key, load, key.startsWith('antd/') ? 'antd' : '@ant-design/icons')]),
    ),
    '@tanstack/react-query': loaded('@tanstack/react-query', pickedShares['@tanstack/react-query']),
    dayjs: loaded('dayjs', dayjs),
    '@scrm/web-kit': loaded('@scrm/web-kit', webKit),
  };
}

let instance: ModuleFederation | undefined;

function host(): ModuleFederation {
  if (!instance) {
    // The remotes are built with `experiments.externalRuntime`: they use this runtime, not a copy of their own.
    (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
    instance = createInstance({ name: 'scrm_shell', remotes: [], shared: providedShares(), shareStrategy: 'loaded-first' });
    instance.registerRemotes(SUB_APPS.map((app) => ({ name: app.name, entry: remoteEntryUrl(app), type: 'module' })));
  }
  return instance;
}

const modules = new Map<string, Promise<SubAppModule>>();
const retries = new Map<string, number>();

/**
 * Loads a sub-app's exposed `./app` (once; a failure may be retried). `fresh` registers the remote
 * again under a new entry URL: the runtime would otherwise wait again on an entry load that hangs,
 * and a new URL also gets past browsers that keep a failed module import.
 */
export function loadSubApp(app: SubApp, { fresh = false }: { fresh?: boolean } = {}): Promise<SubAppModule> {
  if (fresh) {
    modules.delete(app.name);
    const retry = (retries.get(app.name) ?? 0) + 1;
    retries.set(app.name, retry);
    host().registerRemotes([{ name: app.name, entry: `${remoteEntryUrl(app)}?retry=${retry}`, type: 'module' }], { force: true });
  }
  let pending = modules.get(app.name);
  if (!pending) {
    pending = (async () => {
      assertFetch();
      const mod = await host().loadRemote<SubAppModule & { default?: SubAppModule }>(`${app.name}/app`);
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
