// The pages of /qw. `auth` keys follow the menu: a page opens when the menu would show it.
// The third-party callback is rendered by the shell without layout.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/qw/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/qw/list') },
  { path: '/qw/edit', Component: lazy(() => import('./pages/edit')), auth: authKeysFor('/qw/edit') },
  { path: '/qw/thirdapp/callback', Component: lazy(() => import('./pages/thirdapp-callback')), auth: authKeysFor('/qw/list') },
];
