/**
 * The staff session is only a bearer token in localStorage (docs/SCREENS.md); see
 * ../../app/token-session for how signing out and a 401 clear it.
 */
import { createTokenSession, type TokenSession } from '../../app/token-session';

export const TOKEN_KEY = 'vanhop.adminToken';
export const LOGIN_PATH = '/admin/login';

const session = createTokenSession({ storageKey: TOKEN_KEY, loginPath: LOGIN_PATH });

export const storeToken = session.store;
export const clearToken = session.clear;
export type AdminSession = TokenSession;
export const useAdminSession: () => AdminSession = session.useSession;
