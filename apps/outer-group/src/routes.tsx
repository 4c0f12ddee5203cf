// The pages of /outer-group. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/outer-group/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/outer-group/list') },
  { path: '/outer-group/detail', Component: lazyPage(() => import('./pages/detail')), auth: authKeysFor('/outer-group/detail') },
];
