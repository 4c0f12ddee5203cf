// The pages of /notice (hidden from the menu, reached from notifications): no auth keys.
import { lazy } from 'react';
import type { SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [{ path: '/notice/setting', Component: lazy(() => import('./pages/setting')) }];
