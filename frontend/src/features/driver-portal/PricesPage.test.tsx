import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DRIVER_MSG } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { CARD, self } from '../../testing/driver-fixtures';
import { bodyOf, errorOf, json, type, isolateEachTest } from '../../testing/area-harness';
import { recordScrollIntoView } from '../../testing/scroll-recorder';

const renderPrices = () => renderPortalAt('/driver/prices');

/** The driver's Prices page on a phone. */
describe('driver portal: prices page', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });
  const scrolled = recordScrollIntoView();

  it("shows the driver their rating as customers see it: the one they came with and VanHop's approved reviews together", async () => {
    // Alice came with 4.8 from 12 (test-fixtures); 12 approved VanHop reviews at 5: (4.8 × 12 + 5 × 12) / 24.
    stubPortalApi({
      'GET /api/driver/me': () => json(self()),
      'GET /api/reviews/drivers?ids=drv-alice': () => json({ 'drv-alice': { rating: 5, count: 12 } }),
    });
    renderPrices();
    expect((await screen.findByTestId('your-rating')).textContent).toBe(
      'Your rating, as customers see it: 4.9 ★ from 24 reviews.',
    );
  });

  it('lists only the vans and help levels the driver offers, and sends the rest of the card as it was', async () => {
    // Alice offers Large and Luton vans, Driver-Help and Driver-Plus-One (test-fixtures).
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self()),
      'PUT /api/driver/me/card': ({ init }) => json(self({ card: bodyOf(init) as never })),
    });
    renderPrices();
    await screen.findByLabelText('Van per hour, Large (£)');
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels.filter((l) => l?.startsWith('Van per hour'))).toEqual([
      'Van per hour, Large (£)',
      'Van per hour, Luton (£)',
    ]);
    expect(labels.filter((l) => l?.startsWith('Help per hour'))).toEqual([
      'Help per hour, Driver-Help (£)',
      'Help per hour, Driver-Plus-One (£)',
    ]);
    expect(labels.filter((l) => l?.startsWith('Stairs per flight'))).toEqual([
      'Stairs per flight per hour, Driver-Help (£)',
      'Stairs per flight per hour, Driver-Plus-One (£)',
    ]);
    // No-Help's bounds are £0.00 – £0.00: the range of a level Alice does not offer is not shown.
    expect(document.body.textContent).not.toContain('£0.00 – £0.00');
    expect(screen.getByLabelText('Mileage per mile (£)')).toBeShown();
    expect(screen.getByLabelText('Out-of-hours start hours')).toBeShown();

    type('Van per hour, Luton (£)', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('status')).textContent).toBe('Prices saved');
    expect(bodyOf(calls.find((c) => c.key === 'PUT /api/driver/me/card')!.init)).toEqual({
      ...CARD,
      vanPerHourPence: { ...CARD.vanPerHourPence, Luton: 5000 },
    });
  });

  it('a refused Save focuses the first wrong number and brings it into view, whether the page or the service refused it', async () => {
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self()),
      'PUT /api/driver/me/card': () =>
        json(
          {
            message: 'Price card is invalid',
            code: 'validation_failed',
            errors: { 'card.viaStopPence': DRIVER_MSG.outsideBounds(500, 2000), minimumHours: DRIVER_MSG.minimumHours },
          },
          400,
        ),
    });
    renderPrices();
    const mileage = await screen.findByLabelText('Mileage per mile (£)');
    const large = screen.getByLabelText('Van per hour, Large (£)');
    type('Mileage per mile (£)', '99');
    type('Van per hour, Large (£)', '81');
    const save = screen.getByRole('button', { name: 'Save prices' });
    save.focus();
    fireEvent.click(save);
    // The Large van comes before the mileage on the page: it is the first wrong number.
    await waitFor(() => expect(document.activeElement).toBe(large));
    expect(large.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Van per hour, Large (£)')).toBe('Must be from £20.00 to £80.00');
    expect(scrolled).toEqual([large]);
    expect(mileage.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    type('Van per hour, Large (£)', '40');
    type('Mileage per mile (£)', '1.20');
    save.focus();
    fireEvent.click(save);
    const viaStop = screen.getByLabelText('Via stop (£)');
    await waitFor(() => expect(document.activeElement).toBe(viaStop));
    expect(errorOf('Via stop (£)')).toBe('Must be from £5.00 to £20.00');
    expect(errorOf('Minimum hours')).toBe(DRIVER_MSG.minimumHours);
    expect(scrolled).toEqual([large, viaStop]);
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(1);
  });
});
