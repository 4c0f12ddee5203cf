// The pages of /notice (hidden from the menu, reached from notifications): no auth keys.
import { lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [{ path: '/notice/setting', Component: lazyPage(() => import('./pages/setting')) }];
