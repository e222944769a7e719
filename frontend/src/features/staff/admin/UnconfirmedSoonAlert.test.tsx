import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { JobView } from '@vanhop/contracts';
import AdminApp from './AdminApp';
import { TOKEN_KEY } from './session';
import { json, renderArea, isolateEachTest } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const offered = {
  bookingId: '00000000-0000-4000-8000-000000000777',
  randomNumber: 777,
  driverId: 'drv-1',
  status: 'offered',
  offeredAt: '2026-11-28T07:28:00.000Z',
  respondBy: '2026-11-28T08:36:00.000Z',
  respondedAt: null,
  returnedBecause: null,
  move: {
    date: '2026-11-28T12:00:00.000Z',
    totalHour: 3,
    addresses: [],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    description: '',
  },
  customer: null,
} as unknown as JobView;

const emptyPage = () => json({ items: [], pageSize: 20, next: null });

describe('the dashboard names the moves within hours that no driver has accepted', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'tok' });

  const render = (unconfirmed: JobView[]) => {
    const { calls } = fakeApi(
      {
        'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
        'GET /api/drivers/admin/jobs/unconfirmed-soon': () => json(unconfirmed),
      },
      { fallback: () => emptyPage },
    );
    renderArea('/admin/*', <AdminApp />, '/admin/dashboard');
    return calls;
  };

  it('lists each one with its move time, who has not answered and a link to its record', async () => {
    render([offered]);
    const alert = await screen.findByTestId('unconfirmed-soon');
    expect(within(alert).getByRole('heading').textContent).toBe('1 move within 6 hours has no accepted driver');
    expect(alert.textContent).toContain('offered to the driver, no answer yet');
    expect(within(alert).getByRole('link', { name: 'Booking 777' }).getAttribute('href')).toContain(
      `booking=${offered.bookingId}`,
    );
  });

  it('shows nothing when every move within hours has an accepted driver', async () => {
    const calls = render([]);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/drivers/admin/jobs/unconfirmed-soon')).toBe(true));
    await screen.findByText('Welcome, jo_staff');
    expect(screen.queryByTestId('unconfirmed-soon')).toBeNull();
  });
});
