/**
 * Where staff land after signing in: the staff page they were sent away from, never a page outside
 * the staff area (../../../lib/return-path has the rules, shared with the driver portal).
 */
import { returnPaths, SESSION_EXPIRED_TEXT } from '../../../lib/return-path';

export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';
export { SESSION_EXPIRED_TEXT };

export const { safeReturnPath, loginPathFor } = returnPaths({
  area: '/admin/',
  loginPath: LOGIN_PATH,
  homePath: DASHBOARD_PATH,
  notReturnedTo: ['/admin/login', '/admin/register'],
});
