import { Navigate, Outlet, useLocation } from 'react-router';
import { getToken } from './api';
import { authPathFrom } from './redirect';
import { useSession } from './session';

/** Every route but /auth needs a stored token; without one the user signs in first. */
export function RequireAuth() {
  // Subscribing to the session re-renders this guard when the user signs out or a 401 drops the token.
  useSession();
  const location = useLocation();
  if (!getToken()) return <Navigate to={authPathFrom(location.pathname + location.search)} replace />;
  return <Outlet />;
}
