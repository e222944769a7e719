import { describe, expect, it } from 'vitest';
import {
  BOOKING_TIME_MESSAGES,
  TOPICS,
  type BookingCancelled,
  type BookingRecord,
  type BookingPostponed,
  type BookingReactivated,
  type BalancePaid,
  type MyMoveView,
  type PaymentSucceeded,
  type RefundIssued,
  type RefundRequested,
  REFUND_TERMS_CHANGED,
  NEEDS_DRIVER_STANDING,
  formatPence,
} from '@vanhop/contracts';
import { LinkSigner } from '@vanhop/platform';
import { MyMoveLinks } from '../src/domain/my-move-link.js';
import { DAY, HOUR, LINK_SECRET, MIN, MOVE_AT, MOVE_DATE, PAID_AT, useLifecycleServices } from './lifecycle-support.js';

describe('My move (booking service): the lifecycle terms at their boundaries', () => {
  const { clock, links, api, bookings, stored, settle, of, bookAndPay, pay, refundIssued, jobReturned } =
    useLifecycleServices();

  it('the link is the credential: forged, expired, deleted and unknown all answer 404 alike', async () => {
    const b = await bookAndPay();
    const ok = await api<MyMoveView>('GET', b.path);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ bookingId: b.id, state: 'active', statusText: '30 % deposit paid' });
    // The driver's name only: their contact details are not the customer's to see.
    const { id, name } = (await stored(b.id)).driver!;
    expect(ok.body.driver).toEqual({ id, name });
    expect(ok.body.money).toEqual({
      totalPence: b.totalPence,
      paidPence: b.paidPence,
      refundedPence: 0,
      refundPendingPence: 0,
      balancePence: b.totalPence - b.paidPence,
    });
    expect(ok.body.history.map((h) => h.kind)).toEqual(['saved', 'paid']);
    expect(ok.body.receipts).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amountPence: b.paidPence,
        description: '30 % deposit',
        // A digest, not the Checkout Session id the payment was taken on (that is the success page's credential).
        providerRef: expect.stringMatching(/^VH-[0-9A-F]{16}$/),
      }),
    ]);

    const token = b.path.split('/').pop()!;
    const otherSecret = new MyMoveLinks(new LinkSigner(`${LINK_SECRET}-not-ours`, 'my-move')).pathFor({
      _id: b.id,
      moveDate: MOVE_DATE,
      savedAt: MOVE_DATE,
    });
    const expired = new LinkSigner(LINK_SECRET, 'my-move').sign({ subject: b.id, expiresAt: new Date(PAID_AT - 1000) });
    const unknown = links.pathFor({ _id: 'no-such-booking', moveDate: MOVE_DATE, savedAt: MOVE_DATE });
    for (const bad of [
      otherSecret,
      `/mymove/${expired}`,
      unknown,
      `/mymove/${token}A`,
      '/mymove/%7B%7D',
      `/mymove/${'x'.repeat(600)}`,
    ]) {
      const res = await api('GET', `/api${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.body.message).toBe('This link is not valid or has expired.');
    }
    // A link stays valid long after the move (receipts), and not forever.
    clock.set(MOVE_AT + 300 * DAY);
    expect((await api('GET', b.path)).status).toBe(200);
    clock.set(MOVE_AT + 400 * DAY);
    expect((await api('GET', b.path)).status).toBe(404);
    clock.set(PAID_AT);
    await bookings().updateOne({ _id: b.id }, { $set: { deletedAt: '2026-01-15T09:00:00.000Z' } });
    expect((await api('GET', b.path)).status).toBe(404);
  });

  it('cancel 59 minutes after paying: free, everything paid refunded (RefundRequested), in one write with BookingCancelled', async () => {
    const b = await bookAndPay(50);
    clock.set(PAID_AT + 59 * MIN);
    const view = await api<MyMoveView>('GET', b.path);
    expect(view.body.actions.cancel).toMatchObject({ allowed: true, refundPence: b.paidPence });
    expect(view.body.actions.cancel.terms).toMatch(/cooling-off period: cancelling is free/);

    expect((await api('POST', `${b.path}/cancel`, { confirm: false })).status).toBe(400);
    const res = await api<MyMoveView>('POST', `${b.path}/cancel`, { confirm: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'cancelled',
      statusText: 'Cancelled',
      money: { refundPendingPence: b.paidPence, balancePence: 0 },
    });
    expect(res.body.actions).toMatchObject({
      payBalance: false,
      cancel: { allowed: false },
      postpone: { allowed: false },
      reactivate: { allowed: false },
    });
    await settle();
    expect(of<BookingCancelled>(TOPICS.bookingCancelled)).toEqual([
      expect.objectContaining({ bookingId: b.id, refundPence: b.paidPence, withinCoolingOff: true }),
    ]);
    // The same link in every event, whatever the clock says: it follows from the record alone.
    expect(of<BookingCancelled>(TOPICS.bookingCancelled)[0]!.myMovePath).toBe(b.path.replace(/^\/api/, ''));
    const refund = of<RefundRequested>(TOPICS.refundRequested)[0]!;
    expect(refund).toMatchObject({
      bookingId: b.id,
      amountPence: b.paidPence,
      reason: 'cooling-off-cancellation',
      customer: { email: 'alice@example.com' },
    });
    expect(refund.myMovePath).toMatch(/^\/mymove\//);
    const record = await stored(b.id);
    expect(record).toMatchObject({
      state: 'cancelled',
      OutstandingBalance: 0,
      amountRefundedPence: 0,
      pendingRefunds: [expect.objectContaining({ refundId: refund.refundId })],
    });
    expect(record.outbox).toEqual([]);

    // RefundIssued (twice: a redelivery) → the refund recorded once, with its receipt.
    const issued: RefundIssued = {
      refundId: refund.refundId,
      bookingId: b.id,
      randomNumber: b.code,
      amountPence: b.paidPence,
      reason: 'cooling-off-cancellation',
      provider: 'local',
      providerRefs: ['re_local_1'],
      customer: refund.customer,
      myMovePath: refund.myMovePath,
      issuedAt: new Date(PAID_AT + 60 * MIN).toISOString(),
    };
    await refundIssued(issued);
    await refundIssued(issued);
    const after = (await api<MyMoveView>('GET', b.path)).body;
    expect(after.money).toMatchObject({ paidPence: b.paidPence, refundedPence: b.paidPence, refundPendingPence: 0 });
    const refundReceipts = after.receipts.filter((r) => r.kind === 'refund');
    expect(refundReceipts).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^refund-[0-9a-f]{16}$/),
        amountPence: b.paidPence,
        providerRef: expect.stringMatching(/^VH-[0-9A-F]{16}$/),
      }),
    ]);
    // The provider's references (a Checkout Session id is the success page's credential) are never on
    // the page or its printable receipts, nor in a receipt's address.
    const page = JSON.stringify(after);
    expect(page).not.toContain(`cs_local_${b.code}`);
    expect(page).not.toContain('re_local_1');
    expect(page).not.toContain(refund.refundId);
    expect(after.history.map((h) => h.kind)).toEqual(['saved', 'paid', 'cancelled', 'refunded']);
    const receipt = await api('GET', `${b.path}/receipts/${refundReceipts[0]!.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      receipt: { kind: 'refund', amountPence: b.paidPence },
      randomNumber: b.code,
      customer: { name: 'Alice Mover' },
    });
    expect(JSON.stringify(receipt.body)).not.toContain('re_local_1');
    const depositReceipt = after.receipts.find((r) => r.kind === 'payment')!;
    expect((await api('GET', `${b.path}/receipts/${depositReceipt.id}`)).body).toMatchObject({
      receipt: { kind: 'payment', providerRef: depositReceipt.providerRef },
    });
    // The stored ids, which carry the provider's references, no longer open a receipt.
    expect((await api('GET', `${b.path}/receipts/refund-${refund.refundId}`)).status).toBe(404);
    expect((await api('GET', `${b.path}/receipts/pay-cs_local_${b.code}`)).status).toBe(404);
    expect((await api('GET', `${b.path}/receipts/refund-nope`)).status).toBe(404);
  });

  it('cancel 61 minutes after paying: allowed, nothing refunded, no RefundRequested', async () => {
    const b = await bookAndPay(30);
    clock.set(PAID_AT + 61 * MIN);
    const terms = (await api<MyMoveView>('GET', b.path)).body.actions.cancel;
    expect(terms).toMatchObject({ allowed: true, refundPence: 0 });
    expect(terms.terms).toMatch(
      /cooling-off period has ended: under our cancellation policy no money paid is refunded/,
    );
    // Confirmed while the page still promised the full refund: refused, nothing cancelled.
    const stale = await api('POST', `${b.path}/cancel`, { confirm: true, expectedRefundPence: b.paidPence });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(REFUND_TERMS_CHANGED);
    expect((await api<MyMoveView>('GET', b.path)).body.state).toBe('active');
    const res = await api<MyMoveView>('POST', `${b.path}/cancel`, { confirm: true, expectedRefundPence: 0 });
    expect(res.status).toBe(200);
    expect(res.body.history.at(-1)?.text).toBe('Cancelled: under the cancellation policy nothing paid is refunded');
    await settle();
    expect(of<BookingCancelled>(TOPICS.bookingCancelled)).toEqual([
      expect.objectContaining({ refundPence: 0, withinCoolingOff: false }),
    ]);
    expect(of(TOPICS.refundRequested)).toEqual([]);
    expect((await stored(b.id)).pendingRefunds).toBeUndefined();
  });

  it('23 vs 25 hours before the move: the terms say no refund either way; postponing needs the 24 hours', async () => {
    const early = await bookAndPay(30);
    const late = await bookAndPay(30);
    clock.set(MOVE_AT - 25 * HOUR);
    const at25 = (await api<MyMoveView>('GET', early.path)).body.actions;
    expect(at25.cancel).toMatchObject({ allowed: true, refundPence: 0 });
    expect(at25.cancel.terms).toMatch(/You can postpone the move instead/);
    expect(at25.postpone).toEqual({ allowed: true });

    clock.set(MOVE_AT - 23 * HOUR);
    const at23 = (await api<MyMoveView>('GET', late.path)).body.actions;
    expect(at23.cancel).toMatchObject({ allowed: true, refundPence: 0 });
    expect(at23.cancel.terms).toMatch(/less than 24 hours away: under our terms a cancellation now gives no refund/);
    expect(at23.postpone).toMatchObject({
      allowed: false,
      reason: 'A move can be postponed only with at least 24 hours’ notice.',
    });
    const refused = await api('POST', `${late.path}/postpone`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A move can be postponed only with at least 24 hours’ notice.');
    expect((await stored(late.id)).state).toBe('active');

    clock.set(MOVE_AT - 25 * HOUR);
    const postponed = await api<MyMoveView>('POST', `${early.path}/postpone`);
    expect(postponed.status).toBe(200);
    expect(postponed.body).toMatchObject({
      state: 'frozen',
      statusText: 'Postponed',
      actions: { payBalance: false, postpone: { allowed: false } },
    });
    await settle();
    const [event] = of<BookingPostponed>(TOPICS.bookingPostponed);
    expect(event).toMatchObject({
      bookingId: early.id,
      frozenAt: new Date(MOVE_AT - 25 * HOUR).toISOString(),
      useBy: new Date(MOVE_AT - 25 * HOUR + 365 * DAY).toISOString(),
    });
    expect((await api('POST', `${early.path}/postpone`)).status).toBe(409);
    expect((await api('POST', `${early.path}/pay-balance`)).status).toBe(409);
    expect(of(TOPICS.bookingPostponed)).toHaveLength(1);
  });

  it('A booking no driver could be found for may be cancelled for a full refund after the cooling-off, or postponed inside 24 hours', async () => {
    const b = await bookAndPay(30);
    const record = await stored(b.id);
    const lost = {
      bookingId: b.id,
      randomNumber: b.code,
      driver: { id: record.driver!.id, name: record.driver!.name, email: 'driver@example.com' },
      move: {
        date: MOVE_DATE,
        addresses: [],
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        description: '',
      },
    };
    clock.set(MOVE_AT - 23 * HOUR);
    // Before: past the cooling-off and inside a day, nothing back and no postponing.
    const before = (await api<MyMoveView>('GET', b.path)).body;
    expect(before.actions.cancel.refundPence).toBe(0);
    expect(before.actions.postpone.allowed).toBe(false);

    // Retrieving by code before: the booked driver is named.
    const retrieved = async () =>
      (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${b.code}`)).body[0]!;
    expect((await retrieved()).quote.driverName).toBe(record.driver!.name);

    await jobReturned({ ...lost, because: 'declined', at: clock.now().toISOString() });
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view.driverStandingText).toBe(NEEDS_DRIVER_STANDING);
    expect(view.driver).toBeNull();
    // Retrieving by code names no driver who declined: it says one is being found.
    const after = await retrieved();
    expect(after.quote.driverName).toBe('');
    expect(after.findingDriver).toBe(true);
    expect(view.actions.cancel).toMatchObject({ allowed: true, refundPence: b.paidPence });
    expect(view.actions.cancel.terms).toBe(
      `We have not found a driver for your move yet, so cancelling now is free: everything you paid (${formatPence(b.paidPence)}) is refunded to your card.`,
    );
    expect(view.actions.postpone).toEqual({ allowed: true });

    const cancelled = await api<MyMoveView>('POST', `${b.path}/cancel`, {
      confirm: true,
      expectedRefundPence: b.paidPence,
    });
    expect(cancelled.status).toBe(200);
    await settle();
    expect(of<RefundRequested>(TOPICS.refundRequested)).toEqual([
      expect.objectContaining({ bookingId: b.id, amountPence: b.paidPence }),
    ]);
  });

  it('a replayed cancel answers 409 and changes nothing; concurrent cancels apply once', async () => {
    const b = await bookAndPay(30);
    clock.set(PAID_AT + 10 * MIN);
    const results = await Promise.all([1, 2, 3, 4].map(() => api('POST', `${b.path}/cancel`, { confirm: true })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const again = await api('POST', `${b.path}/cancel`, { confirm: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is already cancelled.');
    await settle();
    expect(of(TOPICS.bookingCancelled)).toHaveLength(1);
    expect(of(TOPICS.refundRequested)).toHaveLength(1);
    const record = await stored(b.id);
    expect(record.pendingRefunds).toHaveLength(1);
    expect(record.history!.filter((h) => h.kind === 'cancelled')).toHaveLength(1);
  });

  it('reactivate within 12 months of postponing: a new allowed date, re-priced by the quote service; a dearer move leaves a balance', async () => {
    const b = await bookAndPay(30);
    const frozenAt = MOVE_AT - 3 * DAY;
    clock.set(frozenAt);
    expect((await api('POST', `${b.path}/postpone`)).status).toBe(200);
    const latest = frozenAt + 365 * DAY;

    clock.set(frozenAt + 364 * DAY);
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view.actions.reactivate).toEqual({ allowed: true, latest: new Date(latest).toISOString() });
    // The booking-time rules (lead time, hours, steps) and the 12 months, before anything is priced.
    const now = clock.now();
    expect(now.toISOString()).toBe('2027-01-16T10:00:00.000Z');
    for (const [date, message] of [
      [new Date(now.getTime() + HOUR).toISOString(), BOOKING_TIME_MESSAGES.tooSoon],
      ['2027-01-16T22:00:00.000Z', BOOKING_TIME_MESSAGES.hours],
      ['2027-01-16T14:10:00.000Z', BOOKING_TIME_MESSAGES.step],
      ['2027-01-18T10:00:00.000Z', /within 12 months: choose a date by 17 January 2027/],
      ['not a date', 'Moving date must be a valid date'],
    ] as const) {
      const res = await api('POST', `${b.path}/reactivate`, { date });
      expect(res.status, date).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await stored(b.id)).state).toBe('frozen');

    // 19:00 London carries the out-of-hours surcharge: the same move with the same driver costs more than at 10:00.
    const driverId = (await stored(b.id)).driver!.id;
    const newDate = '2027-01-16T19:00:00.000Z';
    const res = await api<MyMoveView>('POST', `${b.path}/reactivate`, { date: newDate });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newTotal = res.body.money.totalPence;
    expect(newTotal).toBeGreaterThan(b.totalPence);
    expect(res.body).toMatchObject({ state: 'active', statusText: '30 % deposit paid', move: { date: newDate } });
    expect(res.body.money).toMatchObject({
      paidPence: b.paidPence,
      balancePence: newTotal - b.paidPence,
      refundPendingPence: 0,
    });
    expect(res.body.history.slice(-2).map((h) => h.kind)).toEqual(['reactivated', 'repriced']);
    await settle();
    expect(of<BookingReactivated>(TOPICS.bookingReactivated)).toEqual([
      expect.objectContaining({
        previousDate: MOVE_DATE,
        previousTotalPricePence: b.totalPence,
        totalPricePence: newTotal,
        balancePence: newTotal - b.paidPence,
        refundPence: 0,
      }),
    ]);
    expect(of(TOPICS.refundRequested)).toEqual([]);
    const record = await stored(b.id);
    expect(record).toMatchObject({
      frozenAt: null,
      OutstandingBalance: (newTotal - b.paidPence) / 100,
      request: { date: newDate, driverId },
      driver: { id: driverId },
    });
    // The link in the new event covers the new date.
    const path2 = `/api${of<BookingReactivated>(TOPICS.bookingReactivated)[0]!.myMovePath}`;
    clock.set(Date.parse(newDate) + 300 * DAY);
    expect((await api('GET', path2)).status).toBe(200);
    // ...where the link sent before it, made for the old date, has run out by then.
    expect((await api('GET', b.path)).status).toBe(404);
    expect((await api('POST', `${path2}/reactivate`, { date: newDate })).status).toBe(409);
  });

  it('a cheaper new date refunds the difference of what was paid (RefundRequested, reason reprice)', async () => {
    const b = await bookAndPay(100, '2026-01-20T19:00:00.000Z');
    const frozenAt = PAID_AT + 2 * HOUR;
    clock.set(frozenAt);
    expect((await api('POST', `${b.path}/postpone`)).status).toBe(200);
    const res = await api<MyMoveView>('POST', `${b.path}/reactivate`, { date: '2026-02-10T10:00:00.000Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const difference = b.totalPence - res.body.money.totalPence;
    expect(difference).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      paymentStatus: 'paid',
      statusText: 'Paid in full',
      money: { refundPendingPence: difference, balancePence: 0 },
    });
    await settle();
    expect(of<RefundRequested>(TOPICS.refundRequested)).toEqual([
      expect.objectContaining({ bookingId: b.id, amountPence: difference, reason: 'reprice' }),
    ]);
    expect(of<BookingReactivated>(TOPICS.bookingReactivated)[0]).toMatchObject({
      refundPence: difference,
      balancePence: 0,
    });
  });

  it('12 months and a day after postponing the booking has lapsed', async () => {
    const b = await bookAndPay(30);
    clock.set(PAID_AT + 2 * HOUR);
    expect((await api('POST', `${b.path}/postpone`)).status).toBe(200);
    clock.set(PAID_AT + 2 * HOUR + 366 * DAY);
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view.actions.reactivate).toMatchObject({
      allowed: false,
      reason: 'This postponed booking was not used within 12 months and has lapsed.',
    });
    const res = await api('POST', `${b.path}/reactivate`, { date: new Date(PAID_AT + 370 * DAY).toISOString() });
    expect(res.status).toBe(409);
    expect(of(TOPICS.bookingReactivated)).toEqual([]);
  });

  it('a balance PaymentSucceeded applies once: replays change nothing, a second balance payment is refunded', async () => {
    const b = await bookAndPay(30);
    const balance = b.totalPence - b.paidPence;
    const payment: PaymentSucceeded = {
      bookingId: b.id,
      randomNumber: b.code,
      percentage: 100,
      amountPence: balance,
      currency: 'gbp',
      provider: 'local',
      providerRef: 'cs_local_balance_1',
      kind: 'balance',
    };
    await Promise.all([
      pay(payment, 'ev-balance-1'),
      pay(payment, 'ev-balance-1-again'),
      pay(payment, 'ev-balance-1-third'),
    ]);
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view).toMatchObject({
      paymentStatus: 'paid',
      statusText: 'Paid in full',
      money: { paidPence: b.totalPence, balancePence: 0 },
      actions: { payBalance: false },
    });
    expect(view.receipts.map((r) => r.description)).toEqual(['30 % deposit', 'Balance']);
    expect(of<BalancePaid>(TOPICS.balancePaid)).toEqual([
      expect.objectContaining({ bookingId: b.id, amountPence: balance, providerRef: 'cs_local_balance_1' }),
    ]);
    expect((await stored(b.id)).OutstandingBalance).toBe(0);
    expect((await api('POST', `${b.path}/pay-balance`)).status).toBe(409);

    // Paid again in another tab: the money is kept track of and given back.
    await pay({ ...payment, providerRef: 'cs_local_balance_2' }, 'ev-balance-2');
    expect(of<BalancePaid>(TOPICS.balancePaid)).toHaveLength(1);
    expect(of<RefundRequested>(TOPICS.refundRequested)).toEqual([
      expect.objectContaining({ amountPence: balance, reason: 'overpayment', paymentRef: 'cs_local_balance_2' }),
    ]);
  });

  it('records from before the lifecycle fields read as active with their payment, and can be cancelled', async () => {
    const b = await bookAndPay(30);
    await bookings().updateOne(
      { _id: b.id },
      {
        $unset: {
          state: true,
          amountPaidPence: true,
          amountRefundedPence: true,
          history: true,
          receipts: true,
          cancelledAt: true,
          frozenAt: true,
        },
      },
    );
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view).toMatchObject({ state: 'active', money: { paidPence: b.paidPence, refundedPence: 0 } });
    expect(view.history.map((h) => h.kind)).toEqual(['saved', 'paid']);
    expect(view.receipts).toHaveLength(1);
    clock.set(PAID_AT + 30 * MIN);
    const res = await api<MyMoveView>('POST', `${b.path}/cancel`, { confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.history.map((h) => h.kind)).toEqual(['saved', 'paid', 'cancelled']);
    expect(res.body.receipts).toHaveLength(1);
  });
});
