/**
 * Where staff land after signing in: the staff page they were sent away from, never a page outside
 * the staff area (../../../lib/return-path has the rules, shared with the driver portal).
 */
import { returnPaths, SESSION_EXPIRED_TEXT } from '../../../lib/return-path';
import { ADMIN_ROOT, adminPath } from '../../../lib/area-paths';

export const LOGIN_PATH = adminPath('login');
export const DASHBOARD_PATH = adminPath('dashboard');
export { SESSION_EXPIRED_TEXT };

export const { safeReturnPath, loginPathFor } = returnPaths({
  area: `${ADMIN_ROOT}/`,
  loginPath: LOGIN_PATH,
  homePath: DASHBOARD_PATH,
  notReturnedTo: [LOGIN_PATH, adminPath('register')],
});
