/**
 * The embedded product over both forwarding adapters, with the real services: the quote, its
 * validation, the payment webhook's signature over the raw bytes, request ids, and 502 once a
 * service has stopped. Answers are compared across the adapters where they do not carry fresh ids.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../test/support/embedded.js';
import { threeStopBooking } from '../../bench/support/booking.js';
import { ADAPTERS, type Adapter } from './support/forwarding-adapters.js';

const WEBHOOK_SECRET = 'whsec_embedded_forwarding_contract';
const seen: Record<Adapter, Record<string, { status: number; headers: string[]; body?: unknown }>> = {
  http: {},
  'in-process': {},
};

describe.each(ADAPTERS)('embedded product, %s forwarding', (adapter) => {
  let running: EmbeddedOnTempDir;
  const url = (p: string) => `${running.product.url}${p}`;
  const keep = async (name: string, res: Response, withBody = true) => {
    const body = (await res.json()) as unknown;
    const headers = [...res.headers.keys()]
      .filter((h) => !['date', 'etag', 'content-length', 'keep-alive', 'connection'].includes(h))
      .sort();
    seen[adapter][name] = { status: res.status, headers, ...(withBody ? { body } : {}) };
    return body as Record<string, unknown>;
  };

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir(
      {
        EMBEDDED_FORWARDING: adapter,
        STRIPE_SECRET_KEY: 'sk_test_embedded_forwarding',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      { webApp: false },
    );
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('quotes a move, and refuses an invalid one naming the field', async () => {
    const post = (body: unknown) =>
      fetch(url('/api/booking'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'embedded-quote' },
        body: JSON.stringify(body),
      });
    const ok = await post(threeStopBooking());
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('embedded-quote');
    expect(((await keep('quote', ok, false)) as { offers: unknown[] }).offers.length).toBeGreaterThan(0);
    const bad = await post({ ...threeStopBooking(), addresses: 'nowhere' });
    expect(bad.status).toBe(400);
    expect(await keep('quote-invalid', bad)).toMatchObject({ code: 'validation_failed' });
    expect((await fetch(url('/api/booking/no-such-route'))).status).toBe(404);
  });

  it('the payment webhook verifies the signature over the exact bytes the client sent', async () => {
    const payload = JSON.stringify(
      { id: 'evt_contract_1', object: 'event', type: 'charge.refunded', data: { object: {} } },
      null,
      2,
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const post = (body: string) =>
      fetch(url('/api/payments/webhook'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body,
      });
    const ok = await post(payload);
    expect(await keep('webhook', ok)).toEqual({ received: true, outcome: 'ignored' });
    const reserialised = await post(JSON.stringify(JSON.parse(payload)));
    expect(reserialised.status).toBe(400);
    expect(await keep('webhook-bad', reserialised)).toMatchObject({
      errors: { 'stripe-signature': 'Invalid Stripe signature' },
    });
  });

  it('answers 502 JSON for a service that has stopped', async () => {
    await running.product.services.review!.stop();
    const res = await fetch(url('/api/google/review'));
    expect(res.status).toBe(502);
    expect(await keep('down', res)).toEqual({
      message: 'The review service is unavailable, please try again shortly.',
      code: 'bad_gateway',
    });
  });
});

describe('embedded product: both adapters', () => {
  it('gave the same statuses, header names and bodies', () => {
    expect(Object.keys(seen['in-process'])).toEqual(Object.keys(seen.http));
    for (const [name, answer] of Object.entries(seen.http)) expect(seen['in-process'][name], name).toEqual(answer);
  });
});
