import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatPence,
  poundsToPence,
  type BookingQuoteResponse,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { openDemoPortalAccounts } from '../support/portal-accounts.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';
import { devOutbox } from '../support/dev-outbox.js';
import { waitForMail } from '../../e2e/outbox-mail.js';
import type { Clock } from '@vanhop/platform';

/**
 * When the driver changes, through the gateway of the embedded product with the mails and texts
 * read: the customer is told by mail and text, pays no more than the new driver's own price (the
 * difference refunded), reads the new driver's charges on the day, and may cancel with everything
 * refunded for a while after the change, whatever the cooling-off clock says.
 */
const NOW = new Date();
/** The product's clock runs from now, and moves on when a test needs the cooling-off hour behind it. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

describe('the customer keeps a say when their driver changes', () => {
  const embedded = useEmbeddedProduct({ clock });
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });
  // The hand-on offers the job only to drivers who can answer online.
  beforeAll(() => openDemoPortalAccounts(embedded.product()));
  const { outbox, settle } = devOutbox(
    api,
    () => staff().headers,
    () => embedded.product().bus,
  );
  const mail = (match: Parameters<typeof waitForMail>[1]) => waitForMail(embedded.running().dataDir, match);

  /** Books the dearest offer for `date`, paid in full on the local checkout. */
  async function bookDearest(email: string, date: string) {
    const priced = await api<BookingQuoteResponse>('POST', '/api/booking', completeBooking(date, { email }));
    expect(priced.status).toBe(200);
    const offers = [...priced.body.offers].sort((a, b) => a.totalPrice - b.totalPrice);
    const offer = offers[offers.length - 1]!;
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
    return { ...success.body, offer, myMovePath: success.body.myMovePath!, cheapest: offers[0]! };
  }

  it('a cheaper new driver: mail and text, the difference refunded, and a full refund on cancelling after the cooling-off hour', async () => {
    const email = 'driver-change@example.com';
    const booked = await bookDearest(email, daysAheadAtUtc(NOW, 14, 10));
    const paidPence = poundsToPence(booked.offer.totalPrice);
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
    let view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    const next = view.driver!;
    expect(next.id).not.toBe(booked.offer.driverId);
    const toCustomer = await mail(
      (m) => m.to.includes(email) && m.subject === `Your new driver for booking ${booked.randomNumber}: ${next.name}`,
    );
    const text = toCustomer.text ?? '';
    expect(text).not.toContain('Your price and payments stay as they were');
    expect(text).toMatch(/is refunded to your card/);
    expect(text).toMatch(/Paid on the day with|no congestion or ULEZ charge/);
    expect(text).toContain('or cancel with everything you paid refunded, until');
    const texts = (await outbox()).texts.filter((t) => t.body.includes(`has changed to ${next.name}`));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(booked.myMovePath);
    // Two hours on (staff tokens are checked against the product's clock: the outbox is read before).
    offsetMs = 2 * 60 * 60_000;
    view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;

    // The price came down to the new driver's own, and the rest is refunded through the refund flow.
    const lowered = view.history.find((h) => h.text.startsWith('Your price is now'));
    expect(lowered?.text).toContain(`${next.name}'s own price for your move`);
    const newPrice = /Your price is now (£[\d,.]+)/.exec(lowered!.text)![1]!;
    const newPricePence = poundsToPence(Number(newPrice.replace(/[£,]/g, '')));
    expect(newPricePence).toBeLessThan(paidPence);
    expect(lowered!.text).toContain(`${formatPence(paidPence - newPricePence)} will be refunded to your card`);

    // Past the cooling-off hour (the clock says nothing to this choice): cancelling refunds everything still held.
    expect(view.actions.cancel).toMatchObject({ allowed: true, refundPence: newPricePence });
    expect(view.actions.cancel.terms).toContain('Your driver has changed, so until');

    // My move shows the change with the new driver's charges on the day and until when the choice is free.
    expect(view.driverChange).toMatchObject({ driverName: next.name, driverPricePence: newPricePence, kept: false });
    expect(Array.isArray(view.driverChange!.chargesOnTheDay)).toBe(true);
    for (const c of view.driverChange!.chargesOnTheDay)
      expect(text).toContain(`${c.label} ${formatPence(c.amountPence)}`);
    expect(Date.parse(view.driverChange!.until)).toBe(Date.parse(view.driverChange!.at) + 24 * 3_600_000);

    // Another customer's link, or a forged one, cannot cancel this booking.
    const other = await bookDearest('someone-else@example.com', daysAheadAtUtc(NOW, 15, 10));
    const token = booked.myMovePath.split('/').pop()!;
    expect((await api('POST', `/api/mymove/${token.slice(0, -2)}xx/cancel`, { confirm: true })).status).toBe(404);
    const otherCancel = await api<MyMoveView>('GET', `/api${other.myMovePath}`);
    expect(otherCancel.body.bookingId).not.toBe(view.bookingId);
    expect(otherCancel.body.actions.cancel.terms).not.toContain('Your driver has changed');

    // Keeping the driver: refused on a forged link and on another customer's booking (no change there), then recorded.
    expect((await api('POST', `/api/mymove/${token.slice(0, -2)}xx/keep-driver`, {})).status).toBe(404);
    expect((await api('POST', `/api${other.myMovePath}/keep-driver`, {})).status).toBe(409);
    expect((await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body.driverChange).toBeTruthy();
    const kept = await api<MyMoveView>('POST', `/api${booked.myMovePath}/keep-driver`, {});
    expect(kept.status).toBe(200);
    expect(kept.body.driverChange).toBeUndefined();
    expect(kept.body.history.map((h) => h.text)).toContain(`You chose to keep ${next.name} as your driver`);
    // Keeping them gives nothing up: cancelling stays free until the window ends.
    expect(kept.body.actions.cancel).toMatchObject({ allowed: true, refundPence: newPricePence });

    const cancelled = await api<MyMoveView>('POST', `/api${booked.myMovePath}/cancel`, { confirm: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.history.map((h) => h.text)).toContain(
      `Cancelled after your driver changed: ${formatPence(newPricePence)} will be refunded to your card`,
    );
  });
});
