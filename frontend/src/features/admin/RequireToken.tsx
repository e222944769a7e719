import { Navigate, Outlet } from 'react-router-dom';
import { LOGIN_PATH, useAdminSession } from './session';

/** Staff pages need a stored token; without one the user lands on the login page. */
export function RequireToken() {
  const { token } = useAdminSession();
  return token ? <Outlet /> : <Navigate to={LOGIN_PATH} replace />;
}
