// The pages of /staff. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/staff/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/staff/list') },
];
