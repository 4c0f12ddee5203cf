// The pages of /staff-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/staff-qrcode/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/staff-qrcode/list') },
  { path: '/staff-qrcode/create', Component: lazy(() => import('./pages/create')), auth: authKeysFor('/staff-qrcode/create') },
  { path: '/staff-qrcode/detail', Component: lazy(() => import('./pages/detail')), auth: authKeysFor('/staff-qrcode/detail') },
];
