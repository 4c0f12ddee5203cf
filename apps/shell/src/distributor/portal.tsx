// 分销商门户: the distributors' own small app at /distributor/* (docs/distributors.md), outside the console —
// its own session, its own layout — with the shell's conventions (antd zh_CN, react-query, hash routes).
// Loaded lazily by main.tsx, so the console's guest path never fetches it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '@scrm/web-kit';
import { AntdProvider } from '../antd-provider';
import { PORTAL_LOGIN, getPortalToken } from './api/client';
import { PortalLayout } from './portal-layout';
import { LoginPage } from './pages/login';
import { CustomersPage } from './pages/customers';
import { PromotionPage } from './pages/promotion';
import { RechargesPage } from './pages/recharges';
import { SeatRecordsPage } from './pages/seat-records';
import './portal.css';

dayjs.locale('zh-cn');

export const PORTAL_HOME = '/distributor/customers';

/** Logged-in pages: without a portal session, the login. */
function Guarded({ children }: { children: React.ReactNode }) {
  return getPortalToken() ? <>{children}</> : <Navigate to={PORTAL_LOGIN} replace />;
}

export const portalRoutes: RouteObject[] = [
  { path: PORTAL_LOGIN, element: <LoginPage /> },
  {
    element: (
      <Guarded>
        <PortalLayout />
      </Guarded>
    ),
    children: [
      { path: '/distributor', element: <Navigate to={PORTAL_HOME} replace /> },
      { path: '/distributor/customers', element: <CustomersPage /> },
      { path: '/distributor/promotion', element: <PromotionPage /> },
      { path: '/distributor/recharges', element: <RechargesPage /> },
      { path: '/distributor/seats', element: <SeatRecordsPage /> },
      { path: '/distributor/*', element: <Navigate to={PORTAL_HOME} replace /> },
    ],
  },
];

function PortalRoutes() {
  return useRoutes(portalRoutes);
}

export function mountPortal(el: HTMLElement): void {
  document.title = '分销商门户';
  const queryClient = createQueryClient();
  createRoot(el).render(
    <StrictMode>
      <AntdProvider>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <PortalRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntdProvider>
    </StrictMode>,
  );
}
