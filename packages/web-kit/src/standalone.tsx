// Standalone development of one sub-app (`vite` in its folder): its routes with the same providers
// the shell gives them, without the shell. Log in through the shell first, or put a token in
// localStorage (key `token`) of this origin.
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthGuard, authFlags, createQueryClient, store, type SubAppModule } from './index';

export function mountStandalone(app: SubAppModule, rootId = 'root') {
  dayjs.locale('zh-cn');
  // As a main account: every page is allowed.
  store.set('auth', authFlags({ isChild: false }, []));
  const routes: RouteObject[] = [
    ...app.routes.map(({ path, Component, auth }) => ({
      path,
      element: (
        <div style={{ padding: 24, minWidth: 1000 }}>
          <Suspense fallback="loading">{auth ? <AuthGuard auth={auth}><Component /></AuthGuard> : <Component />}</Suspense>
        </div>
      ),
    })),
    { path: '*', element: <Navigate to={app.routes[0]?.path ?? '/'} replace /> },
  ];
  const Routes = () => useRoutes(routes);
  const el = document.getElementById(rootId);
  if (!el) throw new Error(`#${rootId} not found`);
  createRoot(el).render(
    <StrictMode>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={createQueryClient()}>
          <HashRouter>
            <Routes />
          </HashRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}
