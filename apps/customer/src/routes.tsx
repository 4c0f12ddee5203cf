// The pages of /customer. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/customer/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/customer/list') },
  // The acquisition pages link their customers here: any of them opens it (as the server allows).
  {
    path: '/customer/detail',
    Component: lazy(() => import('./pages/detail')),
    auth: [...authKeysFor('/customer/detail'), 'channel-qrcode', 'staff-qrcode', 'customer-qrcode'],
  },
  { path: '/customer/transfer', Component: lazy(() => import('./pages/transfer')), auth: authKeysFor('/customer/transfer') },
];
