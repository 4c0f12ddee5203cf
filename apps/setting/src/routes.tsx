// The pages of /setting. `auth` keys follow the menu: a page opens when the menu would show it.
import { authKeysFor, lazyPage, type SubAppRoute } from '@scrm/web-kit';

export const routes: SubAppRoute[] = [
  { path: '/setting/risk', Component: lazyPage(() => import('./pages/risk')), auth: authKeysFor('/setting/risk') },
  { path: '/setting/risk/cron/create', Component: lazyPage(() => import('./pages/risk-cron-create')), auth: authKeysFor('/setting/risk/cron/create') },
  { path: '/setting/risk/cron/detail', Component: lazyPage(() => import('./pages/risk-cron-detail')), auth: authKeysFor('/setting/risk/cron/detail') },
  { path: '/setting/risk/limit/create', Component: lazyPage(() => import('./pages/risk-limit-create')), auth: authKeysFor('/setting/risk/limit/create') },
  { path: '/setting/risk/limit/detail', Component: lazyPage(() => import('./pages/risk-limit-detail')), auth: authKeysFor('/setting/risk/limit/detail') },
  { path: '/setting/subaccount/list', Component: lazyPage(() => import('./pages/subaccount-list')), auth: authKeysFor('/setting/subaccount/list') },
  { path: '/setting/subaccount/edit', Component: lazyPage(() => import('./pages/subaccount-edit')), auth: authKeysFor('/setting/subaccount/edit') },
  { path: '/setting/role/list', Component: lazyPage(() => import('./pages/role-list')), auth: authKeysFor('/setting/role/list') },
  { path: '/setting/package', Component: lazyPage(() => import('./pages/package')), auth: authKeysFor('/setting/package') },
];
