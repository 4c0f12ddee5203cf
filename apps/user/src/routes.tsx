// The pages of /user. Every logged-in account has its own account settings: no auth keys.
import { lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [{ path: '/user/setting', Component: lazyPage(() => import('./pages/setting')) }];
