import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DRIVER_SESSION_MSG } from '@vanhop/contracts';
import { IDENTITY, renderPortalAt, stubPortalApi } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { tokenExpiresAt } from './silent-refresh';
import { isolateEachTest, json, where } from '../../testing/area-harness';

/** A token shaped like the server's (only its payload is read here): expiring at `expSeconds`. */
const tokenExpiring = (expSeconds: number, tag = 'a') =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: IDENTITY.id, exp: expSeconds })).replace(/=+$/, '')}.${tag}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const EMPTY_JOBS = () => json({ today: [], upcoming: [], past: [] });

describe('driver portal: the session renews itself on the day', () => {
  isolateEachTest();

  it('reads the expiry of a token, and none of a token that is not a JWT', () => {
    expect(tokenExpiresAt(tokenExpiring(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt('old-tok')).toBeNull();
    expect(tokenExpiresAt('a.!!!.b')).toBeNull();
  });

  it('a token about to run out is renewed with the device cookie, without the driver noticing', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, tokenExpiring(nowSeconds() + 30, 'old'));
    const renewed = tokenExpiring(nowSeconds() + 900, 'new');
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': EMPTY_JOBS,
      'POST /api/driver-account/session/refresh': () =>
        json({ success: true, token: renewed, message: DRIVER_SESSION_MSG.refreshed, driver: IDENTITY }),
    });
    renderPortalAt('/driver/jobs');
    await waitFor(() => expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBe(renewed));
    expect(where()).toBe('/driver/jobs');
    expect(calls.filter((c) => c.key === 'POST /api/driver-account/session/refresh')).toHaveLength(1);
  });

  it('sent to sign in with a spent token, a device still signed in goes straight back to its page', async () => {
    const renewed = tokenExpiring(nowSeconds() + 900, 'new');
    stubPortalApi({
      'GET /api/driver/me/jobs': EMPTY_JOBS,
      'POST /api/driver-account/session/refresh': () =>
        json({ success: true, token: renewed, message: DRIVER_SESSION_MSG.refreshed, driver: IDENTITY }),
    });
    renderPortalAt('/driver/login?next=%2Fdriver%2Fjobs&expired=1');
    await waitFor(() => expect(where()).toBe('/driver/jobs'));
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBe(renewed);
  });

  it('a session that has ended leaves the sign-in form; signing out ends the device session first', async () => {
    const { calls } = stubPortalApi({
      'POST /api/driver-account/session/refresh': () => json({ message: DRIVER_SESSION_MSG.ended }, 401),
      'POST /api/driver-account/session/logout': () => json({ success: true, message: DRIVER_SESSION_MSG.signedOut }),
      'GET /api/driver/me/jobs': EMPTY_JOBS,
    });
    renderPortalAt('/driver/login');
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/driver-account/session/refresh')).toBe(true));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeShown();
    expect(where()).toBe('/driver/login');

    window.localStorage.setItem(DRIVER_TOKEN_KEY, tokenExpiring(nowSeconds() + 900));
    window.dispatchEvent(new StorageEvent('storage', { key: DRIVER_TOKEN_KEY }));
    await waitFor(() => expect(where()).toBe('/driver/jobs'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(where()).toBe('/driver/login'));
    const keys = calls.map((c) => c.key);
    expect(keys).toContain('POST /api/driver-account/session/logout');
    // Ended before the sign-in page asked: the page's renewal comes after it.
    expect(keys.lastIndexOf('POST /api/driver-account/session/refresh')).toBeGreaterThan(
      keys.indexOf('POST /api/driver-account/session/logout'),
    );
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
  });
});
