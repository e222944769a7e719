import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingRecord } from '@vanhop/contracts';
import AdminApp from './AdminApp';
import { TOKEN_KEY } from './session';
import { json, renderArea, isolateEachTest } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const job = (code: number, move: string): BookingRecord =>
  ({
    _id: `00000000-0000-4000-8000-${String(code).padStart(12, '0')}`,
    randomNumber: code,
    date: '2026-11-01T09:00:00.000Z',
    paymentStatus: 'paid',
    OutstandingBalance: 0,
    percentage: 100,
    reviewRequest: false,
    quote: {
      name: 'Alice Mover',
      email: 'alice@example.com',
      phone: '07700 900123',
      description: '',
      date: move,
      totalAddress: [
        { id: 'a', location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 },
        { id: 'b', location: 'London SE1, UK', physicalAddress: '2 B Road', stair: 0 },
      ],
      places: ['London NW2, UK', 'London SE1, UK'],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      totalSecond: 10800,
      totalPrice: 195,
      travelHour: 1500,
      travelMiles: 9.4,
    },
  }) as unknown as BookingRecord;

const page = (items: BookingRecord[], next: string | null = null) => json({ items, pageSize: 20, next });

describe('the dashboard lists read a page at a time from the server', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'tok' });

  it('asks the server for each list and tab, shows its order, and reads the next page with the cursor', async () => {
    const { calls } = fakeApi(
      {
        'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
        'GET /api/backdata/list?kind=job&view=needs-driver&pageSize=100': () => page([]),
        'GET /api/backdata/list?kind=quotation&view=future': () => page([]),
        'GET /api/backdata/list?kind=job&view=future': () =>
          page([job(101, '2030-01-02T09:00:00.000Z'), job(102, '2030-01-03T09:00:00.000Z')], 'CURSOR1'),
        'GET /api/backdata/list?kind=job&view=future&after=CURSOR1': () => page([job(103, '2030-02-01T09:00:00.000Z')]),
        'GET /api/backdata/list?kind=job&view=past': () => page([job(90, '2020-05-05T09:00:00.000Z')]),
      },
      { fallback: () => () => json({ message: 'not here' }, 404) },
    );
    renderArea('/admin/*', <AdminApp />, '/admin/dashboard');
    const jobs = await screen.findByTestId('job-card');
    const codes = () =>
      within(jobs)
        .queryAllByTestId('admin-record')
        .map((r) => r.getAttribute('data-code'));
    await waitFor(() => expect(codes()).toEqual(['101', '102']));

    fireEvent.click(within(jobs).getByTestId('job-more'));
    await waitFor(() => expect(codes()).toEqual(['101', '102', '103']));
    // The last page has no next: no "Show more".
    expect(within(jobs).queryByTestId('job-more')).toBeNull();

    fireEvent.click(within(jobs).getByRole('button', { name: 'Past Jobs' }));
    await waitFor(() => expect(codes()).toEqual(['90']));
    expect((await screen.findByTestId('quotation-card')).textContent).toContain('No records');
    // Never every record: the dashboard reads pages only.
    expect(calls.some((c) => c.url === '/api/backdata/all')).toBe(false);
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/api/backdata/list?kind=job&view=future&after=CURSOR1',
        '/api/backdata/list?kind=job&view=past',
      ]),
    );
  });
});
