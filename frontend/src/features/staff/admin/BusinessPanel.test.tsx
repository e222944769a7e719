import { chartRows, waitingWhy } from './BusinessPanel';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG, type BusinessFigures, type DriverAvailableHours } from '@vanhop/contracts';
import AdminApp from './AdminApp';
import { TOKEN_KEY } from './session';
import { json, renderArea, isolateEachTest } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const renderDashboard = () => renderArea('/admin/*', <AdminApp />, '/admin/dashboard');

const day = (i: number) => `2026-11-${String(i).padStart(2, '0')}`;
const figures: BusinessFigures = {
  generatedAt: '2026-11-26T12:00:00.000Z',
  days: Array.from({ length: 30 }, (_, i) => {
    const today = i === 29;
    return {
      day: i < 4 ? `2026-10-${28 + i}` : day(i - 3),
      bookings: today ? 2 : 0,
      revenuePence: today ? 31192 : 0,
      depositsPence: today ? 9358 : 0,
      balancesPence: today ? 1000 : 0,
      refundsPence: today ? 250 : 0,
      quotesPriced: today ? 8 : 0,
    };
  }),
  conversionPercent: 25,
  jobsWaiting: [
    {
      bookingId: 'b1',
      randomNumber: 7777,
      driverName: 'Dan Driver',
      moveDate: '2026-12-01T10:00:00.000Z',
      since: '2026-11-26T09:00:00.000Z',
    },
  ],
  openSupportChats: 3,
  driverWindow: { from: '2026-11-26', to: '2026-12-23' },
  drivers: [{ driverId: 'drv-1', name: 'Dan Driver', bookedHours: 6 }],
};
const hours: DriverAvailableHours = {
  from: '2026-11-26',
  to: '2026-12-23',
  drivers: [
    { driverId: 'drv-1', name: 'Dan Driver', availableHours: 160 },
    { driverId: 'drv-2', name: 'Ann Anytime', availableHours: null },
  ],
};

describe('the dashboard middle panel: business figures', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'tok' });

  it('shows the figures, with a caption and a table behind every chart', async () => {
    const { calls } = fakeApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([]),
      'GET /api/dashboard/business': () => json(figures),
      'GET /api/drivers/admin/hours?from=2026-11-26': () => json(hours),
    });
    renderDashboard();
    const panel = await screen.findByTestId('business-panel');
    expect(within(panel).getByRole('heading', { name: 'Dashboard' })).toBeShown();
    expect(within(panel).getByTestId('business-bookings').textContent).toBe('2');
    expect(within(panel).getByTestId('business-revenue').textContent).toBe('£311.92');
    expect(within(panel).getByTestId('business-taken').textContent).toBe('£103.58');
    expect(within(panel).getByTestId('business-refunded').textContent).toBe('£2.50');
    expect(within(panel).getByTestId('business-net').textContent).toBe('£101.08');
    expect(within(panel).getByTestId('business-conversion').textContent).toBe('25%');
    expect(within(panel).getByTestId('business-conversion-detail').textContent).toBe('2 of 8 quotes');
    expect(within(panel).getByTestId('business-jobs-waiting').textContent).toBe('1');
    expect(within(panel).getByTestId('business-jobs-waiting-list').textContent).toContain(
      '#7777: Dan Driver gave it back',
    );
    expect(within(panel).getByTestId('business-open-chats').textContent).toBe('3');

    const bookings = screen.getByRole('figure', { name: 'Bookings and revenue per day, last 30 days' });
    expect(within(bookings).getAllByRole('row')).toHaveLength(31);
    expect(within(bookings).getByRole('row', { name: /2026-11-26/ }).textContent).toContain('£311.92');
    const money = screen.getByRole('figure', {
      name: /Money taken, last 30 days: deposits £93.58, balances £10.00, refunds £2.50/,
    });
    expect(money).toBeShown();
    const drivers = await screen.findByRole('figure', { name: /Drivers' booked hours/ });
    await waitFor(() =>
      expect(within(drivers).getByRole('row', { name: /Dan Driver/ }).textContent).toBe('Dan Driver6 h160 h'),
    );
    expect(within(drivers).getByRole('row', { name: /Ann Anytime/ }).textContent).toBe('Ann Anytime0 hAny time');
    // The available side is asked for the figures' own window.
    expect(calls.some((c) => c.url.includes('/api/drivers/admin/hours?from=2026-11-26'))).toBe(true);
  });

  it('falls back to the old dashboard words when the figures cannot be read', async () => {
    fakeApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([]),
      'GET /api/dashboard/business': () => json({ message: 'down' }, 503),
    });
    renderDashboard();
    await screen.findByText(MSG.admin.maintenance);
    expect(screen.queryByTestId('business-bookings')).toBeNull();
  });

  it('charts only the busiest drivers of a large fleet, and says so', async () => {
    const fleet = Array.from({ length: 60 }, (_, i) => ({
      driverId: `drv-${String(i).padStart(2, '0')}`,
      name: `Driver ${String(i).padStart(2, '0')}`,
    }));
    fakeApi(
      {
        'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
        'GET /api/dashboard/business': () =>
          json({
            ...figures,
            drivers: fleet.slice(0, 25).map((d) => ({ ...d, bookedHours: 4 })),
            driversBooked: 48,
          }),
        'GET /api/drivers/admin/hours?from=2026-11-26': () =>
          json({ ...hours, drivers: fleet.map((d) => ({ ...d, availableHours: 40 })) }),
      },
      { fallback: () => () => json({ items: [], pageSize: 20, next: null }) },
    );
    renderDashboard();
    const chart = await screen.findByRole('figure', { name: /the 25 busiest of 48 drivers with work booked/ });
    await waitFor(() =>
      expect(within(chart).getByRole('row', { name: /Driver 00/ }).textContent).toBe('Driver 004 h40 h'),
    );
    expect(within(chart).getAllByRole('row')).toHaveLength(26);
  });
});

describe('dashboard words: why a job waits, and drivers who work at any time', () => {
  it('says what happened to a waiting job: a suspension is not a driver giving it back', () => {
    expect(waitingWhy({ driverName: 'Dan Driver', because: 'suspended' })).toBe('Dan Driver was suspended');
    expect(waitingWhy({ driverName: 'Dan Driver', because: 'declined' })).toBe('Dan Driver declined it');
    expect(waitingWhy({ driverName: 'Dan Driver', because: 'expired' })).toBe('Dan Driver did not answer in time');
    expect(waitingWhy({ driverName: 'Dan Driver' })).toBe('Dan Driver gave it back');
  });

  it('the hours chart names a driver with no hours set as working at any time, not as having none', () => {
    expect(
      chartRows([
        { name: 'Ann Anytime', booked: 0, available: null },
        { name: 'Set Hours', booked: 2, available: 10 },
        { name: 'Unknown', booked: 1, available: undefined },
      ]),
    ).toEqual([
      { name: 'Ann Anytime (any time)', booked: 0, available: 0 },
      { name: 'Set Hours', booked: 2, available: 10 },
      { name: 'Unknown', booked: 1, available: 0 },
    ]);
  });
});
