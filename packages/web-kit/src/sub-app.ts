// What a sub-app's exposed `./app` module provides to the shell.
import type { ComponentType } from 'react';

export interface SubAppRoute {
  /** Full path, e.g. /channel-qrcode/list (react-router patterns such as :id allowed). */
  path: string;
  Component: ComponentType;
  /** Permission keys; the page shows when at least one is granted, else "No Auth". */
  auth?: string[];
}

export interface SubAppModule {
  routes: SubAppRoute[];
}
