/**
 * The driver's session is a bearer token in localStorage, apart from the staff one; see
 * ../../app/token-session for how signing out and a 401 (an expired token, a suspended account, a
 * new password) clear it. A 401 brings the driver to the sign-in page with the page they were on
 * and a word that the session expired, so they come back to it (../../lib/return-path).
 */
import { createTokenSession, type TokenSession } from '../../lib/token-session';
import { returnPaths } from '../../lib/return-path';
import { DRIVER_ROOT, DRIVER_WELCOME_PREFIX, driverPath } from '../../lib/area-paths';

export const DRIVER_TOKEN_KEY = 'vanhop.driverToken';
export const DRIVER_LOGIN_PATH = driverPath('login');
export const DRIVER_HOME_PATH = driverPath('jobs');

export const { safeReturnPath: driverReturnPath, loginPathFor: driverLoginPathFor } = returnPaths({
  area: `${DRIVER_ROOT}/`,
  loginPath: DRIVER_LOGIN_PATH,
  homePath: DRIVER_HOME_PATH,
  notReturnedTo: [DRIVER_LOGIN_PATH, DRIVER_WELCOME_PREFIX],
});

const session = createTokenSession({
  storageKey: DRIVER_TOKEN_KEY,
  loginPath: DRIVER_LOGIN_PATH,
  expiredPath: (here) => driverLoginPathFor(here, true),
});

export const storeDriverToken = session.store;
export const clearDriverToken = session.clear;
export type DriverSession = TokenSession;
export const useDriverSession: () => DriverSession = session.useSession;
