import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { AppRoutes } from '@/app/app-routes';
import { Providers } from '@/app/providers';
import { LocationProbe } from './location-probe';

/**
 * Renders `routes` (the app's own table by default) in a memory router at `path`, inside the
 * app's providers (theme, query client without retries, toaster). `router.location` is where the
 * router is now.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const current: { location?: Location } = {};
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={routes} />
        <LocationProbe onChange={(location) => (current.location = location)} />
      </MemoryRouter>
    </Providers>,
  );
  const router = {
    get location(): Location {
      return current.location!;
    },
  };
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
