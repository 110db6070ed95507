import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/session';

/**
 * Login-required routes: without a stored token the visitor goes to
 * `/login?return_to=<the address they asked for>`.
 */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
