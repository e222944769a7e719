/**
 * A signed-in area's session: only a bearer token in localStorage under the area's own key. Signing
 * out removes it; a 401 from any of the area's calls means it expired or was refused, so it is
 * removed too and the user goes to the area's sign-in page (or, when the area says so, to a
 * sign-in page that knows which page to bring them back to). Used by the staff back office and the
 * driver portal (each in its own lazy chunk; the home route never imports this).
 */
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isUnauthorized } from '../api/bearer-client';

export interface TokenSession {
  token: string | null;
  /** The token was removed because a call answered 401 (not by signing out): the sign-in page may say the session expired. */
  expired: boolean;
  logout: () => void;
  /** Runs one of the area's calls; a 401 clears the token and goes to the sign-in page before the error is passed on. */
  guard: <T>(call: Promise<T>) => Promise<T>;
}

/** The page a call was made from: where an area may bring the user back after signing in again. */
export interface HerePath {
  pathname: string;
  search: string;
}

interface TokenSessionOptions {
  storageKey: string;
  loginPath: string;
  /** Where a 401 sends the user instead of `loginPath`, given the page they were on (the staff area keeps it and says the session expired). */
  expiredPath?: (here: HerePath) => string;
}

export function createTokenSession({ storageKey, loginPath, expiredPath }: TokenSessionOptions) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  // This tab's own knowledge: a reload starts signed out, not expired.
  let expiredFlag = false;
  const readExpired = () => expiredFlag;

  function read(): string | null {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null; // storage disabled: behave as signed out
    }
  }

  function store(token: string): void {
    expiredFlag = false;
    window.localStorage.setItem(storageKey, token);
    notify();
  }

  function remove(expired: boolean): void {
    expiredFlag = expired;
    try {
      window.localStorage.removeItem(storageKey);
    } catch {
      // nothing stored
    }
    notify();
  }

  const clear = (): void => remove(false);

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

  // biome-ignore lint/correctness/noComponentHookFactories: called once per area when its module loads, never during a render, so each area's hook is one stable function.
  function useSession(): TokenSession {
    const token = useSyncExternalStore(subscribe, read, () => null);
    const expired = useSyncExternalStore(subscribe, readExpired, () => false);
    const navigate = useNavigate();
    // Read when a call fails, not a dependency: a guard that changed with every navigation would
    // re-run every effect that loads with it.
    const location = useLocation();
    const here = useRef<HerePath>(location);
    here.current = location;
    const logout = useCallback(() => {
      clear();
      void navigate(loginPath, { replace: true });
    }, [navigate]);
    const expire = useCallback(() => {
      // The area's guard of signed-in pages may redirect too as the token goes: it reads `expired` to send the user to the same page.
      remove(true);
      navigate(expiredPath ? expiredPath(here.current) : loginPath, { replace: true });
    }, [navigate]);
    const guard = useCallback(
      async <T>(call: Promise<T>): Promise<T> => {
        try {
          return await call;
        } catch (err) {
          if (isUnauthorized(err)) expire();
          throw err;
        }
      },
      [expire],
    );
    return useMemo(() => ({ token, expired, logout, guard }), [token, expired, logout, guard]);
  }

  return { store, clear, read, useSession };
}
