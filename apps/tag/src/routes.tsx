// The pages of /tag. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/tag/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/tag/list') },
  { path: '/tag/auto/list', Component: lazy(() => import('./pages/auto-list')), auth: authKeysFor('/tag/auto/list') },
  { path: '/tag/auto/edit', Component: lazy(() => import('./pages/auto-edit')), auth: authKeysFor('/tag/auto/edit') },
  { path: '/tag/auto/detail', Component: lazy(() => import('./pages/auto-detail')), auth: authKeysFor('/tag/auto/detail') },
];
