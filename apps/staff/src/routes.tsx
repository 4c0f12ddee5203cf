// The pages of /staff. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/staff/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/staff/list') },
];
