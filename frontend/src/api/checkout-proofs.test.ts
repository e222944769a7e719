import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSessionRequest, PaymentPercentage } from '@vanhop/contracts';
import { createPaymentSession, postBooking, saveBookingForPayment, type PayableRecord } from './client';
import { checkoutProofs, rememberCheckoutProof } from './checkout-proofs';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const bodiesSent = (answers: object[]) => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    }),
  );
  return sent;
};

describe("this tab's checkout proofs", () => {
  it('each checkout opened here is proved by the next payment request (session id, then client secret)', async () => {
    const sent = bodiesSent([
      { sessionId: 'cs_test_1', url: 'https://checkout.example/1' },
      { clientSecret: 'pi_1_secret_a', paymentIntentId: 'pi_1', amount: 10 },
      { sessionId: 'cs_test_2', url: 'https://checkout.example/2' },
    ]);
    const quote = { percentage: 30 as PaymentPercentage } as CheckoutSessionRequest;
    await createPaymentSession(quote);
    await saveBookingForPayment({ _id: 'bk-1', percentage: 50 } as PayableRecord);
    await createPaymentSession(quote);
    expect(sent).toEqual([
      { percentage: 30 },
      [{ _id: 'bk-1', percentage: 50, checkoutProofs: ['cs_test_1'] }],
      { percentage: 30, checkoutProofs: ['cs_test_1', 'pi_1_secret_a'] },
    ]);
  });

  it('pricing again first abandons the checkouts this tab opened, then forgets them', async () => {
    rememberCheckoutProof('cs_test_9');
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([url, JSON.parse(String(init.body))]);
        return new Response(JSON.stringify(url.endsWith('/abandon') ? { closed: 1 } : { offers: [] }), { status: 200 });
      }),
    );
    await postBooking({} as Parameters<typeof postBooking>[0]);
    await postBooking({} as Parameters<typeof postBooking>[0]);
    expect(calls.map(([url, body]) => [url.replace(/^.*\/api/, ''), body])).toEqual([
      ['/paymentbooking/abandon', { checkoutProofs: ['cs_test_9'] }],
      ['/booking', {}],
      ['/booking', {}],
    ]);
    expect(checkoutProofs()).toEqual([]);
  });

  it('keeps the newest ten, each once, and survives a damaged entry', () => {
    for (let i = 0; i < 12; i++) rememberCheckoutProof(`cs_test_${i}`);
    rememberCheckoutProof('cs_test_11');
    expect(checkoutProofs()).toEqual(Array.from({ length: 10 }, (_, i) => `cs_test_${i + 2}`));
    sessionStorage.setItem('vanhop.checkoutProofs', '{not json');
    expect(checkoutProofs()).toEqual([]);
  });
});
