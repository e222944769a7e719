/**
 * The staff session is only a bearer token in localStorage (SPEC.md section 6). Signing out removes
 * it; a 401 from any staff call means it expired or was refused, so it is removed too and the user
 * goes back to the login page.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthorized } from './api';

export const TOKEN_KEY = 'vanhop.adminToken';
export const LOGIN_PATH = '/admin/login';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab signing in or out
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface AdminSession {
  token: string | null;
  logout: () => void;
  /** Runs a staff call; a 401 clears the token and goes to the login page before the error is passed on. */
  guard: <T>(call: Promise<T>) => Promise<T>;
}

export function useAdminSession(): AdminSession {
  const token = useSyncExternalStore(subscribe, readToken, () => null);
  const navigate = useNavigate();
  const logout = useCallback(() => {
    clearToken();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  const guard = useCallback(
    async <T,>(call: Promise<T>): Promise<T> => {
      try {
        return await call;
      } catch (err) {
        if (isUnauthorized(err)) logout();
        throw err;
      }
    },
    [logout],
  );
  return useMemo(() => ({ token, logout, guard }), [token, logout, guard]);
}
