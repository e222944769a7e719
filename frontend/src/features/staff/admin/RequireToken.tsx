import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAdminSession } from './session';
import { loginPathFor } from './return-path';

/** Staff pages need a stored token; without one (never signed in, or expired) the user signs in first and then comes back to the page asked for. */
export function RequireToken() {
  const { token, expired } = useAdminSession();
  const location = useLocation();
  return token ? <Outlet /> : <Navigate to={loginPathFor(location, expired)} replace />;
}
