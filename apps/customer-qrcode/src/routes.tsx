// The pages of /customer-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/customer-qrcode/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/customer-qrcode/list') },
  { path: '/customer-qrcode/edit', Component: lazy(() => import('./pages/edit')), auth: authKeysFor('/customer-qrcode/edit') },
  { path: '/customer-qrcode/detail', Component: lazy(() => import('./pages/detail')), auth: authKeysFor('/customer-qrcode/detail') },
];
