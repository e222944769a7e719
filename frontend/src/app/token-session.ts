/**
 * A signed-in area's session: only a bearer token in localStorage under the area's own key. Signing
 * out removes it; a 401 from any of the area's calls means it expired or was refused, so it is
 * removed too and the user goes to the area's sign-in page. Used by the staff back office and the
 * driver portal (each in its own lazy chunk; the home route never imports this).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthorized } from '../api/bearer-client';

export interface TokenSession {
  token: string | null;
  logout: () => void;
  /** Runs one of the area's calls; a 401 clears the token and goes to the sign-in page before the error is passed on. */
  guard: <T>(call: Promise<T>) => Promise<T>;
}

export function createTokenSession({ storageKey, loginPath }: { storageKey: string; loginPath: string }) {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  function read(): string | null {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null; // storage disabled: behave as signed out
    }
  }

  function store(token: string): void {
    window.localStorage.setItem(storageKey, token);
    notify();
  }

  function clear(): void {
    try {
      window.localStorage.removeItem(storageKey);
    } catch {
      // nothing stored
    }
    notify();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // another tab signing in or out
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  function useSession(): TokenSession {
    const token = useSyncExternalStore(subscribe, read, () => null);
    const navigate = useNavigate();
    const logout = useCallback(() => {
      clear();
      navigate(loginPath, { replace: true });
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

  return { store, clear, read, useSession };
}
