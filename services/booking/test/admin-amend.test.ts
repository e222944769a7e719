import { describe, expect, it } from 'vitest';
import {
  formatPence,
  BOOKING_TIME_MESSAGES,
  MSG,
  NOTHING_TO_AMEND,
  REFUND_DESCRIPTIONS,
  TOPICS,
  type BookingAmended,
  type BookingAmendment,
  type BookingRecord,
  type MyMoveView,
  type RefundRequested,
} from '@vanhop/contracts';
import type { AddressInput } from '../../../test/support/booking-fixtures.js';
import { staffAuth } from '../../../test/support/staff.js';
import type { ApiOptions } from '../../../test/support/gateway-api.js';
import { AmendBooking, NOTHING_CHANGES } from '../src/app/amend-booking.js';
import { BookingLifecycleWriter } from '../src/app/booking-lifecycle-writer.js';
import type { QuotePricer } from '../src/domain/ports.js';
import { HttpQuotePricer } from '../src/adapters/quote-client.js';
import { DAY, HOUR, MIN, MOVE_AT, MOVE_DATE, PAID_AT, useLifecycleServices, type Booked } from './lifecycle-support.js';

/** The updated admin record, or the error body (message, errors) when refused. */
type Amended = BookingRecord & {
  state: string;
  refundPendingPence: number;
  amendment: BookingAmendment;
  message?: string;
  errors?: Record<string, string>;
};

const addresses = (...stops: [string, string, number][]): AddressInput[] =>
  stops.map(([location, physicalAddress, stair], i) => ({ id: `s${i}`, location, physicalAddress, stair }));
const PICKUP: [string, string, number] = ['London NW2, UK', '12 Example Road', 1];
const DELIVERY: [string, string, number] = ['Cricklewood, UK', '3 Other Street', 0];

describe('POST /api/backdata/amend/:id: staff amend a booked move', () => {
  const s = useLifecycleServices();
  const { clock, api, stored, settle, of, bookAndPay } = s;
  /** A staff token issued on the service's clock, which the tests move. */
  const staff = (username = 'Sam_Admin'): ApiOptions => ({ headers: staffAuth(username, { clock }) });
  const amend = (b: Pick<Booked, 'id'>, body: unknown, options: ApiOptions = staff()) =>
    api<Amended>('POST', `/api/backdata/amend/${b.id}`, body, options);

  it('more hours on another date: re-priced with the same driver, the balance grows; one write with BookingAmended and the history line', async () => {
    const b = await bookAndPay(30);
    const before = await stored(b.id);
    clock.set(PAID_AT + 2 * HOUR);
    // 19:00 London also carries the out-of-hours surcharge.
    const newDate = '2026-01-21T19:00:00.000Z';
    const res = await amend(b, { hour: '05hr:00Min', date: newDate });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { amendment } = res.body;
    expect(amendment).toMatchObject({
      changed: ['date', 'hours'],
      previousTotalPence: b.totalPence,
      refundPence: 0,
      amendedBy: 'Sam_Admin',
    });
    expect(amendment.totalPence).toBeGreaterThan(b.totalPence);
    expect(amendment.balancePence).toBe(amendment.totalPence - b.paidPence);
    // The answer is the admin record, updated.
    expect(res.body).toMatchObject({
      _id: b.id,
      paymentStatus: '30percentage',
      state: 'active',
      OutstandingBalance: amendment.balancePence / 100,
    });
    expect(res.body.quote).toMatchObject({
      date: newDate,
      totalHour: 5,
      totalPrice: amendment.totalPence / 100,
      driverId: before.driver!.id,
    });
    expect(res.body).not.toHaveProperty('outbox');
    expect(res.body).not.toHaveProperty('request');

    // Quote consumes BookingAmended too (the driver's slots follow the move), so the relay waits for it.
    await settle();
    const record = await stored(b.id);
    expect(record.request).toMatchObject({ date: newDate, hour: 5, driverId: before.driver!.id });
    expect(record.outbox).toEqual([]);
    const line = record.history!.at(-1)!;
    expect(line).toMatchObject({ kind: 'amended', amountPence: amendment.totalPence });
    expect(line.text).toBe(
      `Amended by VanHop: date Tue, 20 Jan 2026, 10:00 → Wed, 21 Jan 2026, 19:00; hours 3 h → 5 h; ` +
        `price ${formatPence(b.totalPence)} → ${formatPence(amendment.totalPence)}: ${formatPence(amendment.balancePence)} left to pay`,
    );

    await settle();
    const [event] = of<BookingAmended>(TOPICS.bookingAmended);
    expect(of(TOPICS.bookingAmended)).toHaveLength(1);
    expect(event).toMatchObject({
      bookingId: b.id,
      changed: ['date', 'hours'],
      move: { date: newDate, totalHour: 5 },
      previousMove: { date: MOVE_DATE, totalHour: 3 },
      totalPricePence: amendment.totalPence,
      previousTotalPricePence: b.totalPence,
      balancePence: amendment.balancePence,
      refundPence: 0,
      amendedBy: 'Sam_Admin',
      driver: { id: before.driver!.id },
    });
    expect(event!.myMovePath).toMatch(/^\/mymove\//);
    expect(of(TOPICS.refundRequested)).toEqual([]);

    // The customer sees the new move, the balance to pay online and the line, through the link of the e-mail.
    const view = (await api<MyMoveView>('GET', `/api${event!.myMovePath}`)).body;
    expect(view.move).toMatchObject({ date: newDate, totalHour: 5 });
    expect(view.money).toMatchObject({
      totalPence: amendment.totalPence,
      paidPence: b.paidPence,
      balancePence: amendment.balancePence,
    });
    expect(view.actions.payBalance).toBe(true);
    expect(view.history.at(-1)?.text).toBe(line.text);
  });

  it('a via stop and more stairs on a booking paid in full: a balance again, and the status says so', async () => {
    const b = await bookAndPay(100);
    const res = await amend(b, {
      addresses: addresses(['London NW2, UK', '12 Example Road', 3], ['London NW2, UK', '40 Via Road', 2], DELIVERY),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.amendment.changed).toEqual(['stops']);
    // £20 for the via stop at least, and stair flights are charged per hour.
    expect(res.body.amendment.totalPence - b.totalPence).toBeGreaterThan(2000);
    expect(res.body).toMatchObject({
      paymentStatus: 'paid',
      quote: { pickupStair: 3, viaStopStair: [2], deliveryStair: 0 },
    });
    expect(res.body.quote.totalAddress.map((a) => a.physicalAddress)).toEqual([
      '12 Example Road',
      '40 Via Road',
      '3 Other Street',
    ]);
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view).toMatchObject({
      statusText: 'Paid, balance due after a price change',
      money: { balancePence: res.body.amendment.totalPence - b.totalPence },
    });
    expect(view.history.at(-1)?.text).toContain(
      'stops 12 Example Road, London NW2, UK / 3 Other Street, Cricklewood, UK → 12 Example Road, London NW2, UK / 40 Via Road, London NW2, UK / 3 Other Street, Cricklewood, UK',
    );

    // Removing the stop again (the list without it) takes the price back down: what was paid covers it again.
    const back = await amend(b, { addresses: addresses(PICKUP, DELIVERY) });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.amendment).toMatchObject({ totalPence: b.totalPence, balancePence: 0, refundPence: 0 });
    expect(back.body.OutstandingBalance).toBe(0);
  });

  it('fewer hours: exactly one RefundRequested (reason reprice) for the difference, confirmed later by RefundIssued', async () => {
    const b = await bookAndPay(100, MOVE_DATE, { hour: 5 });
    const res = await amend(b, { hour: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const difference = b.totalPence - res.body.amendment.totalPence;
    expect(difference).toBeGreaterThan(0);
    expect(res.body.amendment).toMatchObject({ changed: ['hours'], refundPence: difference, balancePence: 0 });
    expect(res.body).toMatchObject({ paymentStatus: 'paid', OutstandingBalance: 0, refundPendingPence: difference });
    await settle();
    const refunds = of<RefundRequested>(TOPICS.refundRequested);
    expect(refunds).toEqual([expect.objectContaining({ bookingId: b.id, amountPence: difference, reason: 'reprice' })]);
    expect(of<BookingAmended>(TOPICS.bookingAmended)[0]).toMatchObject({ refundPence: difference, balancePence: 0 });
    expect((await stored(b.id)).history!.at(-1)?.text).toMatch(
      new RegExp(`: ${formatPence(difference)} will be refunded to your card$`),
    );

    await s.refundIssued({
      refundId: refunds[0]!.refundId,
      bookingId: b.id,
      randomNumber: b.code,
      amountPence: difference,
      reason: 'reprice',
      provider: 'local',
      providerRefs: ['re_local_amend'],
      customer: refunds[0]!.customer,
      myMovePath: refunds[0]!.myMovePath,
      issuedAt: clock.now().toISOString(),
    });
    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view.money).toMatchObject({ refundedPence: difference, refundPendingPence: 0, balancePence: 0 });
    expect(view.receipts.at(-1)).toMatchObject({
      kind: 'refund',
      amountPence: difference,
      description: REFUND_DESCRIPTIONS.reprice,
    });
  });

  it('a replayed or concurrent amendment applies once', async () => {
    const b = await bookAndPay(30);
    const body = { hour: 4 };
    const results = await Promise.all([1, 2, 3, 4].map(() => amend(b, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const again = await amend(b, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOTHING_CHANGES);
    await settle();
    expect(of(TOPICS.bookingAmended)).toHaveLength(1);
    const record = await stored(b.id);
    expect(record.history!.filter((h) => h.kind === 'amended')).toHaveLength(1);
    expect(record.quote.totalHour).toBe(4);
  });

  it('of two different amendments decided on the same record, the second is refused even when the price does not move', async () => {
    const b = await bookAndPay(30);
    const lifecycle = new BookingLifecycleWriter(s.repository(), s.links, clock);
    const http = new HttpQuotePricer(s.quoteUrl(), 5000);
    // The first amendment is held at pricing until the second one has been written.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const slow: QuotePricer = {
      price: async (req, driverId) => {
        await held;
        return http.price(req, driverId);
      },
    };
    const first = new AmendBooking(lifecycle, slow).execute(
      b.id,
      { addresses: addresses(PICKUP, ['Cricklewood, UK', '3 Other Street, Flat A', 0]) },
      'Sam_Admin',
    );
    const outcome = first.then(
      () => 'applied',
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 20));
    await new AmendBooking(lifecycle, http).execute(
      b.id,
      { addresses: addresses(PICKUP, ['Cricklewood, UK', '3 Other Street, Flat B', 0]) },
      'Jo_Admin',
    );
    release();
    expect(await outcome).toBe('This booking changed meanwhile: please reload it and try again.');
    const record = await stored(b.id);
    expect(record.quote.totalAddress.at(-1)?.physicalAddress).toBe('3 Other Street, Flat B');
    expect(record.history!.filter((h) => h.kind === 'amended')).toHaveLength(1);
    expect(record.quote.totalPrice * 100).toBe(b.totalPence);
  });

  it('409 with the reason for a cancelled, postponed or unpaid booking, a past move and one less than 2 hours away; nothing is written', async () => {
    const cancelled = await bookAndPay(30);
    clock.set(PAID_AT + 10 * MIN);
    expect((await api('POST', `${cancelled.path}/cancel`, { confirm: true })).status).toBe(200);
    const postponed = await bookAndPay(30);
    clock.set(PAID_AT + 2 * HOUR);
    expect((await api('POST', `${postponed.path}/postpone`)).status).toBe(200);
    const unpaid = (
      await api<{ data: { _id: string } }>('POST', '/api/saveRetrieve', { quote: (await stored(cancelled.id)).quote })
    ).body.data;
    const active = await bookAndPay(30);
    await settle();
    const eventsBefore = of(TOPICS.bookingAmended).length + of(TOPICS.refundRequested).length;

    const refused = async (b: { id: string }, message: string) => {
      const before = await stored(b.id);
      const res = await amend(b, { hour: 6 });
      expect(res.status, message).toBe(409);
      expect(res.body.message).toBe(message);
      expect(await stored(b.id)).toEqual(before);
    };
    await refused(cancelled, 'This booking is cancelled: it cannot be amended.');
    await refused(postponed, 'This booking is postponed: the customer gives it a new date on My move first.');
    await refused({ id: unpaid._id }, 'Only a paid booking can be amended: this quote is not booked yet.');
    clock.set(MOVE_AT - 2 * HOUR + MIN);
    await refused(active, 'This move starts in less than 2 hours: changes are agreed with the driver on the day.');
    clock.set(MOVE_AT);
    await refused(active, 'This move has already started or taken place: it can no longer be amended.');
    clock.set(MOVE_AT + DAY);
    await refused(active, 'This move has already started or taken place: it can no longer be amended.');
    await settle();
    expect(of(TOPICS.bookingAmended).length + of(TOPICS.refundRequested).length).toBe(eventsBefore);
  });

  it('401 without a valid staff token, 404 for an unknown record, 400 for a malformed id', async () => {
    const b = await bookAndPay(30);
    const before = await stored(b.id);
    const refusedOptions: ApiOptions[] = [
      {},
      { headers: { 'x-admin-username': 'Sam_Admin' } },
      { headers: { authorization: 'Bearer not.a.token' } },
    ];
    for (const options of refusedOptions) {
      const res = await amend(b, { hour: 6 }, options);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Unauthorized: please log in again');
    }
    expect(await stored(b.id)).toEqual(before);
    const unknown = await amend({ id: '0b7f6c1e-2a4d-4c55-9a1e-6f3b2d1c0e99' }, { hour: 6 });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No booking record with that id' } });
    const malformed = await amend({ id: 'not-a-uuid' }, { hour: 6 });
    expect(malformed).toMatchObject({ status: 400, body: { errors: { id: 'Invalid booking id' } } });
  });

  it('400 naming the field for every amendment the booking rules refuse, before anything is priced or written', async () => {
    const b = await bookAndPay(30);
    const before = await stored(b.id);
    const tooSoon = new Date(PAID_AT + HOUR).toISOString();
    const cases: [unknown, string, string | RegExp][] = [
      [{}, '_', NOTHING_TO_AMEND],
      [{ hour: '', date: null }, '_', NOTHING_TO_AMEND],
      [{ hour: '03hr:15Min' }, 'hour', MSG.booking.hourRequired],
      [{ hour: 21 }, 'hour', MSG.booking.hourRequired],
      [{ hour: { $gt: 0 } }, 'hour', /hour must be a number/],
      [{ date: 'not a date' }, 'date', 'Moving date must be a valid date'],
      [{ date: '2026-01-21T22:00:00.000Z' }, 'date', BOOKING_TIME_MESSAGES.hours],
      [{ date: '2026-01-21T14:10:00.000Z' }, 'date', BOOKING_TIME_MESSAGES.step],
      [{ date: tooSoon }, 'date', BOOKING_TIME_MESSAGES.tooSoon],
      [{ addresses: addresses(PICKUP) }, 'addresses', 'At least 2 addresses are required'],
      [
        { addresses: Array.from({ length: 13 }, () => PICKUP).map((p, i) => ({ ...addresses(p)[0], id: `x${i}` })) },
        'addresses',
        'At most 12 addresses',
      ],
      [
        { addresses: addresses(PICKUP, ['Cricklewood, UK', '3 Other Street', 9]) },
        'addresses[1].stair',
        'Stair must be 0 to 8 flights',
      ],
      [
        { addresses: addresses(PICKUP, ['Cricklewood, UK', '', 0]) },
        'addresses[1].physicalAddress',
        MSG.booking.deliveryAddressRequired,
      ],
      [
        { addresses: [{ ...addresses(PICKUP)[0], location: '' }, addresses(DELIVERY)[0]] },
        'addresses[0].location',
        'Address location is required',
      ],
      [
        { addresses: addresses(PICKUP, ['Nowhere Special, Atlantis', '3 Other Street', 0]) },
        'addresses[1].location',
        MSG.home.selectFromList,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await amend(b, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toMatch(message);
    }
    expect(await stored(b.id)).toEqual(before);
    await settle();
    expect(of(TOPICS.bookingAmended)).toEqual([]);
  });
});
