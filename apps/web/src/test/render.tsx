import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { Providers } from '@/app/providers';
import { setNavigate } from '@/lib/navigation';

/**
 * Renders `routes` (the app's own table by default) in a memory router at `path`, inside the
 * app's providers (theme, query client without retries, toaster).
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to, { replace: true }));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

/** Renders a single element at `path`, with catch-all routes that show where it navigated. */
export function renderAt(element: React.ReactNode, path = '/', routePath = '*') {
  return renderRoutes(
    [
      { path: routePath, element },
      { path: '/__navigated__/*', element: null },
    ],
    path,
  );
}
