import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JOB_CONFLICT_TEXT, STAFF_RECORD_MSG, type BookingRecord } from '@vanhop/contracts';
import AdminApp from './AdminApp';
import { TOKEN_KEY } from './session';
import { bodyOf, errorOf, json, renderArea, type, isolateEachTest } from '../../../testing/area-harness';
import { stubStaffApi } from '../../../testing/staff-lists';
import { penceFromPoundsText } from './money-taken';

const renderDashboard = () => renderArea('/admin/*', <AdminApp />, '/admin/dashboard');
const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const ID = '6f1c2b1e-1111-4222-8333-944455556666';

/** A record as GET /api/backdata/all lists it, money fields included. */
const record = (over: Record<string, unknown> = {}): BookingRecord =>
  ({
    _id: ID,
    randomNumber: 4242,
    date: new Date().toISOString(),
    paymentStatus: 'unpaid',
    OutstandingBalance: 195,
    percentage: null,
    reviewRequest: false,
    state: 'active',
    amountPaidPence: 0,
    amountRefundedPence: 0,
    refundPendingPence: 0,
    staffCancellation: null,
    quote: {
      name: 'Alice Mover',
      email: 'alice@example.com',
      phone: '07700 900123',
      description: 'Sofa and boxes',
      date: future,
      totalAddress: [
        { id: 'a', location: 'London NW2, UK', physicalAddress: '12 Cricklewood Lane', stair: 2 },
        { id: 'b', location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
      ],
      places: ['London NW2, UK', 'London SE1, UK'],
      pickupStair: 2,
      deliveryStair: 0,
      viaStopStair: [],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      totalSecond: 10800,
      totalPrice: 195,
      travelHour: 1500,
      travelMiles: 9.4,
    },
    ...over,
  }) as unknown as BookingRecord;

const paid = (over: Record<string, unknown> = {}) =>
  record({ paymentStatus: '30percentage', percentage: 30, OutstandingBalance: 136.5, amountPaidPence: 5850, ...over });

describe('staff record actions: delete a quotation, cancel a booking that took money with its refund', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'tok' });

  it('deletes an unpaid quotation only after a confirmation that names it', async () => {
    let list = [record()];
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json(list),
      [`DELETE /api/backdata/delete/${ID}`]: () => {
        list = [];
        return json({ message: 'Booking record deleted' });
      },
    });
    const confirm = vi.fn(() => false);
    const alert = vi.fn();
    vi.stubGlobal('confirm', confirm);
    vi.stubGlobal('alert', alert);
    renderDashboard();
    const quotations = screen.getByTestId('quotation-card');
    fireEvent.click(await within(quotations).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 4242' });
    expect(within(panel).queryByRole('button', { name: 'Cancel with refund' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete quotation 4242 for Alice Mover?');
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    confirm.mockReturnValue(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Booking record deleted'));
    await waitFor(() => expect(within(quotations).queryByTestId('admin-record')).toBeNull());
    expect((calls.find((c) => c.init.method === 'DELETE')!.init.headers as Record<string, string>).Authorization).toBe(
      'Bearer tok',
    );
  });

  it('a booking that took money: Cancel with refund instead of Delete; checked before sending, confirmed by name and amount, refusals in the server’s words, then the outcome', async () => {
    let list = [paid({ amountRefundedPence: 0, refundPendingPence: 850 })];
    const cancelled = {
      ...paid({
        state: 'cancelled',
        OutstandingBalance: 0,
        cancelledAt: '2026-03-02T10:15:00.000Z',
        refundPendingPence: 2850,
        staffCancellation: { by: 'jo_staff', reason: 'Driver unwell' },
      }),
      cancellation: {
        refundPence: 2000,
        reason: 'Driver unwell',
        cancelledBy: 'jo_staff',
        cancelledAt: '2026-03-02T10:15:00.000Z',
      },
    };
    let answer = () => json({ message: 'This booking changed meanwhile: please reload the page and try again.' }, 409);
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json(list),
      [`POST /api/backdata/cancel/${ID}`]: () => answer(),
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 4242' });
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel with refund' }));

    // Offered: everything paid net of refunds (£58.50 paid, £8.50 already on its way back).
    expect((screen.getByLabelText('Refund (£)') as HTMLInputElement).value).toBe('50.00');
    const send = () => fireEvent.click(within(panel).getByRole('button', { name: 'Cancel booking and refund' }));
    const posts = () => calls.filter((c) => c.url === `/api/backdata/cancel/${ID}`);

    // The contracts schema's own words, before anything is sent.
    send();
    await waitFor(() => expect(errorOf('Reason (the customer reads it)')).toBe(STAFF_RECORD_MSG.reasonRequired));
    type('Refund (£)', '60');
    type('Reason (the customer reads it)', 'Driver unwell');
    send();
    await waitFor(() => expect(errorOf('Refund (£)')).toBe(STAFF_RECORD_MSG.refundTooMuch(5000)));
    type('Refund (£)', '12.345');
    send();
    await waitFor(() => expect(errorOf('Refund (£)')).toBe('Enter the refund in pounds and pence, for example 58.50'));
    expect(posts()).toHaveLength(0);

    // The confirmation names the booking and the refund; dismissed, nothing is sent.
    type('Refund (£)', '20');
    send();
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith('Cancel booking 4242 for Alice Mover and refund £20.00 to their card?'),
    );
    expect(posts()).toHaveLength(0);

    confirm.mockReturnValue(true);
    send();
    expect((await within(panel).findByTestId('cancel-error')).textContent).toBe(
      'This booking changed meanwhile: please reload the page and try again.',
    );

    answer = () =>
      json(
        {
          message: STAFF_RECORD_MSG.refundTooMuch(1000),
          errors: { refundPence: STAFF_RECORD_MSG.refundTooMuch(1000) },
        },
        400,
      );
    send();
    await waitFor(() => expect(errorOf('Refund (£)')).toBe(STAFF_RECORD_MSG.refundTooMuch(1000)));
    expect(within(panel).getByTestId('cancel-error').textContent).toBe(STAFF_RECORD_MSG.refundTooMuch(1000));

    answer = () => {
      list = [cancelled as unknown as BookingRecord];
      return json(cancelled);
    };
    send();
    const outcome = await within(panel).findByTestId('cancel-outcome');
    expect(outcome.textContent).toContain('Booking 4242 cancelled.');
    expect(outcome.textContent).toContain("£20.00 is being refunded to Alice Mover's card.");
    expect(outcome.textContent).toContain('Reason given: Driver unwell');
    expect(posts().map((c) => bodyOf(c.init))).toEqual([
      { refundPence: 2000, reason: 'Driver unwell' },
      { refundPence: 2000, reason: 'Driver unwell' },
      { refundPence: 2000, reason: 'Driver unwell' },
    ]);
    expect((posts()[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    // The panel shows the cancelled record (who cancelled is for staff), and offers nothing more.
    expect(panel.textContent).toContain('StateCancelled');
    expect(panel.textContent).toContain('Cancelled byjo_staff (staff): Driver unwell');
    expect(within(panel).queryByRole('button', { name: 'Cancel with refund' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    // The lists are read again: the jobs list a second time.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/backdata/list?kind=job&view=future')).toHaveLength(2),
    );
  });

  it('a cancelled booking that took money can be neither deleted nor cancelled again, and the panel says why', async () => {
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () =>
        json([paid({ state: 'cancelled', amountRefundedPence: 5850, cancelledAt: '2026-03-02T10:15:00.000Z' })]),
    });
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 4242' });
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Cancel with refund' })).toBeNull();
    expect(within(panel).getByTestId('delete-refused').textContent).toBe(STAFF_RECORD_MSG.cancelledPaidNotDeletable);
  });

  it('an accepted job is given to another free driver from its record: the current driver is named as told', async () => {
    const accepted = paid({
      driver: { id: 'drv-alice', name: 'Alice Driver', email: 'alice.d@example.com', phone: '07700900111' },
      driverAcceptedAt: '2026-03-01T10:00:00.000Z',
    });
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([accepted]),
      [`GET /api/drivers/admin/jobs/${ID}/candidates`]: () =>
        json([
          {
            driverId: 'drv-bob',
            name: 'Bob Van',
            pricePence: 18000,
            bookedPence: 19500,
            overBookedPence: 0,
            portalAccount: true,
          },
        ]),
      [`POST /api/drivers/admin/jobs/${ID}/reassign`]: () => json({ bookingId: ID, driverId: 'drv-bob' }),
    });
    const confirm = vi.fn((_q: string) => true);
    vi.stubGlobal('confirm', confirm);
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const panel = within(screen.getByRole('dialog', { name: 'Record 4242' }));
    fireEvent.click(panel.getByRole('button', { name: 'Give to another driver' }));
    fireEvent.click(await panel.findByRole('button', { name: 'Give to Bob Van' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/reassign'))).toBe(true));
    expect(confirm.mock.calls[0]![0]).toContain('Alice Driver is told the job is no longer theirs.');
    expect(bodyOf(calls.find((c) => c.url.endsWith('/reassign'))!.init)).toEqual({
      driverId: 'drv-bob',
      acceptDifference: false,
    });
    expect((await panel.findByRole('status')).textContent).toContain('Reassigned');
  });

  it('shows the overtime rate the customer was quoted, beside the price per half hour', async () => {
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([paid({ quote: { ...paid().quote, overtimePerHalfHour: 27.5 } })]),
    });
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const text = screen.getByRole('dialog', { name: 'Record 4242' }).textContent ?? '';
    expect(text).toContain('Price per half hour£32.50');
    expect(text).toContain('Overtime per half hour (as quoted)£27.50');
  });

  it('lists the support chats opened from this booking’s My move in its record', async () => {
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([paid()]),
      [`GET /api/support/admin/conversations?booking=${ID}`]: () =>
        json({
          conversations: [
            {
              id: 'chat-1',
              customerName: 'Alice Mover',
              customerEmail: 'alice@example.com',
              emailVerified: true,
              page: '/mymove',
              booking: { id: ID, reference: 4242, customerName: 'Alice Mover' },
              awaitingStaff: true,
              waitingSince: '2026-03-01T10:00:00.000Z',
              lastMessage: { from: 'customer', body: 'Can the van park on the left?', at: '2026-03-01T10:00:00.000Z' },
              messageCount: 1,
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          unanswered: 1,
        }),
    });
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const chats = await screen.findByTestId('record-support-chats');
    expect(chats.textContent).toContain('Alice Mover: “Can the van park on the left?” (unanswered)');
    expect(within(chats).getByRole('link', { name: 'Open the support inbox' }).getAttribute('href')).toBe(
      '/admin/support',
    );
  });

  it('flags conflicts on the job in its record (a day off over it, documents lapsing first)', async () => {
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () =>
        json([
          paid({ driver: { id: 'drv-alice', name: 'Alice Driver', email: 'a@example.com', phone: '07700900111' } }),
        ]),
      [`GET /api/drivers/admin/jobs/${ID}/conflicts`]: () =>
        json([
          { kind: 'outside-hours', text: JOB_CONFLICT_TEXT.outsideHours('Alice Driver') },
          { kind: 'document-expires', text: JOB_CONFLICT_TEXT.documentExpires('Alice Driver', '2026-03-05') },
        ]),
    });
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const flags = await screen.findByTestId('record-job-conflicts');
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      JOB_CONFLICT_TEXT.outsideHours('Alice Driver'),
      JOB_CONFLICT_TEXT.documentExpires('Alice Driver', '2026-03-05'),
    ]);
  });

  it('a cancelled or unpaid record offers no reassignment', async () => {
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([paid({ state: 'cancelled', amountRefundedPence: 5850 })]),
    });
    renderDashboard();
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    expect(screen.queryByTestId('record-reassign')).toBeNull();
  });

  it('reads amounts as staff type them: pounds and pence, at most two decimals', () => {
    expect(['58.5', '£58.50', '58', ' 1,058.05 ', '0'].map(penceFromPoundsText)).toEqual([5850, 5850, 5800, 105805, 0]);
    expect(['', '-1', '12.345', 'ten', '1e3', '.5'].map(penceFromPoundsText)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
