// The pages of /customer. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/customer/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/customer/list') },
  // The acquisition pages link their customers here: any of them opens it (as the server allows).
  {
    path: '/customer/detail',
    Component: lazyPage(() => import('./pages/detail')),
    auth: [...authKeysFor('/customer/detail'), 'channel-qrcode', 'staff-qrcode', 'customer-qrcode'],
  },
  { path: '/customer/transfer', Component: lazyPage(() => import('./pages/transfer')), auth: authKeysFor('/customer/transfer') },
];
