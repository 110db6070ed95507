import { createBrowserRouter } from 'react-router';
import { setNavigate } from '@/lib/navigation';
import { routes } from './routes';

/** The browser router; the api client navigates through it (no full reload on a 401). */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
