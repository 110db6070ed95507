import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ErrorBoundary } from '@/components/error-boundary';
import { RouteError } from './routes/route-error';
import { useScrollRestoration } from './scroll-restoration';

/**
 * The root route: scroll restoration around every page, the spinner while the first page
 * loads, and the error screen when a page throws (or its chunk does not load, after a deploy).
 */
export function Root() {
  useScrollRestoration();
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
      <Suspense
        fallback={
          <div className="flex min-h-dvh items-center justify-center">
            <Spinner className="size-6 text-primary" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
