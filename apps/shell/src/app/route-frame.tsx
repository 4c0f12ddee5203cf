// What every page gets (spec §2): document title from the menu, scroll to top on route change,
// an error boundary, the lazy-load fallback, and the auth guard when it declares keys.
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthGuard, isEditing, PRODUCT_NAME, titleFor } from '@scrm/web-kit';
import { ErrorBoundary } from './error-boundary';
import { NoAuth } from './lazy-screens';

export const LOADING_TEXT = 'loading';

export const documentTitle = (title: string | undefined) => (title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME);

export function usePageMeta(title?: string) {
  const { pathname, search } = useLocation();
  const resolved = title ?? titleFor(pathname, undefined, isEditing(search));
  useEffect(() => {
    document.title = documentTitle(resolved);
  }, [resolved]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Loading() {
  return (
    <div style={{ padding: 48, textAlign: 'center', color: 'rgba(0,0,0,0.45)' }} role="status">
      {LOADING_TEXT}
    </div>
  );
}

export interface RouteFrameProps {
  children: ReactNode;
  title?: string;
  auth?: string[];
}

export function RouteFrame({ children, title, auth }: RouteFrameProps) {
  usePageMeta(title);
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>{auth ? <AuthGuard auth={auth} fallback={<NoAuth />}>{children}</AuthGuard> : children}</Suspense>
    </ErrorBoundary>
  );
}
