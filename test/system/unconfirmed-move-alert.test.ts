import { describe, expect, it } from 'vitest';
import {
  UNCONFIRMED_ALERT_HOURS,
  type BookingQuoteResponse,
  type JobView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';
import { outboxMails, waitForMail } from '../../e2e/outbox-mail.js';

/**
 * No booking sits unconfirmed unnoticed, through the gateway of the embedded product on an injected
 * clock: a move within hours that no driver has accepted is mailed to the office once and flagged
 * on the staff list; a move further off is not.
 */
const NOW = new Date();
let at = NOW.getTime();
const clock: Clock = { now: () => new Date(at) };

describe('the office is alerted when a move within hours has no accepted driver', () => {
  const embedded = useEmbeddedProduct({ clock });
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', { ...embedded.jwt(), clock }) });
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await embedded.product().bus.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('flags and mails once, only inside the alert window', async () => {
    const date = daysAheadAtUtc(NOW, 12, 10);
    const priced = await api<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(date, { email: 'unconfirmed@example.com' }),
    );
    expect(priced.status).toBe(200);
    const offer = priced.body.offers[0]!;
    const saved = await api<{ data: { randomNumber: number } }>('POST', '/api/saveRetrieve', {
      quote: quoteForOffer(priced.body, offer),
    });
    const { checkout } = await payOnLocalCheckout(api, {
      ...quoteForOffer(priced.body, offer),
      randomNumber: saved.body.data.randomNumber,
      percentage: 30,
    });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    const list = async () =>
      (await api<JobView[]>('GET', '/api/drivers/admin/jobs/unconfirmed-soon', undefined, staff())).body;

    // Days away: nothing to alert.
    expect(await list()).toEqual([]);
    // An hour before the window opens: still nothing.
    at = Date.parse(date) - (UNCONFIRMED_ALERT_HOURS + 1) * 3_600_000;
    expect(await list()).toEqual([]);

    // Inside the window with no driver accepted: flagged for staff, the office mailed.
    at = Date.parse(date) - (UNCONFIRMED_ALERT_HOURS - 1) * 3_600_000;
    const flagged = await list();
    expect(flagged.map((j) => j.bookingId)).toEqual([success.body.bookingId]);
    expect(flagged[0]!.unconfirmedAlertAt).toBe(new Date(at).toISOString());
    await settle();
    const subject = `Urgent: job ${success.body.randomNumber} on`;
    const mail = await waitForMail(embedded.running().dataDir, (m) => !!m.subject?.startsWith(subject));
    expect(mail.to).toContain('office@vanhop.example');
    expect(mail.text).toContain('no driver has accepted it');

    // Asked again (another sweep, another replica): still one mail.
    expect((await list()).map((j) => j.bookingId)).toEqual([success.body.bookingId]);
    await settle();
    const all = await outboxMails(embedded.running().dataDir);
    expect(all.filter((m) => m.subject?.startsWith(subject))).toHaveLength(1);
  });
});
