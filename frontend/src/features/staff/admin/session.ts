/**
 * The staff session is only a bearer token in localStorage (docs/SCREENS.md); see
 * ../../app/token-session for how signing out and a 401 clear it. A 401 brings staff to the
 * sign-in page with the page they were on, so they come back to it (./return-path).
 */
import { createTokenSession, type TokenSession } from '../../../lib/token-session';
import { LOGIN_PATH, loginPathFor } from './return-path';

export const TOKEN_KEY = 'vanhop.adminToken';
export { LOGIN_PATH };

const session = createTokenSession({
  storageKey: TOKEN_KEY,
  loginPath: LOGIN_PATH,
  expiredPath: (here) => loginPathFor(here, true),
});

export const storeToken = session.store;
export type AdminSession = TokenSession;
export const useAdminSession: () => AdminSession = session.useSession;
