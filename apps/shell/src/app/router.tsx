// The shell's hash routes (spec §2): its own pages, the sub-app loader for every other prefix,
// and the two screens without layout.
import { Navigate, createHashRouter } from 'react-router-dom';
import { authKeysFor } from '@scrm/web-kit';
import { HOME_AFTER_LOGIN } from '../paths';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { AUTH_THIRD_PART_TITLE, AuthThirdPartPage, MATERIAL_LIST_PATH, MaterialListPage, MOMENT_PAGES, PUSH_PAGES } from './pages/shell-pages';
import { RouteFrame } from './route-frame';
import { SubAppOutlet } from './sub-app-outlet';
import { T } from '../texts';

const routeError = (
  <ErrorBoundary>
    <RouteErrorThrower />
  </ErrorBoundary>
);

/** Hands a router-level error to the error boundary, so it reads the same as a page error. */
function RouteErrorThrower(): never {
  throw new Error(T.loadFailed.title);
}

export function createAppRouter() {
  return createHashRouter([
    {
      path: '/auth/third/part',
      errorElement: routeError,
      element: (
        <RouteFrame title={AUTH_THIRD_PART_TITLE}>
          <AuthThirdPartPage />
        </RouteFrame>
      ),
    },
    {
      path: '/qw/thirdapp/callback',
      errorElement: routeError,
      element: (
        <div className="scrm-no-layout">
          <SubAppOutlet />
        </div>
      ),
    },
    {
      element: <AppLayout />,
      errorElement: routeError,
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
  ]);
}
