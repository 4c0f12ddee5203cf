// The pages of /staff-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/staff-qrcode/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/staff-qrcode/list') },
  { path: '/staff-qrcode/create', Component: lazyPage(() => import('./pages/create')), auth: authKeysFor('/staff-qrcode/create') },
  { path: '/staff-qrcode/detail', Component: lazyPage(() => import('./pages/detail')), auth: authKeysFor('/staff-qrcode/detail') },
];
