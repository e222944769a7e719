import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_CHOICE_MSG,
  driverChosenText,
  poundsToPence,
  type BookingQuoteResponse,
  type FreeDriversView,
  type JobCandidate,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { openDemoPortalAccounts } from '../support/portal-accounts.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';
import { devOutbox } from '../support/dev-outbox.js';

/**
 * After a change of driver the customer chooses another free driver on My move, through the gateway
 * of the embedded product: each driver at what the customer would pay (never more than the booking)
 * with their charges on the day; only through the booking's own link, while the change is open; a
 * driver who got busy since the list was read is refused; the chosen driver is offered the job.
 */
const NOW = new Date();

describe('the customer chooses another driver after a change', () => {
  const embedded = useEmbeddedProduct();
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });
  beforeAll(() => openDemoPortalAccounts(embedded.product()));
  const { settle } = devOutbox(
    api,
    () => staff().headers,
    () => embedded.product().bus,
  );

  /** Books the offer `pick` chooses for `date`, paid in full on the local checkout. */
  async function book(email: string, date: string, pick: (offers: BookingQuoteResponse['offers']) => unknown) {
    const priced = await api<BookingQuoteResponse>('POST', '/api/booking', completeBooking(date, { email }));
    expect(priced.status).toBe(200);
    const offer = pick([...priced.body.offers].sort((a, b) => a.totalPrice - b.totalPrice)) as
      | BookingQuoteResponse['offers'][number]
      | undefined;
    if (!offer) return null;
    const saved = await api<{ data: { randomNumber: number } }>('POST', '/api/saveRetrieve', {
      quote: quoteForOffer(priced.body, offer),
    });
    expect(saved.status).toBe(201);
    const { checkout } = await payOnLocalCheckout(api, {
      ...quoteForOffer(priced.body, offer),
      randomNumber: saved.body.data.randomNumber,
      percentage: 100,
    });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    return { ...success.body, offer, myMovePath: success.body.myMovePath! };
  }

  it('lists the free drivers at no more than the booking, refuses other links and a stale choice, and offers the job to the one chosen', async () => {
    const date = daysAheadAtUtc(NOW, 16, 10);
    const booked = (await book('pick-another@example.com', date, (o) => o[o.length - 1]))!;
    const paidPence = poundsToPence(booked.offer.totalPrice);
    const other = (await book('not-changed@example.com', daysAheadAtUtc(NOW, 17, 10), (o) => o[0]))!;
    const token = booked.myMovePath.split('/').pop()!;

    // No change yet: nothing to choose.
    const before = await api<{ message: string }>('GET', `/api${booked.myMovePath}/free-drivers`);
    expect(before.status).toBe(409);
    expect(before.body.message).toBe(DRIVER_CHOICE_MSG.closed);

    expect(
      (
        await api(
          'POST',
          `/api/drivers/admin/${booked.offer.driverId}/suspend`,
          { reason: 'Van off the road' },
          staff(),
        )
      ).status,
    ).toBe(200);
    await settle();
    const changed = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    const handedTo = changed.driver!;
    expect(changed.driverChange?.driverName).toBe(handedTo.name);

    // The free drivers: neither the one who gave it up nor the one now named, each at no more than the booking.
    const list = await api<FreeDriversView>('GET', `/api${booked.myMovePath}/free-drivers`);
    expect(list.status).toBe(200);
    expect(list.body.bookedPence).toBe(changed.money.totalPence);
    expect(list.body.bookedPence).toBeLessThanOrEqual(paidPence);
    const ids = list.body.drivers.map((d) => d.driverId);
    expect(ids).not.toContain(booked.offer.driverId);
    expect(ids).not.toContain(handedTo.id);
    expect(list.body.drivers.length).toBeGreaterThanOrEqual(2);
    for (const d of list.body.drivers) {
      expect(d.pricePence).toBeLessThanOrEqual(list.body.bookedPence);
      expect(Array.isArray(d.chargesOnTheDay)).toBe(true);
    }

    // Only the booking's own link, and only where a change is open.
    expect((await api('GET', `/api/mymove/${token.slice(0, -2)}xx/free-drivers`)).status).toBe(404);
    const first = list.body.drivers[0]!;
    expect(
      (await api('POST', `/api/mymove/${token.slice(0, -2)}xx/choose-driver`, { driverId: first.driverId })).status,
    ).toBe(404);
    const elsewhere = await api<{ message: string }>('POST', `/api${other.myMovePath}/choose-driver`, {
      driverId: first.driverId,
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(DRIVER_CHOICE_MSG.closed);
    expect((await api('POST', `/api${booked.myMovePath}/choose-driver`, { driverId: 'not an id!' })).status).toBe(400);

    // A driver on the list gets busy meanwhile (another customer books them for the same time): refused.
    const listed = new Set(ids);
    const taken = await book('took-them@example.com', date, (o) => o.find((x) => listed.has(x.driverId)));
    expect(taken).not.toBeNull();
    const stale = await api<{ message: string }>('POST', `/api${booked.myMovePath}/choose-driver`, {
      driverId: taken!.offer.driverId,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(DRIVER_CHOICE_MSG.notFree);
    expect((await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body.driver?.id).toBe(handedTo.id);

    // A free one: chosen, named at once, offered the job, and the customer still may cancel for free.
    const fresh = (await api<FreeDriversView>('GET', `/api${booked.myMovePath}/free-drivers`)).body;
    expect(fresh.drivers.map((d) => d.driverId)).not.toContain(taken!.offer.driverId);
    const pick = fresh.drivers[fresh.drivers.length - 1]!;
    const chosen = await api<MyMoveView>('POST', `/api${booked.myMovePath}/choose-driver`, { driverId: pick.driverId });
    expect(chosen.status).toBe(200);
    expect(chosen.body.driver).toEqual({ id: pick.driverId, name: pick.name });
    expect(chosen.body.history.map((h) => h.text)).toContain(driverChosenText(pick.name));
    expect(chosen.body.driverChange).toBeUndefined();
    expect(chosen.body.actions.cancel.terms).toContain('Your driver has changed, so until');
    await settle();
    const after = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(after.driver?.id).toBe(pick.driverId);
    expect(after.money.totalPence).toBe(pick.pricePence);
    expect(after.money.totalPence).toBeLessThanOrEqual(paidPence);
    // The job is theirs now (staff no longer see them among the drivers it could go to), offered to them.
    const candidates = await api<JobCandidate[]>(
      'GET',
      `/api/drivers/admin/jobs/${booked.bookingId}/candidates`,
      undefined,
      staff(),
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body.map((c) => c.driverId)).not.toContain(pick.driverId);
    // The choice is made: not offered again.
    expect((await api('GET', `/api${booked.myMovePath}/free-drivers`)).status).toBe(409);
  });
});
