import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRIVER_ACCOUNT_MSG } from '@vanhop/contracts';
import { IDENTITY, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY, driverLoginPathFor, driverReturnPath } from './session';
import { DRAFT_RESTORED_TEXT } from './form-drafts';
import { CARD, self } from '../../testing/driver-fixtures';
import { bodyOf, json, type, where, isolateEachTest } from '../../testing/area-harness';
import { fakeApi, type Handler } from '../../testing/fakeApi';

const renderAt = renderPortalAt;
const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const UNAUTHORIZED = () => json({ message: 'Unauthorized: please sign in again' }, 401);

/**
 * The old token is refused on every save (it expired while the driver typed); signing in hands out
 * a new one that is accepted. Returns the calls made.
 */
function stubExpiringApi(routes: Record<string, Handler>) {
  const refusingOld =
    (handler: Handler): Handler =>
    (call) =>
      authOf(call.init) === 'Bearer old-tok' && call.method === 'PUT' ? UNAUTHORIZED() : handler(call);
  return fakeApi(Object.fromEntries(Object.entries(routes).map(([k, h]) => [k, refusingOld(h)])), {
    strict: true,
    fallback: (key) =>
      key === 'GET /api/driver-account/me'
        ? () => json(IDENTITY)
        : key === 'POST /api/driver-account/login'
          ? () => json({ success: true, token: 'new-tok', message: DRIVER_ACCOUNT_MSG.loginSuccess, driver: IDENTITY })
          : undefined,
  });
}

function signIn() {
  type('E-mail', 'alice@example.com');
  type('Password', 'correct horse battery');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** An expired driver session says so, comes back to the page, and keeps the form as typed. */
describe('driver portal: an expired session', () => {
  isolateEachTest();
  beforeEach(() => window.sessionStorage.clear());

  it('says so, and signing in again reopens Prices with the numbers as they were typed, kept until saved', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'old-tok');
    const { calls } = stubExpiringApi({
      'GET /api/driver/me': () => json(self()),
      'PUT /api/driver/me/card': ({ init }) => json(self({ card: bodyOf(init) as never })),
    });
    renderAt('/driver/prices');
    expect(((await screen.findByLabelText('Van per hour, Large (£)')) as HTMLInputElement).value).toBe('40.00');
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    type('Van per hour, Large (£)', '42.50');
    type('Minimum hours', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(where()).toBe('/driver/login'));
    expect(screen.getByTestId('session-expired').textContent).toBe('Your session has expired: sign in again');
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();

    signIn();
    await waitFor(() => expect(where()).toBe('/driver/prices'));
    expect(((await screen.findByLabelText('Van per hour, Large (£)')) as HTMLInputElement).value).toBe('42.50');
    expect((screen.getByLabelText('Minimum hours') as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('draft-restored').textContent).toBe(DRAFT_RESTORED_TEXT);

    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('status')).textContent).toBe('Prices saved');
    const puts = calls.filter((c) => c.key === 'PUT /api/driver/me/card');
    expect(puts.map((c) => authOf(c.init))).toEqual(['Bearer old-tok', 'Bearer new-tok']);
    expect(bodyOf(puts[1]!.init)).toEqual({
      ...CARD,
      vanPerHourPence: { ...CARD.vanPerHourPence, Large: 4250 },
      minimumHours: 3,
    });
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('signing in again reopens Availability with the week and days off as they were typed, kept until saved', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'old-tok');
    const { calls } = stubExpiringApi({
      'GET /api/driver/me': () => json(self({ availability: null })),
      'PUT /api/driver/me/availability': ({ init }) => json(self({ availability: bodyOf(init) as never })),
    });
    renderAt('/driver/availability');
    const monday = within(await screen.findByRole('group', { name: 'Monday' }));
    fireEvent.click(monday.getByRole('button', { name: 'Add period' }));
    fireEvent.change(screen.getByLabelText('Monday period 1 to'), { target: { value: '13:00' } });
    type('Day off', '2026-04-03');
    fireEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    await waitFor(() => expect(where()).toBe('/driver/login'));
    expect(screen.getByTestId('session-expired').textContent).toBe('Your session has expired: sign in again');

    signIn();
    await waitFor(() => expect(where()).toBe('/driver/availability'));
    expect(((await screen.findByLabelText('Monday period 1 to')) as HTMLSelectElement).value).toBe('13:00');
    expect(
      within(screen.getByRole('list', { name: 'Days off' })).getByRole('button', { name: 'Remove day off 2026-04-03' }),
    ).toBeShown();
    expect(screen.getByTestId('draft-restored').textContent).toBe(DRAFT_RESTORED_TEXT);

    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await screen.findByRole('status')).textContent).toBe('Availability saved');
    const puts = calls.filter((c) => c.key === 'PUT /api/driver/me/availability');
    expect(puts.map((c) => authOf(c.init))).toEqual(['Bearer old-tok', 'Bearer new-tok']);
    expect(bodyOf(puts[1]!.init)).toEqual({
      weekly: { mon: [{ from: '09:00', to: '13:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      daysOff: ['2026-04-03'],
    });
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a direct link opened while signed out comes back to its page after signing in, without the expired line', async () => {
    stubExpiringApi({ 'GET /api/driver/me': () => json(self()) });
    renderAt('/driver/availability');
    expect(where()).toBe('/driver/login');
    expect(screen.queryByTestId('session-expired')).toBeNull();
    signIn();
    await waitFor(() => expect(where()).toBe('/driver/availability'));
  });

  it('only a portal page of this site is returned to; the sign-in link carries it', () => {
    expect(driverLoginPathFor({ pathname: '/driver/prices', search: '' }, true)).toBe(
      '/driver/login?next=%2Fdriver%2Fprices&expired=1',
    );
    expect(driverLoginPathFor({ pathname: '/driver/jobs', search: '' })).toBe('/driver/login');
    expect(driverReturnPath('/driver/earnings?month=2026-03')).toBe('/driver/earnings?month=2026-03');
    for (const next of [
      null,
      'https://evil.example/driver/prices',
      '//evil.example/driver/prices',
      '/driver/../admin/dashboard',
      '/admin/dashboard',
      '/driver/login?next=/driver/prices',
      '/driver/welcome/inv-1',
    ])
      expect(driverReturnPath(next), String(next)).toBe('/driver/jobs');
  });
});
