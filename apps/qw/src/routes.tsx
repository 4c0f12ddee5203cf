// The pages of /qw. `auth` keys follow the menu: a page opens when the menu would show it.
// The third-party callback is rendered by the shell without layout.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/qw/list', Component: lazyPage(() => import('./pages/list')), auth: authKeysFor('/qw/list') },
  { path: '/qw/edit', Component: lazyPage(() => import('./pages/edit')), auth: authKeysFor('/qw/edit') },
  { path: '/qw/thirdapp/callback', Component: lazyPage(() => import('./pages/thirdapp-callback')), auth: authKeysFor('/qw/list') },
];
