/**
 * The driver's session is a bearer token in localStorage, apart from the staff one. Signing out
 * removes it; a 401 from any driver call means it expired or was refused (a suspended account, a
 * new password), so it is removed too and the driver goes to the sign-in page.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthorized } from './api';

export const DRIVER_TOKEN_KEY = 'vanhop.driverToken';
export const DRIVER_LOGIN_PATH = '/driver/login';
export const DRIVER_HOME_PATH = '/driver/jobs';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function readToken(): string | null {
  try {
    return window.localStorage.getItem(DRIVER_TOKEN_KEY);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

export function storeDriverToken(token: string): void {
  window.localStorage.setItem(DRIVER_TOKEN_KEY, token);
  notify();
}

export function clearDriverToken(): void {
  try {
    window.localStorage.removeItem(DRIVER_TOKEN_KEY);
  } catch {
    // nothing stored
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DRIVER_TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface DriverSession {
  token: string | null;
  logout: () => void;
  /** Runs a driver call; a 401 clears the token and goes to the sign-in page before the error is passed on. */
  guard: <T>(call: Promise<T>) => Promise<T>;
}

export function useDriverSession(): DriverSession {
  const token = useSyncExternalStore(subscribe, readToken, () => null);
  const navigate = useNavigate();
  const logout = useCallback(() => {
    clearDriverToken();
    navigate(DRIVER_LOGIN_PATH, { replace: true });
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
