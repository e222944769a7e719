/**
 * Paying a booking named by its code answers differently for a stored code and an unknown one, as
 * retrieving does, so these routes spend retrieve's budget per client: a burst of guesses from one
 * client is held to it, another client is not, and Book Now (a quote, no code) is not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

const BUDGET = 5;

describe('payment routes that name a booking by code or id spend the retrieve budget per client', () => {
  let h: PaymentHarness;
  beforeAll(async () => {
    h = await startPaymentHarness({ RETRIEVE_RATE_LIMIT_PER_MINUTE: String(BUDGET) });
  });
  afterAll(async () => {
    await h?.stop();
  });
  const from = (client: string) => ({ 'x-forwarded-for': client });

  it('a burst of guessed codes gets 429 past the budget, on every route, whatever the code; another client is untouched', async () => {
    const guesses = Array.from({ length: BUDGET * 3 }, (_, i) => 9_100_000 + i);
    const answers = await Promise.all(
      guesses.map((code, i) =>
        i % 3 === 0
          ? h.post('/api/paymentbooking', { randomNumber: code, percentage: 30 }, from('203.0.113.7'))
          : i % 3 === 1
            ? h.post('/api/savebooking', [{ randomNumber: code, percentage: 30 }], from('203.0.113.7'))
            : h.post('/api/savebooking/updatepaymentstatus', [{ _id: `bk-guess-${code}` }], from('203.0.113.7')),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses.length - BUDGET);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 404)).toBe(true);
    expect(answers.find((a) => a.status === 429)!.body).toMatchObject({ code: 'rate_limited' });

    // The budget is the client's: a customer elsewhere still pays their own booking by its code.
    await h.seedBooking(unpaidBooking({ _id: 'bk-lookup-own', randomNumber: 9_200_001 }));
    const own = await h.post('/api/savebooking', [{ randomNumber: 9_200_001, percentage: 30 }], from('203.0.113.8'));
    expect(own.status).toBe(200);
  });

  it('Book Now with the quote itself (no code, no id) is not counted', async () => {
    const client = from('203.0.113.9');
    for (let i = 0; i < BUDGET; i++)
      expect(
        (await h.post('/api/paymentbooking', { randomNumber: 9_300_000 + i, percentage: 30 }, client)).status,
      ).toBe(404);
    const bookNow = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, percentage: 30 }, client);
    expect(bookNow.status).not.toBe(429);
    expect((await h.post('/api/paymentbooking', { randomNumber: 9_300_100, percentage: 30 }, client)).status).toBe(429);
  });
});
