import { beforeAll, describe, expect, it } from 'vitest';
import {
  londonWeekOf,
  type BookingQuoteResponse,
  type BookingRecord,
  type EarningsStatement,
  type JobCandidate,
  type JobView,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { openDemoPortalAccounts } from '../support/portal-accounts.js';
import { driverAuth, staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';

const MOVE_DATE = daysAheadAtUtc(new Date(), 6, 10);
const WEEK = londonWeekOf(new Date(MOVE_DATE));

/**
 * Through the gateway of the embedded product: a job declined back to the office leaves its
 * driver's statement; staff reassign it to a dearer driver and agree to bear the difference; the
 * new driver's statement prices the job at the agreed price, the office paying the difference.
 */
describe('a reassignment whose difference the office bears', () => {
  const embedded = useEmbeddedProduct();
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });
  const asDriver = (id: string) => ({ headers: driverAuth(id, embedded.jwt()) });
  beforeAll(() => openDemoPortalAccounts(embedded.product()));
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await embedded.product().bus.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const statementOf = async (driverId: string) =>
    (
      await api<EarningsStatement>(
        'GET',
        `/api/earnings/admin/drivers/${encodeURIComponent(driverId)}?week=${WEEK}`,
        undefined,
        staff(),
      )
    ).body;

  it('the agreed price is the new driver’s earning; the driver who declined has the job no more', async () => {
    // The driver with the lowest own price (the quote's own driver is the cheapest in all, charges on
    // the day counted): nobody else then asks no more than the booked price.
    const priced = await api<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(MOVE_DATE, { email: 'bear@example.com' }),
    );
    expect(priced.status).toBe(200);
    const lowest = [...priced.body.offers].sort((a, b) => a.totalPrice - b.totalPrice || b.rating - a.rating)[0]!;
    const quote = quoteForOffer(priced.body, lowest);
    const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', { quote });
    expect(saved.status).toBe(201);
    const record = saved.body.data;
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    const view = (await api<MyMoveView>('GET', `/api${success.body.myMovePath}`)).body;
    const first = view.driver!.id;
    const bookingId = view.bookingId;
    expect((await statementOf(first)).lines.map((l) => l.bookingId)).toContain(bookingId);

    // The booked driver was the cheapest: a decline finds nobody at the booked price and goes to the office.
    expect((await api('POST', `/api/driver/me/jobs/${bookingId}/decline`, undefined, asDriver(first))).status).toBe(
      200,
    );
    await settle();
    const candidates = (
      await api<JobCandidate[]>('GET', `/api/drivers/admin/jobs/${bookingId}/candidates`, undefined, staff())
    ).body;
    const dearer = candidates.find((c) => c.overBookedPence > 0);
    expect(dearer, 'a driver dearer than the booked price').toBeTruthy();
    expect((await statementOf(first)).lines.map((l) => l.bookingId)).not.toContain(bookingId);

    const moved = await api<JobView>(
      'POST',
      `/api/drivers/admin/jobs/${bookingId}/reassign`,
      { driverId: dearer!.driverId, acceptDifference: true },
      staff(),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await settle();

    const line = (await statementOf(dearer!.driverId)).lines.find((l) => l.bookingId === bookingId)!;
    expect(line).toMatchObject({
      pricePence: dearer!.pricePence,
      officeBearsPence: dearer!.overBookedPence,
      payout: { status: 'waiting' },
    });
    // The customer still pays what they booked.
    expect((await api<MyMoveView>('GET', `/api${success.body.myMovePath}`)).body.money.totalPence).toBe(
      dearer!.bookedPence,
    );
    expect((await statementOf(first)).lines.map((l) => l.bookingId)).not.toContain(bookingId);
  });
});
