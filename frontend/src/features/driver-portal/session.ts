/**
 * The driver's session is a bearer token in localStorage, apart from the staff one; see
 * ../../app/token-session for how signing out and a 401 (a suspended account, a new password)
 * clear it and send the driver to the sign-in page.
 */
import { createTokenSession, type TokenSession } from '../../app/token-session';

export const DRIVER_TOKEN_KEY = 'vanhop.driverToken';
export const DRIVER_LOGIN_PATH = '/driver/login';
export const DRIVER_HOME_PATH = '/driver/jobs';

const session = createTokenSession({ storageKey: DRIVER_TOKEN_KEY, loginPath: DRIVER_LOGIN_PATH });

export const storeDriverToken = session.store;
export const clearDriverToken = session.clear;
export type DriverSession = TokenSession;
export const useDriverSession: () => DriverSession = session.useSession;
