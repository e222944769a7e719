import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyMoveView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { TERMS_CHANGED } from './MoveActions';
import { FULL_REFUND_TERMS, myMoveView } from '../../testing/my-move';
import { MY_MOVE_TOKEN, myMoveApi, renderMyMove } from '../../testing/render-my-move';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = myMoveApi();
// 1 December 2026, 09:20 in London: inside the cooling-off hour of the fixture's payment
const NOW = () => new Date('2026-12-01T09:20:00.000Z');

const renderPage = () => renderMyMove({ now: NOW });

/** Answers GET with the views in turn (the last one repeats). */
const views = (first: MyMoveView, ...rest: MyMoveView[]) => {
  const list = [first, ...rest];
  let i = 0;
  return () => ({ json: list[Math.min(i++, list.length - 1)] ?? first });
};

describe('My move page', () => {
  it('shows the move, the driver, the money, the human status, the history and the receipts', async () => {
    fakeApi({ [`GET ${PATH}`]: views(myMoveView()) });
    renderPage();
    expect(screen.getByText('Loading...')).toBeShown();
    await screen.findByRole('heading', { name: 'Your move' });
    expect(screen.getByTestId('move-status').textContent).toBe('30 % deposit paid');
    expect(screen.getByTestId('move-date').textContent).toContain('Saturday 12 December 2026 at 10:00');
    const page = document.body.textContent ?? '';
    expect(page).toContain('Collection12 Cricklewood Lane, London NW2, UK · 2 flights of stairs');
    expect(page).toContain('Via stop 1London E1, UK · Elevator / No stairs');
    expect(page).toContain('Delivery5 Borough High Street, London SE1, UK · Elevator / No stairs');
    expect(page).toContain('VanLarge');
    expect(page).toContain('HelpDriver-Help: The driver also helps you load and unload.');
    expect(page).toContain('Booked time2 hours 30 minutes');
    expect(page).toContain('DescriptionA wardrobe and 10 boxes.');
    expect(page).toContain('DriverDan Driver');
    const money = screen.getByTestId('money').textContent ?? '';
    expect(money).toContain('Total price£200.00');
    expect(money).toContain('Paid£60.00');
    expect(money).toContain('Balance£140.00');
    expect(money).not.toContain('Refunded');
    expect(
      within(screen.getByTestId('history'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 Dec 2026, 09:00Quote saved', '1 Dec 2026, 09:05Booked: 30 % deposit of £60.00 paid']);
    const receipt = screen.getByRole('link', { name: 'Payment receipt: 30 % deposit' });
    expect(receipt.getAttribute('href')).toBe(`/mymove/${MY_MOVE_TOKEN}/receipt/pay-pi_1`);
    expect(screen.getByRole('button', { name: 'Pay the balance of £140.00' })).toBeShown();
    expect(screen.getByRole('button', { name: 'Cancel my move' })).toBeShown();
    expect(screen.getByRole('button', { name: 'Postpone my move' })).toBeShown();
    // a new date only matters once postponed
    expect(screen.queryByText(/Only a postponed booking/)).toBeNull();
  });

  it('a balance the driver collected on the day reads settled: what was paid, nothing left, no "Pay the balance"', async () => {
    const base = myMoveView();
    fakeApi({
      [`GET ${PATH}`]: views({
        ...base,
        money: { ...base.money, balancePence: 0 },
        paidOnDay: {
          method: 'cash',
          amountPence: 14000,
          at: '2026-12-12T12:00:00.000Z',
          text: 'Paid to the driver on the day: cash £140.00',
        },
        actions: { ...base.actions, payBalance: false },
      }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Your move' });
    const money = screen.getByTestId('money').textContent ?? '';
    expect(money).toContain('Paid to the driver£140.00 (cash on the day)');
    expect(money).toContain('Balance£0.00');
    expect(screen.getByTestId('paid-on-day').textContent).toBe(
      'Paid to the driver on the day: cash £140.00: nothing is left to pay.',
    );
    expect(screen.queryByRole('button', { name: /Pay the balance/ })).toBeNull();
  });

  it('says where the driver stands: waiting for them to accept, then accepted', async () => {
    fakeApi({
      [`GET ${PATH}`]: views(
        myMoveView({
          driverStandingText: 'Booked: waiting for Dan Driver to accept. We will text and e-mail you when they do.',
        }),
      ),
    });
    renderPage();
    expect((await screen.findByTestId('driver-standing')).textContent).toBe(
      'Booked: waiting for Dan Driver to accept. We will text and e-mail you when they do.',
    );
  });

  it('on the day the headline follows the driver, with their number to call once they are on the way', async () => {
    fakeApi({
      [`GET ${PATH}`]: views(
        myMoveView({
          driverStandingText: 'Dan Driver is on the way to you.',
          driverPhone: '07700 900456',
        }),
      ),
    });
    renderPage();
    expect((await screen.findByTestId('driver-standing')).textContent).toBe('Dan Driver is on the way to you.');
    const phone = screen.getByTestId('driver-phone');
    expect(phone.getAttribute('href')).toBe('tel:07700900456');
    expect(phone.textContent).toBe('07700 900456');
  });

  it('no number before the driver sets off', async () => {
    fakeApi({ [`GET ${PATH}`]: views(myMoveView({ driverStandingText: 'Dan Driver has accepted your move.' })) });
    renderPage();
    await screen.findByTestId('driver-standing');
    expect(screen.queryByTestId('driver-phone')).toBeNull();
  });

  it('after a change of driver: their price, their charges on the day and the choice; Keep records it and the choice goes', async () => {
    const change = {
      at: '2026-12-01T08:00:00.000Z',
      driverName: 'Dave Wilson',
      driverPricePence: 15696,
      chargesOnTheDay: [{ label: 'ULEZ daily charge (van registered before 2005)', amountPence: 1250 }],
      until: '2026-12-02T08:00:00.000Z',
      kept: false,
    };
    const api = fakeApi({
      [`GET ${PATH}`]: views(myMoveView({ driverChange: change }), myMoveView({ driverChange: undefined })),
      [`POST ${PATH}/keep-driver`]: () => ({ json: myMoveView({ driverChange: undefined }) }),
    });
    renderPage();
    const panel = await screen.findByTestId('driver-change');
    expect(within(panel).getByRole('heading').textContent).toBe('Your driver has changed to Dave Wilson');
    expect(panel.textContent).toContain("Dave Wilson's own price for your move is £156.96");
    expect(within(panel).getByTestId('driver-change-charges').textContent).toBe(
      'ULEZ daily charge (van registered before 2005): £12.50',
    );
    expect(panel.textContent).toContain(
      'Until Wednesday 2 December 2026 at 08:00 you can keep Dave Wilson, choose another driver',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep Dave Wilson' }));
    await waitFor(() => expect(screen.queryByTestId('driver-change')).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `${PATH}/keep-driver`)).toBe(true);
  });

  it('a bad or expired link says so', async () => {
    fakeApi({ [`GET ${PATH}`]: () => ({ status: 404, json: { message: 'Not found' } }) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has expired');
    expect(screen.getByRole('link', { name: 'Find my quote by code' }).getAttribute('href')).toBe('/retrieve');
  });

  it('a server that cannot answer gets a message and a retry', async () => {
    let fail = true;
    fakeApi({ [`GET ${PATH}`]: () => (fail ? { status: 503, json: { message: 'down' } } : { json: myMoveView() }) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load your move/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Your move' });
  });

  it('Pay the balance asks for a checkout and goes there', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({
      [`GET ${PATH}`]: views(myMoveView()),
      [`POST ${PATH}/pay-balance`]: () => ({ json: { url: '/api/payments/local-checkout/cs_9', sessionId: 'cs_9' } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay the balance of £140.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/cs_9'));
    expect(api.of('POST', `${PATH}/pay-balance`)).toHaveLength(1);
  });

  it('Cancel shows the terms and the refund before anything is sent, then shows the refund on its way and arrived', async () => {
    const cancelledPending = myMoveView({
      state: 'cancelled',
      statusText: 'Cancelled',
      money: { refundPendingPence: 6000, balancePence: 0 },
      actions: {
        payBalance: false,
        cancel: { allowed: false, reason: 'This booking is already cancelled.', refundPence: 0, terms: '' },
        postpone: { allowed: false, reason: 'This booking is cancelled.' },
      },
    });
    const refunded = {
      ...cancelledPending,
      money: { ...cancelledPending.money, refundPendingPence: 0, refundedPence: 6000 },
      receipts: [
        ...cancelledPending.receipts,
        {
          id: 'refund-r1',
          kind: 'refund' as const,
          at: '2026-12-01T09:21:00.000Z',
          amountPence: 6000,
          description: 'Cancellation in the cooling-off period',
          provider: 'local' as const,
          providerRef: 're_1',
        },
      ],
    };
    let getAnswer: () => { json: MyMoveView } = views(myMoveView());
    const api = fakeApi({
      [`GET ${PATH}`]: () => getAnswer(),
      [`POST ${PATH}/cancel`]: () => {
        getAnswer = views(refunded);
        return { json: cancelledPending };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my move' }));
    const box = await screen.findByRole('group', { name: 'Before you cancel' });
    expect(within(box).getByTestId('cancel-terms').textContent).toBe(FULL_REFUND_TERMS);
    expect(box.textContent).toContain('Refund to your card: £60.00');
    // Focus moves in an effect after the box renders: wait for it (a busy machine renders later).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Before you cancel'));
    expect(api.of('POST', `${PATH}/cancel`)).toHaveLength(0);

    fireEvent.click(within(box).getByRole('button', { name: 'Yes, cancel my move' }));
    await waitFor(() => expect(screen.getByTestId('move-status').textContent).toBe('Cancelled'));
    expect(api.of('POST', `${PATH}/cancel`).map((c) => c.body)).toEqual([{ confirm: true, expectedRefundPence: 6000 }]);
    expect(screen.getByTestId('outcome').textContent).toContain('A refund of £60.00 is on its way to your card.');
    expect(screen.getByTestId('money-refund-pending').textContent).toContain('£60.00');
    // the page looks again until the refund is confirmed
    await waitFor(
      () => expect(screen.getByTestId('outcome').textContent).toContain('£60.00 has been refunded to your card.'),
      { timeout: 4000 },
    );
    expect(screen.getByTestId('money-refunded').textContent).toContain('£60.00');
    expect(screen.getByRole('link', { name: 'Refund receipt: Cancellation in the cooling-off period' })).toBeShown();
    expect(screen.queryByRole('button', { name: 'Cancel my move' })).toBeNull();
    expect(screen.getByText(/This booking is cancelled: there is nothing more to change/)).toBeShown();
  });

  it('Cancel never confirms terms the customer did not see: when the hour ends while the box is open, the new terms are shown first', async () => {
    const later = myMoveView({
      actions: {
        cancel: {
          allowed: true,
          refundPence: 0,
          terms:
            'The 1-hour cooling-off period has ended: under our cancellation policy no money paid is refunded. You can postpone the move instead (24 hours’ notice) and use the booking within 12 months.',
        },
      },
    });
    const api = fakeApi({
      [`GET ${PATH}`]: views(myMoveView(), myMoveView(), later),
      [`POST ${PATH}/cancel`]: () => ({ json: later }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my move' }));
    const box = await screen.findByRole('group', { name: 'Before you cancel' });
    fireEvent.click(within(box).getByRole('button', { name: 'Yes, cancel my move' }));
    expect((await within(box).findByRole('alert')).textContent).toBe(TERMS_CHANGED);
    expect(within(box).getByTestId('cancel-terms').textContent).toMatch(/^The 1-hour cooling-off period has ended/);
    expect(box.textContent).toContain('Refund: none');
    expect(api.of('POST', `${PATH}/cancel`)).toHaveLength(0);
  });

  it('a refused cancel shows the server reason and reloads the booking', async () => {
    const already = myMoveView({
      state: 'cancelled',
      statusText: 'Cancelled',
      actions: { cancel: { allowed: false, reason: 'This booking is already cancelled.', refundPence: 0, terms: '' } },
    });
    let answer: () => { json: MyMoveView } = views(myMoveView());
    fakeApi({
      [`GET ${PATH}`]: () => answer(),
      [`POST ${PATH}/cancel`]: () => {
        answer = views(already);
        return { status: 409, json: { message: 'This booking is already cancelled.' } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my move' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Before you cancel' })).getByRole('button', {
        name: 'Yes, cancel my move',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('move-status').textContent).toBe('Cancelled'));
    expect(screen.getByRole('alert').textContent).toContain('This booking is already cancelled.');
  });

  it('Postpone explains the 24 hours and 12 months first; then a new date is chosen with the booking date picker and the new price is shown', async () => {
    const frozen = myMoveView({
      state: 'frozen',
      statusText: 'Postponed',
      actions: {
        payBalance: false,
        cancel: {
          allowed: true,
          refundPence: 0,
          terms: 'The 1-hour cooling-off period has ended: under our cancellation policy no money paid is refunded.',
        },
        postpone: { allowed: false, reason: 'This booking is already postponed.' },
        reactivate: { allowed: true, latest: '2027-12-01T09:30:00.000Z' },
      },
    });
    const reactivated = myMoveView({
      move: { date: '2026-12-03T06:00:00.000Z' },
      money: { totalPence: 22000, balancePence: 16000 },
      statusText: '30 % deposit paid',
    });
    const api = fakeApi({
      [`GET ${PATH}`]: views(myMoveView()),
      [`POST ${PATH}/postpone`]: () => ({ json: frozen }),
      [`POST ${PATH}/reactivate/price`]: () => ({
        json: {
          date: '2026-12-03T06:00:00.000Z',
          totalPence: 22000,
          previousTotalPence: 20000,
          balancePence: 16000,
          refundPence: 0,
        },
      }),
      [`POST ${PATH}/reactivate`]: () => ({ json: reactivated }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Postpone my move' }));
    const box = screen.getByRole('group', { name: 'Before you postpone' });
    expect(box.textContent).toContain('at least 24 hours’ notice');
    expect(box.textContent).toContain('new date within 12 months');
    expect(api.of('POST', `${PATH}/postpone`)).toHaveLength(0);
    fireEvent.click(within(box).getByRole('button', { name: 'Yes, postpone my move' }));
    await waitFor(() => expect(screen.getByTestId('move-status').textContent).toBe('Postponed'));
    expect(screen.getByTestId('outcome').textContent).toBe(
      'Your move is postponed. Choose a new date by 1 December 2027.',
    );
    expect(screen.getByText(/The balance can be paid once your move has a new date\./)).toBeShown();
    expect(screen.getByTestId('move-date').textContent).toBe(
      'Postponed: no date yet (was Saturday 12 December 2026 at 10:00)',
    );

    // no date yet: the booking form's own message
    fireEvent.click(screen.getByRole('button', { name: 'See the price for this date' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose Moving Date is required');
    expect(api.of('POST', `${PATH}/reactivate`)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('New moving date'));
    fireEvent.click(screen.getByRole('button', { name: '3 December 2026' }));
    fireEvent.click(screen.getByRole('option', { name: '06:00' }));
    // The price first: nothing is booked until the customer has seen it and confirms.
    fireEvent.click(screen.getByRole('button', { name: 'See the price for this date' }));
    const price = await screen.findByTestId('new-date-price');
    expect(price.textContent).toContain('New price for this date: £220.00 (was £200.00).');
    expect(price.textContent).toContain('£160.00 is left to pay: online here, or to your driver on the day.');
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === `${PATH}/reactivate`)).toHaveLength(0);
    fireEvent.click(within(price).getByRole('button', { name: 'Confirm my new date' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'POST' && c.path === `${PATH}/reactivate`).map((c) => c.body),
      ).toEqual([{ date: '2026-12-03T06:00:00.000Z', expectedTotalPence: 22000 }]),
    );
    const outcome = await screen.findByTestId('outcome');
    await waitFor(() =>
      expect(outcome.textContent).toContain('Your move is booked again for Thursday 3 December 2026 at 06:00.'),
    );
    expect(outcome.textContent).toContain('The new price is £220.00 (it was £200.00).');
    expect(outcome.textContent).toContain('Balance to pay: £160.00.');
  });

  it('a new date within the driver’s notice says its price includes the short-notice fee', async () => {
    const frozen = myMoveView({
      state: 'frozen',
      statusText: 'Postponed',
      actions: {
        postpone: { allowed: false, reason: 'This booking is already postponed.' },
        reactivate: { allowed: true, latest: '2027-12-01T09:30:00.000Z' },
      },
    });
    fakeApi({
      [`GET ${PATH}`]: views(frozen),
      [`POST ${PATH}/reactivate/price`]: () => ({
        json: {
          date: '2026-12-03T06:00:00.000Z',
          totalPence: 22000,
          previousTotalPence: 20000,
          balancePence: 16000,
          refundPence: 0,
          shortNoticePence: 2000,
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByLabelText('New moving date'));
    fireEvent.click(screen.getByRole('button', { name: '3 December 2026' }));
    fireEvent.click(screen.getByRole('option', { name: '06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'See the price for this date' }));
    expect((await screen.findByTestId('new-date-short-notice')).textContent).toBe(
      "This includes a £20.00 short-notice fee: the new time starts within your driver's notice.",
    );
  });

  it('a refused new date shows the server message at the picker', async () => {
    const frozen = myMoveView({
      state: 'frozen',
      statusText: 'Postponed',
      actions: {
        postpone: { allowed: false, reason: 'This booking is already postponed.' },
        reactivate: { allowed: true, latest: '2027-12-01T09:30:00.000Z' },
      },
    });
    fakeApi({
      [`GET ${PATH}`]: views(frozen),
      [`POST ${PATH}/reactivate/price`]: () => ({
        status: 400,
        json: { message: 'Invalid request', errors: { date: 'Booking times are 06:00 to 21:00' } },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByLabelText('New moving date'));
    fireEvent.click(screen.getByRole('button', { name: '3 December 2026' }));
    fireEvent.click(screen.getByRole('option', { name: '06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'See the price for this date' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Booking times are 06:00 to 21:00');
  });

  it('says why an action is not offered', async () => {
    fakeApi({
      [`GET ${PATH}`]: views(
        myMoveView({
          actions: {
            postpone: { allowed: false, reason: 'A move can be postponed only with at least 24 hours’ notice.' },
            payBalance: false,
          },
        }),
      ),
    });
    renderPage();
    const reasons = await screen.findByRole('list', { name: 'Not available now' });
    expect(reasons.textContent).toContain('Postpone: A move can be postponed only with at least 24 hours’ notice.');
    expect(reasons.textContent).toContain(
      'Pay the balance: The balance of £140.00 is paid to your driver at the end of the job.',
    );
    expect(screen.queryByRole('button', { name: 'Postpone my move' })).toBeNull();
  });
});
