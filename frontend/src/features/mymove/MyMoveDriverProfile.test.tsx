import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { myMoveView } from '../../testing/my-move';
import { myMoveApi, renderMyMove } from '../../testing/render-my-move';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOW = () => new Date('2026-12-01T09:20:00.000Z');

describe("My move: the driver's profile", () => {
  it('opens the booked driver’s public profile with their vetting and reviews', async () => {
    const view = myMoveView();
    const driver = view.driver!;
    const api = fakeApi({
      [`GET ${myMoveApi()}`]: () => ({ json: view }),
      [`GET /api/driver-profiles/${driver.id}`]: () => ({
        json: {
          driverId: driver.id,
          name: driver.name,
          rating: 4.8,
          reviewCount: 21,
          vanSizes: ['Large'],
          helpLevels: ['Driver-Help'],
          ulezCompliant: false,
          area: 'SE1',
          vetting: { insuranceChecked: true, licenceChecked: true },
        },
      }),
      [`GET /api/reviews/drivers/${driver.id}`]: () => ({ json: { driverId: driver.id, reviews: [] } }),
    });
    renderMyMove({ now: NOW });
    fireEvent.click(await screen.findByRole('button', { name: `View ${driver.name}'s profile` }));
    const profile = await screen.findByTestId('driver-profile');
    await waitFor(() => expect(within(profile).getByText('✓ Licence checked')).toBeShown());
    expect(within(profile).getByText('✓ Insurance checked')).toBeShown();
    expect(within(profile).getByText('Works from SE1')).toBeShown();
    expect(within(profile).getByText(/not ULEZ compliant/)).toBeShown();
    await waitFor(() => expect(within(profile).getByText('No written reviews on VanHop yet.')).toBeShown());
    expect(api.of('GET', `/api/driver-profiles/${driver.id}`)).toHaveLength(1);
  });
});
