import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { job } from '../../testing/driver-fixtures';
import { json, isolateEachTest } from '../../testing/area-harness';

const renderJobs = () => renderPortalAt('/driver/jobs');
const cardOf = async (randomNumber: number) =>
  within(await screen.findByRole('article', { name: `Booking ${randomNumber}` }));

/** The driver's job cards. */
describe('driver portal: job cards', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('Decline asks first in the card; Keep it changes nothing; Confirm decline sends it', async () => {
    const offered = job({ bookingId: 'bk-7', randomNumber: 1234 });
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [], upcoming: [offered], past: [] }),
      'POST /api/driver/me/jobs/bk-7/decline': () =>
        json({
          ...offered,
          status: 'returned-to-staff',
          returnedBecause: 'declined',
          respondedAt: '2026-03-01T09:30:00.000Z',
        }),
    });
    renderJobs();
    const card = await cardOf(1234);
    const posts = () => calls.filter((c) => c.key.startsWith('POST'));

    fireEvent.click(card.getByRole('button', { name: 'Decline' }));
    const question = card.getByRole('group', {
      name: 'Decline job 1234? It is offered to the next free driver and you cannot take it back.',
    });
    expect(posts()).toEqual([]);
    // The safe answer has the focus; neither Accept nor Decline can be tapped meanwhile.
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' })));
    expect(card.queryByRole('button', { name: 'Accept' })).toBeNull();

    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(card.queryByRole('group')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Decline' })));
    expect(posts()).toEqual([]);

    fireEvent.click(card.getByRole('button', { name: 'Decline' }));
    fireEvent.click(card.getByRole('button', { name: 'Confirm decline' }));
    await waitFor(() => expect(card.getByTestId('job-status').textContent).toBe('Declined: back with the office'));
    expect(posts().map((c) => c.key)).toEqual(['POST /api/driver/me/jobs/bk-7/decline']);
    expect(screen.getByRole('status').textContent).toBe(
      'You declined booking 1234: it is offered to the next free driver.',
    );
  });

  it('counts down the time left to answer an offer', async () => {
    // Only the date is pretend: the page's fetches and React's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:30.000Z'));
    stubPortalApi({
      'GET /api/driver/me/jobs': () =>
        json({
          today: [],
          upcoming: [job({ bookingId: 'bk-7', randomNumber: 1234, respondBy: '2026-03-01T11:00:00.000Z' })],
          past: [],
        }),
    });
    renderJobs();
    expect((await cardOf(1234)).getByTestId('time-left').textContent).toBe(' · 1 h 59 min left');
  });

  it('shows the booked price and the cash to collect on the day, or that nothing is left to collect', async () => {
    stubPortalApi({
      'GET /api/driver/me/jobs': () =>
        json({
          today: [job({ bookingId: 'bk-1', randomNumber: 1001, pricePence: 31361, cashToCollectPence: 21953 })],
          upcoming: [
            job({
              bookingId: 'bk-2',
              randomNumber: 1002,
              status: 'accepted',
              pricePence: 10000,
              cashToCollectPence: 0,
            }),
            job({
              bookingId: 'bk-3',
              randomNumber: 1003,
              status: 'accepted',
              bookingState: 'cancelled',
              customer: null,
              pricePence: 10000,
              cashToCollectPence: 7000,
            }),
          ],
          // A job stored before the service kept its money shows none rather than a guess.
          past: [job({ bookingId: 'bk-4', randomNumber: 1004, status: 'accepted' })],
        }),
    });
    renderJobs();
    expect((await cardOf(1001)).getByTestId('job-money').textContent).toBe(
      'Price £313.61 · Cash to collect on the day £219.53',
    );
    expect((await cardOf(1002)).getByTestId('job-money').textContent).toBe(
      'Price £100.00 · Paid in full online: nothing to collect',
    );
    // A cancelled move has nothing to collect: no money line.
    expect((await cardOf(1003)).queryByTestId('job-money')).toBeNull();
    expect((await cardOf(1004)).queryByTestId('job-money')).toBeNull();
  });
  it('a cancelled or postponed job says so in words and shows no customer contact; a live job lists its items', async () => {
    const items = [
      { id: 'sofa-2-seat', count: 2 },
      { id: 'other', count: 1, name: 'Piano stool' },
    ];
    stubPortalApi({
      'GET /api/driver/me/jobs': () =>
        json({
          today: [],
          upcoming: [
            job({
              bookingId: 'bk-1',
              randomNumber: 2001,
              status: 'accepted',
              bookingState: 'cancelled',
              refundPence: 4000,
              stateText: 'Cancelled by the customer: £40.00 refunded',
              customer: null,
              customerName: null,
            }),
            // stored before the service said it in words: the card says the same from the state
            job({
              bookingId: 'bk-2',
              randomNumber: 2002,
              bookingState: 'postponed',
              customer: null,
              customerName: null,
            }),
            job({
              bookingId: 'bk-3',
              randomNumber: 2003,
              status: 'accepted',
              bookingState: 'active',
              move: { ...job().move, items },
            }),
          ],
          past: [],
        }),
    });
    renderJobs();

    const cancelled = await cardOf(2001);
    expect(cancelled.getByTestId('job-status').textContent).toBe('Cancelled by the customer: £40.00 refunded');
    const postponed = await cardOf(2002);
    expect(postponed.getByTestId('job-status').textContent).toBe('Postponed by the customer: waiting for a new date');
    for (const off of [cancelled, postponed]) {
      expect(off.queryByText('Customer')).toBeNull();
      expect(off.queryByText(/Carol|carol@example\.com|07700 900456/)).toBeNull();
      expect(off.queryAllByRole('link').filter((a) => /^(mailto|tel):/.test(a.getAttribute('href') ?? ''))).toEqual([]);
      expect(off.queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(off.queryByRole('button', { name: 'Decline' })).toBeNull();
      expect(off.queryByTestId('job-money')).toBeNull();
    }

    const live = await cardOf(2003);
    expect(live.getByTestId('job-status').textContent).toBe('Accepted');
    expect(live.getAllByTestId('item-list')).toHaveLength(1);
    expect(
      within(live.getByTestId('item-list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 × Sofa, 2-seat', '1 × Piano stool']);
    expect(live.getByRole('link', { name: 'carol@example.com' }).getAttribute('href')).toBe('mailto:carol@example.com');
    // the cards without an item list show none
    expect(cancelled.queryByTestId('item-list')).toBeNull();
  });
});
