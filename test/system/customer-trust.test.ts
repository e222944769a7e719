import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord, MyMoveView, PaymentIntentResponse } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { apiClient, payFormAction, priceAndSave, type Api } from '../support/gateway-api.js';

/**
 * What proves a caller may see or act on a booking. A retrieve code or a booking id
 * is no proof (codes are guessable, drivers see ids): the My move link reaches only the customer's
 * mail, the checkout's success page (the provider's session id) and the retrieve page that holds the
 * intent's client secret. Through the gateway of the embedded product, with the local checkout.
 */
const NOW = new Date();
const MOVE_DATE = daysAheadAtUtc(NOW, 6, 11);

describe('a code or an id alone never reaches another customer’s booking', () => {
  let embedded: EmbeddedOnTempDir;
  const api: Api = apiClient(() => embedded.product.url);

  beforeAll(async () => {
    embedded = await startEmbeddedOnTempDir(
      { STRIPE_SECRET_KEY: '', RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000' },
      { webApp: false },
    );
  });
  afterAll(async () => {
    await embedded?.product.bus.idle();
    await embedded?.stop();
  });

  /** The retrieve page's card path: save, choose 30 %, pay the intent on the local checkout; the return URL's query. */
  async function payOnRetrievePage(email: string): Promise<{ record: BookingRecord; returned: URLSearchParams }> {
    const { record } = await priceAndSave(
      api,
      completeBooking(MOVE_DATE, { email, name: 'Victim Customer', phone: '07700900123' }),
    );
    const intent = await api<PaymentIntentResponse>('POST', '/api/savebooking', [{ ...record, percentage: 30 }]);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const page = await api<string>('GET', intent.body.localCheckoutUrl!);
    const paid = await api('POST', payFormAction(page.body), '', { form: true });
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!, 'http://vanhop.test');
    expect(back.pathname).toBe(`/retrieve/${record.randomNumber}`);
    expect(back.searchParams.get('payment_intent_client_secret')).toBe(intent.body.clientSecret);
    return { record, returned: back.searchParams };
  }

  it('updatepaymentstatus answers the booking and its My move link only to the page holding the client secret', async () => {
    const { record, returned } = await payOnRetrievePage('victim@example.com');
    const intentId = returned.get('payment_intent')!;

    // The attacker knows the code, the id, even the intent id (a guess or a leak), but not the secret.
    for (const item of [
      { randomNumber: record.randomNumber },
      { _id: record._id },
      { _id: record._id, paymentIntentId: intentId },
      { randomNumber: record.randomNumber, paymentIntentId: intentId, clientSecret: `${intentId}_secret_forged` },
    ]) {
      const replay = await api('POST', '/api/savebooking/updatepaymentstatus', [item]);
      expect(replay.status, JSON.stringify(item)).toBe(200);
      expect(replay.body, JSON.stringify(item)).toEqual({ success: true });
    }
    await embedded.product.bus.idle();

    // No change: the booking is paid once, at the share the customer chose.
    const retrieved = await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`);
    expect(retrieved.body[0]).toMatchObject({ paymentStatus: '30percentage', state: 'active' });
    // And the code alone shows the quote, not who the customer is or their street addresses.
    const shown = JSON.stringify(retrieved.body);
    expect(shown).not.toContain('Victim Customer');
    expect(shown).not.toContain('victim@example.com');
    expect(shown).not.toContain('07700900123');
    expect(shown).not.toContain('12 Example Road');

    // The customer's own page, back from the checkout with the secret, gets the link.
    const own = await api('POST', '/api/savebooking/updatepaymentstatus', [
      {
        randomNumber: record.randomNumber,
        paymentIntentId: intentId,
        clientSecret: returned.get('payment_intent_client_secret'),
      },
    ]);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ success: true, randomNumber: record.randomNumber, paymentStatus: '30percentage' });
    expect(own.body.myMovePath).toMatch(/^\/mymove\/v1\.[\w.-]+$/);
    const view = await api<MyMoveView>('GET', `/api${own.body.myMovePath}`);
    expect(view.body.customer.email).toBe('victim@example.com');
  });

  it('every My move action is refused without the signed link: a code, an id or a forged token reads as not found', async () => {
    const { record } = await payOnRetrievePage('victim2@example.com');
    for (const credential of [String(record.randomNumber), record._id, `v1.${record._id}.forged`]) {
      const base = `/api/mymove/${encodeURIComponent(credential)}`;
      expect((await api('GET', base)).status, credential).toBe(404);
      expect((await api('GET', `${base}/receipts/r1`)).status, credential).toBe(404);
      expect((await api('POST', `${base}/cancel`, { confirm: true, expectedRefundPence: 0 })).status, credential).toBe(
        404,
      );
      expect((await api('POST', `${base}/postpone`, { confirm: true })).status, credential).toBe(404);
      expect((await api('POST', `${base}/reactivate`, { date: MOVE_DATE })).status, credential).toBe(404);
      expect((await api('POST', `${base}/reactivate/price`, { date: MOVE_DATE })).status, credential).toBe(404);
      expect((await api('POST', `${base}/pay-balance`, {})).status, credential).toBe(404);
    }
    await embedded.product.bus.idle();
    const retrieved = await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`);
    expect(retrieved.body[0]).toMatchObject({ paymentStatus: '30percentage', state: 'active' });
  });
});
