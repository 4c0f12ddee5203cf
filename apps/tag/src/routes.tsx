// The pages of /tag. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/tag/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/tag/list') },
  { path: '/tag/auto/list', Component: lazyPage(() => import('./pages/auto-list')), auth: authKeysFor('/tag/auto/list') },
  { path: '/tag/auto/edit', Component: lazyPage(() => import('./pages/auto-edit')), auth: authKeysFor('/tag/auto/edit') },
  { path: '/tag/auto/detail', Component: lazyPage(() => import('./pages/auto-detail')), auth: authKeysFor('/tag/auto/detail') },
];
