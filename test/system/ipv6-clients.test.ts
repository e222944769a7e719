import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingQuoteResponse } from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { apiClient, quoteForOffer, type Api } from '../support/gateway-api.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { driversOffered, fromClient, priceMove } from './checkout-holds.js';

/**
 * An IPv6 host is handed a whole /64 and can send from any address in it: every per-client limit
 * and cap counts such a client by its /64, not by address. Through the gateway of the embedded
 * product trusting one proxy hop (TRUST_PROXY=1), as behind an Ingress speaking IPv6: each
 * X-Forwarded-For below is the address the Ingress saw.
 */
const NOW = Date.parse('2026-02-02T08:00:00.000Z');
const MOVE_DATE = '2026-02-06T10:00:00.000Z';
const RETRIEVE_LIMIT = 5;
const clock: Clock = { now: () => new Date(NOW) };

let embedded: EmbeddedOnTempDir;
const gateway = apiClient(() => embedded.product.url);
const from = (address: string): Api => fromClient(gateway, address);

/** Nine addresses of one /64, written the ways a client or proxy might write them. */
const ONE_SLASH_64 = [
  '2001:db8:1:2::1',
  '2001:db8:1:2::2',
  '2001:0db8:0001:0002:0000:0000:0000:0003',
  '2001:db8:1:2:ffff:ffff:ffff:ffff',
  '2001:db8:1:2:1234::',
  '2001:DB8:1:2::a',
  '2001:db8:1:2:0:0:0:b',
  '2001:db8:1:2:5::c',
  '2001:db8:1:2:6:7:8:9',
];

beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir(
    { TRUST_PROXY: '1', RETRIEVE_RATE_LIMIT_PER_MINUTE: String(RETRIEVE_LIMIT) },
    { clock, webApp: false },
  );
});
afterAll(async () => {
  await embedded?.stop();
});

/** Unpaid checkouts one client holds at most under any e-mails (OPEN_HOLDS_PER_CLIENT's default). */
const ONE_CLIENT_HOLDS = 4;

describe('IPv6 clients are counted by their /64', () => {
  it('nine addresses of one /64 share one retrieve budget; another /64 has its own', async () => {
    const statuses: number[] = [];
    for (const [i, address] of ONE_SLASH_64.entries()) {
      statuses.push((await from(address)('GET', `/api/saveRetrieve?randomNumber=${1000 + i}`)).status);
    }
    expect(statuses.slice(0, RETRIEVE_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(RETRIEVE_LIMIT)).toEqual(Array(ONE_SLASH_64.length - RETRIEVE_LIMIT).fill(429));

    // The neighbouring /64 and an IPv4 client are other clients.
    expect((await from('2001:db8:1:3::1')('GET', '/api/saveRetrieve?randomNumber=2000')).status).not.toBe(429);
    expect((await from('198.51.100.20')('GET', '/api/saveRetrieve?randomNumber=2001')).status).not.toBe(429);
  });

  it('nine addresses of one /64 hold no more drivers of a slot than one client may', async () => {
    const everyone = await driversOffered(from('198.51.100.7'), 'victim@example.com', MOVE_DATE);
    expect(everyone.length).toBeGreaterThanOrEqual(ONE_SLASH_64.length);
    const priced: BookingQuoteResponse = await priceMove(from(ONE_SLASH_64[0]!), 'hoarder@example.com', MOVE_DATE);

    // One checkout per driver, each from another address of the /64 and with its own e-mail: the
    // client's cap across e-mails (OPEN_HOLDS_PER_CLIENT, twice the per-customer 2).
    const statuses: number[] = [];
    for (const [i, address] of ONE_SLASH_64.entries()) {
      const r = await from(address)('POST', '/api/paymentbooking', {
        ...quoteForOffer(priced, priced.offers[i]!),
        email: `hoarder${i}@example.com`,
        percentage: 30,
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ONE_CLIENT_HOLDS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(ONE_SLASH_64.length - ONE_CLIENT_HOLDS);

    // Everyone else still sees every driver but the ones held.
    expect(await driversOffered(from('198.51.100.7'), 'victim@example.com', MOVE_DATE)).toHaveLength(
      everyone.length - ONE_CLIENT_HOLDS,
    );
  });
});
