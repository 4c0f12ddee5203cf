// The pages of /data. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/data/customer', Component: lazyPage(() => import('./pages/customer')), auth: authKeysFor('/data/customer') },
];
