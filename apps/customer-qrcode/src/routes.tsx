// The pages of /customer-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/customer-qrcode/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/customer-qrcode/list') },
  { path: '/customer-qrcode/edit', Component: lazyPage(() => import('./pages/edit')), auth: authKeysFor('/customer-qrcode/edit') },
  { path: '/customer-qrcode/detail', Component: lazyPage(() => import('./pages/detail')), auth: authKeysFor('/customer-qrcode/detail') },
];
