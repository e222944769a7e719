/**
 * Drivers stay signed in on the day: the access token is short, and the device's session cookie
 * (httpOnly, see docs/ADMIN.md "Driver device sessions") renews it a minute before it runs out, and
 * again when the phone wakes with the token spent. A failed renewal changes nothing here: the next
 * call answers 401 and the sign-in page tries the cookie once more before asking for the password.
 */
import { useEffect } from 'react';
import { refreshSession } from './api';
import { storeDriverToken } from './session';

/** How long before the token's expiry the portal renews it. */
export const RENEW_BEFORE_MS = 60_000;

/** The token's expiry (ms since the epoch) from its payload, or null when it is not a JWT with one. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Swaps the device's cookie for a new token and keeps it; false when the session has ended. */
export async function renewDriverSession(): Promise<boolean> {
  try {
    const answer = await refreshSession();
    if (!answer?.token) return false;
    storeDriverToken(answer.token);
    return true;
  } catch {
    return false;
  }
}

/** While signed in: renew before `token` expires (another tab's renewal replaces the token and the timer). */
export function useSilentRefresh(token: string | null): void {
  useEffect(() => {
    const expiresAt = token ? tokenExpiresAt(token) : null;
    if (expiresAt === null) return;
    const due = () => expiresAt - RENEW_BEFORE_MS - Date.now();
    const timer = window.setTimeout(() => void renewDriverSession(), Math.max(0, due()));
    // Timers sleep with the phone: on waking, a token past its renewal time is renewed at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && due() <= 0) void renewDriverSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);
}
