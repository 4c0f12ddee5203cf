// The pages of /channel-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/channel-qrcode/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/channel-qrcode/list') },
  { path: '/channel-qrcode/create', Component: lazyPage(() => import('./pages/create')), auth: authKeysFor('/channel-qrcode/create') },
  { path: '/channel-qrcode/detail', Component: lazyPage(() => import('./pages/detail')), auth: authKeysFor('/channel-qrcode/detail') },
];
