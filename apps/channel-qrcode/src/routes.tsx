// The pages of /channel-qrcode. `auth` keys follow the menu: a page opens when the menu would show it.
import { lazy } from 'react';
import { authKeysFor, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/channel-qrcode/list', Component: lazy(() => import('./pages/list')), auth: authKeysFor('/channel-qrcode/list') },
  { path: '/channel-qrcode/create', Component: lazy(() => import('./pages/create')), auth: authKeysFor('/channel-qrcode/create') },
  { path: '/channel-qrcode/detail', Component: lazy(() => import('./pages/detail')), auth: authKeysFor('/channel-qrcode/detail') },
];
