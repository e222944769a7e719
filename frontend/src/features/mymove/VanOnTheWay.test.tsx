import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { VAN_LOCATION_MSG, VAN_LOCATION_REFRESH_MS, type VanLocationView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { myMoveView } from '../../testing/my-move';
import { myMoveApi, renderMyMove } from '../../testing/render-my-move';
import { vanMayBeOnTheWay } from './VanOnTheWay';
import { viewOfBoth } from './van-map-view';

const PATH = myMoveApi();
// The fixture's move starts at 10:00 UTC on 12 December 2026: half an hour before.
const NOW = () => new Date('2026-12-12T09:30:00.000Z');

const onTheWay: VanLocationView = {
  onTheWay: true,
  van: { lat: 51.5567, lng: -0.2139, accuracyMetres: 10, at: '2026-12-12T09:29:30.000Z' },
  pickup: { lat: 51.5585, lng: -0.2199, label: 'London NW2' },
  eta: { seconds: 420, miles: 0.4 },
};
const arrived: VanLocationView = { onTheWay: false, van: null, pickup: onTheWay.pickup, eta: null };

const renderPage = (now = NOW) => renderMyMove({ now });

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The van on the map on My move while the driver is on the way. */
describe('My move: the van on the way', () => {
  it('shows the van and the pickup on the offline map with the ETA, asks again every 15 s, and hides it after arrival', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const answers = [onTheWay, arrived];
    const api = fakeApi({
      [`GET ${PATH}`]: () => ({ json: myMoveView() }),
      [`GET ${PATH}/van`]: () => ({ json: answers.length > 1 ? answers.shift() : answers[0] }),
    });
    renderPage();
    expect((await screen.findByTestId('van-eta')).textContent).toContain('About 7 minutes away');
    const map = await screen.findByRole('img', { name: "Map: Dan Driver's van and your pickup" });
    expect(map.querySelector('[data-testid="map-point-van"]')?.textContent).toContain("Dan Driver's van");
    expect(map.querySelector('[data-testid="map-point-pickup"]')?.textContent).toContain('Pickup');
    expect(api.of('GET', `${PATH}/van`)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(VAN_LOCATION_REFRESH_MS);
    await waitFor(() => expect(screen.queryByTestId('van-on-the-way')).toBeNull());
    expect(api.of('GET', `${PATH}/van`)).toHaveLength(2);
  });

  it('says the van shows once the phone shares it, before the first position', async () => {
    fakeApi({
      [`GET ${PATH}`]: () => ({ json: myMoveView() }),
      [`GET ${PATH}/van`]: () => ({ json: { ...onTheWay, van: null, eta: null } }),
    });
    renderPage();
    expect((await screen.findByTestId('van-on-the-way')).textContent).toContain(VAN_LOCATION_MSG.waiting);
  });

  it('does not ask days before the move, nor for a cancelled booking', async () => {
    const api = fakeApi({ [`GET ${PATH}`]: () => ({ json: myMoveView() }) });
    renderPage(() => new Date('2026-12-01T09:20:00.000Z'));
    await screen.findByRole('heading', { name: 'Your move' });
    expect(api.of('GET', `${PATH}/van`)).toHaveLength(0);
    const view = myMoveView();
    expect(vanMayBeOnTheWay(view, NOW())).toBe(true);
    expect(vanMayBeOnTheWay({ ...view, state: 'cancelled' }, NOW())).toBe(false);
    expect(vanMayBeOnTheWay(view, new Date('2026-12-12T07:59:00.000Z'))).toBe(false);
    expect(vanMayBeOnTheWay(view, new Date('2026-12-12T22:00:00.000Z'))).toBe(true);
    expect(vanMayBeOnTheWay(view, new Date('2026-12-12T22:01:00.000Z'))).toBe(false);
  });

  it('frames both points', () => {
    const far = viewOfBoth({ lat: 51.5, lng: -0.1 }, { lat: 51.7, lng: -0.5 });
    const near = viewOfBoth({ lat: 51.55, lng: -0.21 }, { lat: 51.556, lng: -0.22 });
    expect(far.center).toEqual({ lat: 51.6, lng: -0.3 });
    expect(near.zoom).toBeGreaterThan(far.zoom);
    expect(viewOfBoth({ lat: 51.5, lng: -0.1 }, { lat: 51.5, lng: -0.1 }).zoom).toBe(15);
  });
});
