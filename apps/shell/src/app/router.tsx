// The shell's hash routes (spec §2): its own pages, the sub-app loader for every other prefix,
// and the two screens without layout.
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { authKeysFor } from '@scrm/web-kit';
import { HOME_AFTER_LOGIN } from '../paths';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { AUTH_THIRD_PART_TITLE, AuthThirdPartPage, MATERIAL_LIST_PATH, MaterialListPage, MOMENT_PAGES, PUSH_PAGES } from './pages/shell-pages';
import { RouteFrame } from './route-frame';
import { SubAppOutlet } from './sub-app-outlet';

// Declarative routes (useRoutes under a HashRouter): the data router's loaders and actions are not used,
// and its code is half of react-router's bytes.
const appRoutes: RouteObject[] = [
    {
      path: '/auth/third/part',
      element: (
        <ErrorBoundary>
          <RouteFrame title={AUTH_THIRD_PART_TITLE}>
            <AuthThirdPartPage />
          </RouteFrame>
        </ErrorBoundary>
      ),
    },
    {
      path: '/qw/thirdapp/callback',
      element: (
        <ErrorBoundary>
          <div className="scrm-no-layout">
            <SubAppOutlet />
          </div>
        </ErrorBoundary>
      ),
    },
    {
      element: (
        <ErrorBoundary>
          <AppLayout />
        </ErrorBoundary>
      ),
      children: [
        { path: '/', element: <Navigate to={HOME_AFTER_LOGIN} replace /> },
        {
          path: MATERIAL_LIST_PATH,
          element: (
            <RouteFrame auth={authKeysFor(MATERIAL_LIST_PATH)}>
              <MaterialListPage />
            </RouteFrame>
          ),
        },
        ...[...PUSH_PAGES, ...MOMENT_PAGES].map(({ path, Page }) => ({
          path,
          element: (
            <RouteFrame auth={authKeysFor(path)}>
              <Page />
            </RouteFrame>
          ),
        })),
        { path: '*', element: <SubAppOutlet /> },
      ],
    },
];

/** The console's pages; rendered under the HashRouter of logged-in-app.tsx. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
