import { useEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { setNavigate } from '@/lib/navigation';

/**
 * The route table rendered by the router around it (BrowserRouter in the app, MemoryRouter in
 * the tests). It registers the router's navigate for the api client (no full reload on a 401).
 *
 * The app uses React Router's declarative mode: its data router (loaders, actions, fetchers,
 * revalidation) was unused and cost 17 KB gzip in every page's first load (decision 036). Pages
 * load on demand with `page()` (./lazy-page.tsx); navigations are transitions, so the current
 * page stays on screen until the next one has loaded, and the root's Suspense shows the spinner
 * on the first load.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  return useRoutes(routes);
}
