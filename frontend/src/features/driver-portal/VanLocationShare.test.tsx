import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VAN_LOCATION_MSG, type JobView } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { job } from '../../testing/driver-fixtures';
import { bodyOf, json, isolateEachTest } from '../../testing/area-harness';

/** A browser's Geolocation API the test drives: it hands out readings or a refusal when told. */
function fakeGeolocation() {
  const watchers = new Map<number, { ok: PositionCallback; fail?: PositionErrorCallback | null }>();
  let next = 1;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      watchers.set(next, { ok, fail });
      return next++;
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  return {
    geo,
    watching: () => watchers.size,
    at: (lat: number, lng: number) =>
      act(() => {
        for (const w of watchers.values())
          w.ok({
            coords: { latitude: lat, longitude: lng, accuracy: 8 },
            timestamp: Date.parse('2026-03-05T08:10:00.000Z'),
          } as GeolocationPosition);
      }),
    deny: () =>
      act(() => {
        for (const w of watchers.values())
          w.fail?.({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError);
      }),
  };
}

const startedHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

const onTheWay = (): JobView => {
  const date = startedHourAgo();
  return job({
    bookingId: 'bk-9',
    randomNumber: 9001,
    status: 'accepted',
    move: { ...job().move, date },
    progressOpensAt: new Date(Date.parse(date) - 2 * 3_600_000).toISOString(),
    progress: 'on-my-way',
    progressAt: date,
  });
};

/** The van on the customer's map: the driver's phone shares its position only while on the way. */
describe('driver portal: sharing the van’s position on the way', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('says why, sends the position while on the way, and stops at "Arrived"', async () => {
    const phone = fakeGeolocation();
    const today = onTheWay();
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [today], upcoming: [], past: [] }),
      'POST /api/driver/me/jobs/bk-9/position': () => new Response(null, { status: 204 }),
      'POST /api/driver/me/jobs/bk-9/progress': () => json({ ...today, progress: 'arrived' }),
    });
    renderPortalAt('/driver/jobs');
    const card = within(await screen.findByRole('article', { name: 'Booking 9001' }));
    expect(card.getByTestId('van-share').textContent).toContain(VAN_LOCATION_MSG.reason);
    await waitFor(() => expect(phone.watching()).toBe(1));

    await phone.at(51.55, -0.21);
    await waitFor(() => expect(card.getByRole('status').textContent).toContain(VAN_LOCATION_MSG.sharing));
    const sent = calls.filter((c) => c.key === 'POST /api/driver/me/jobs/bk-9/position');
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0]!.init)).toEqual({
      lat: 51.55,
      lng: -0.21,
      accuracyMetres: 8,
      at: '2026-03-05T08:10:00.000Z',
    });
    // A burst of readings is sent at most every few seconds.
    await phone.at(51.551, -0.211);
    expect(calls.filter((c) => c.key === 'POST /api/driver/me/jobs/bk-9/position')).toHaveLength(1);

    fireEvent.click(card.getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(card.queryByTestId('van-share')).toBeNull());
    expect(phone.watching()).toBe(0);
    expect(phone.geo.clearWatch).toHaveBeenCalled();
  });

  it('a refused permission is said plainly and the day goes on', async () => {
    const phone = fakeGeolocation();
    const today = onTheWay();
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [today], upcoming: [], past: [] }),
      'POST /api/driver/me/jobs/bk-9/progress': () => json({ ...today, progress: 'arrived' }),
    });
    renderPortalAt('/driver/jobs');
    const card = within(await screen.findByRole('article', { name: 'Booking 9001' }));
    // The phone is asked once the card is up: refuse only once it has been asked.
    await waitFor(() => expect(phone.watching()).toBe(1));
    await phone.deny();
    await waitFor(() => expect(card.getByRole('status').textContent).toBe(VAN_LOCATION_MSG.denied));
    fireEvent.click(card.getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Done' })).toBeShown());
    expect(calls.some((c) => c.key.endsWith('/position'))).toBe(false);
  });

  it('before "On my way" the phone is not asked', async () => {
    const phone = fakeGeolocation();
    const today = { ...onTheWay(), progress: null, progressAt: null };
    stubPortalApi({ 'GET /api/driver/me/jobs': () => json({ today: [today], upcoming: [], past: [] }) });
    renderPortalAt('/driver/jobs');
    const card = within(await screen.findByRole('article', { name: 'Booking 9001' }));
    expect(card.getByRole('button', { name: 'On my way' })).toBeShown();
    expect(card.queryByTestId('van-share')).toBeNull();
    expect(phone.geo.watchPosition).not.toHaveBeenCalled();
  });
});
