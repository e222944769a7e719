import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

/** Finds a form's action on the local page, as a browser would submit it. */
const formAction = (html: string, what: 'pay' | 'fail') => {
  const match = html.match(new RegExp(`<form method="post" action="([^"]+/${what})"`));
  if (!match) throw new Error(`no ${what} form in page`);
  return match[1];
};

describe('local test checkout (no Stripe key configured)', () => {
  let h: PaymentHarness;
  let seq = 0;
  let bookingId: string;
  let code: number;

  beforeAll(async () => {
    h = await startPaymentHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });
  beforeEach(async () => {
    seq++;
    bookingId = `bk-local-${seq}`;
    code = 7000 + seq;
    await h.seedBooking(unpaidBooking({ _id: bookingId, randomNumber: code }));
    h.published.paymentSucceeded.length = 0;
    h.published.bookingConfirmed.length = 0;
  });

  const page = async (url: string) => {
    const res = await fetch(`${h.payment.url}${url}`);
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  const submit = (action: string) =>
    fetch(`${h.payment.url}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });

  it('pays 30 % through the plainly labelled test page; the booking shows 30percentage once', async () => {
    const start = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, _id: bookingId, percentage: 30 });
    expect(start.status).toBe(200);
    expect(start.body.sessionId).toMatch(/^cs_local_/);
    expect(start.body.url).toBe(`/api/payments/local-checkout/${start.body.sessionId}`);

    const { status, html, headers } = await page(start.body.url);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('TEST PAYMENT');
    expect(html).toContain('no real money moves');
    expect(html).toContain('£86.25');
    expect(html).not.toContain('<script');

    const paid = await submit(formAction(html, 'pay')!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/paymentbooking/success?session_id=${start.body.sessionId}`);
    await h.settle();

    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('30percentage');
    expect(record.OutstandingBalance).toBe(201.25);
    expect(h.published.paymentSucceeded.map((e) => e.data)).toEqual([
      expect.objectContaining({
        bookingId,
        percentage: 30,
        amountPence: 8625,
        provider: 'local',
        providerRef: start.body.sessionId,
      }),
    ]);
    expect(h.published.bookingConfirmed).toHaveLength(1);

    // The success screen's confirmation, a second click on Pay and a late Fail change nothing.
    expect((await h.post('/api/paymentbooking/success', { session_id: start.body.sessionId })).body).toMatchObject({
      success: true,
      paymentStatus: '30percentage',
    });
    expect((await submit(formAction(html, 'pay')!)).status).toBe(303);
    const lateFail = await submit(formAction(html, 'fail')!);
    expect(lateFail.headers.get('location')).toContain('/paymentbooking/success');
    await h.settle();
    expect(h.published.paymentSucceeded).toHaveLength(1);
    expect(h.published.bookingConfirmed).toHaveLength(1);
    expect((await page(start.body.url)).html).toContain('already been paid');

    expect((await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 })).status).toBe(409);
  });

  it('Fail redirects to /paymentbooking/fail with the quote code and changes nothing on the booking', async () => {
    const start = await h.post('/api/savebooking', [
      { ...unpaidBooking({ _id: bookingId, randomNumber: code }), percentage: 100 },
    ]);
    expect(start.status).toBe(200);
    expect(start.body.clientSecret).toMatch(/^pi_local_\w+_secret_/);
    expect(start.body.localCheckoutUrl).toBe(`/api/payments/local-checkout/${start.body.paymentIntentId}`);

    const { html } = await page(start.body.localCheckoutUrl);
    expect(html).toContain('£287.50');
    const failed = await submit(formAction(html, 'fail')!);
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`/paymentbooking/fail?code=${code}`); // the fail page offers to retry with this quote's code
    await h.settle();
    expect((await h.bookingRecord(bookingId)).paymentStatus).toBe('unpaid');
    expect(h.published.paymentSucceeded).toHaveLength(0);
    const update = await h.post('/api/savebooking/updatepaymentstatus', [
      { _id: bookingId, paymentIntentId: start.body.paymentIntentId },
    ]);
    expect(update.status).toBe(402);
  });

  it('an intent paid locally returns to the retrieve page and updatepaymentstatus succeeds', async () => {
    const start = await h.post('/api/savebooking', [{ randomNumber: code, percentage: 50 }]);
    const { html } = await page(start.body.localCheckoutUrl);
    const paid = await submit(formAction(html, 'pay')!);
    expect(paid.headers.get('location')).toBe(
      `/retrieve/${code}?payment_intent=${start.body.paymentIntentId}&payment_intent_client_secret=${start.body.clientSecret}&redirect_status=succeeded`,
    );
    // The code and the intent id alone: the wire contract's bare answer, never the booking.
    const bare = await h.post('/api/savebooking/updatepaymentstatus', [
      { randomNumber: code, paymentIntentId: start.body.paymentIntentId },
    ]);
    expect(bare.body).toEqual({ success: true });
    const update = await h.post('/api/savebooking/updatepaymentstatus', [
      { randomNumber: code, paymentIntentId: start.body.paymentIntentId, clientSecret: start.body.clientSecret },
    ]);
    expect(update.body).toMatchObject({ success: true, paymentStatus: '50percentage' });
    await h.settle();
    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('50percentage');
    expect(record.OutstandingBalance).toBe(143.75);
    expect(h.published.paymentSucceeded).toHaveLength(1);
  });

  it('unknown pages are 404 and webhooks are refused without a Stripe secret', async () => {
    expect((await page('/api/payments/local-checkout/cs_local_0000')).status).toBe(404);
    expect((await page('/api/payments/local-checkout/%3Cscript%3E')).status).toBe(404);
    expect((await submit('/api/payments/local-checkout/cs_local_0000/pay')).status).toBe(404);
    const hook = await h.post(
      '/api/payments/webhook',
      { id: 'evt_1', type: 'checkout.session.completed' },
      { 'stripe-signature': 't=1,v1=x' },
    );
    expect(hook.status).toBe(400);
  });
});
