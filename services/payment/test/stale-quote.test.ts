import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPounds, formatPence, MSG, type Offer, type Quote } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { address, completeBooking } from '../../../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../../test/support/embedded.js';
import { apiClient } from '../../../test/support/gateway-api.js';
import { quoteFingerprint } from '../src/domain/quote-fingerprint.js';
import { UnsavedQuoteRecords } from '../src/adapters/unsaved-quote-records.js';

const NOW = '2026-01-15T08:00:00.000Z';
const MOVE = '2026-01-20T10:00:00.000Z';

/**
 * At the API: a quote whose move was edited after it was priced, still showing the
 * old price, is neither saved nor paid (409), whichever way it arrives through the gateway.
 */
describe('a quote whose move changed after pricing', () => {
  let running: EmbeddedOnTempDir;
  const api = apiClient(() => running.product.url);
  const count = (service: 'booking' | 'payment', collection: string) =>
    running.product.services[service]!.infra.store.collection(collection).count({});

  beforeAll(async () => {
    // Many unpaid checkouts from one test client: the open-hold cap has tests of its own (test/system/driver-holds.test.ts).
    running = await startEmbeddedOnTempDir(
      { STRIPE_SECRET_KEY: '', OPEN_HOLDS_PER_CUSTOMER: '1000' },
      { clock: fixedClock(NOW), webApp: false },
    );
  });
  afterAll(async () => {
    await running?.stop();
  });

  /** What the panel holds for the cheapest offer on a booking. */
  const priced = async (booking = completeBooking(MOVE, { vanSize: 'Large', hour: 2 })): Promise<Quote> => {
    const r = await api<{ quote: Quote }>('POST', '/api/booking', booking);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.quote;
  };

  const croydon = address('a-croydon', 'Croydon, UK', '1 George Street', 1);
  /** The old quote with its move edited but its price (and every other shown figure) kept, as the stale panel sent it. */
  const edits = (q: Quote): [string, Quote][] => [
    ['Luton for 5 hours', { ...q, typeofVan: 'Luton', totalHour: 5, yourinfo: { receivedData: { vanSize: 'Luton' } } }],
    [
      'a via stop in Croydon',
      {
        ...q,
        totalAddress: [q.totalAddress[0]!, croydon, q.totalAddress[1]!],
        places: [q.places[0]!, croydon.location, q.places[1]!],
        viaStopStair: [1],
      },
    ],
  ];

  it('POST /api/paymentbooking and POST /api/saveRetrieve answer 409 and store nothing', async () => {
    // The offer of a driver who has a Luton as well as a Large van, as the panel holds it: the edited
    // move is still theirs to do, at another price.
    const luton = await api<{ offers: { driverId: string }[] }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE, { vanSize: 'Luton', hour: 5 }),
    );
    const large = await api<{ quote: Quote; offers: Offer[] }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE, { vanSize: 'Large', hour: 2 }),
    );
    const both = large.body.offers.find((o) => luton.body.offers.some((l) => l.driverId === o.driverId))!;
    const shown: Quote = {
      ...large.body.quote,
      totalPrice: both.totalPrice,
      driverId: both.driverId,
      driverName: both.driverName,
      overtimePerHalfHour: both.overtimePerHalfHour,
    };
    const [bookingsBefore, paymentsBefore] = [await count('booking', 'bookings'), await count('payment', 'payments')];
    for (const [what, stale] of edits(shown)) {
      const pay = await api('POST', '/api/paymentbooking', { ...stale, percentage: 30 });
      expect(pay.status, what).toBe(409);
      expect(pay.body.message, what).toBe(MSG.quote.priceChanged);
      const save = await api('POST', '/api/saveRetrieve', { date: NOW, quote: stale });
      expect(save.status, what).toBe(409);
      expect(save.body.message, what).toBe(MSG.quote.priceChanged);
    }
    // The panel showed the old route while the addresses carry the stop.
    const [, withStop] = edits(shown)[1]!;
    const oldRoute = await api('POST', '/api/saveRetrieve', { quote: { ...withStop, places: shown.places } });
    expect(oldRoute.status).toBe(409);
    expect(oldRoute.body.message).toBe(MSG.quote.moveChanged);
    expect(await count('booking', 'bookings')).toBe(bookingsBefore);
    expect(await count('payment', 'payments')).toBe(paymentsBefore);
  });

  it('the same edits priced again are booked at the new price, for the new move', async () => {
    const luton = await priced(completeBooking(MOVE, { vanSize: 'Luton', hour: 5 }));
    const pay = await api('POST', '/api/paymentbooking', { ...luton, percentage: 100 });
    expect(pay.status).toBe(200);
    const page = await api<string>('GET', pay.body.url);
    expect(page.body).toContain(formatPounds(luton.totalPrice));

    const base = completeBooking(MOVE, { vanSize: 'Large', hour: 2 });
    const viaCroydon = await priced({ ...base, addresses: [base.addresses[0]!, croydon, base.addresses[1]!] });
    const save = await api('POST', '/api/saveRetrieve', { quote: viaCroydon });
    expect(save.status).toBe(201);
    expect(save.body.data.quote).toMatchObject({
      totalPrice: viaCroydon.totalPrice,
      places: ['London NW2, UK', 'Croydon, UK', 'Cricklewood, UK'],
    });
  });

  it('paying a saved record with an edited quote is refused; the record as saved is paid', async () => {
    const shown = await priced();
    const saved = await api('POST', '/api/saveRetrieve', { quote: shown });
    expect(saved.status).toBe(201);
    const code = saved.body.data.randomNumber as number;
    for (const [what, stale] of edits(shown)) {
      const pay = await api('POST', '/api/paymentbooking', { ...stale, randomNumber: code, percentage: 50 });
      expect(pay.status, what).toBe(409);
      expect(pay.body.message, what).toBe(MSG.quote.moveChanged);
    }
    expect((await api('POST', '/api/paymentbooking', { ...shown, randomNumber: code, percentage: 50 })).status).toBe(
      200,
    );
  });

  it('Book Now never reuses the record of another move, even when the remembered key points at it', async () => {
    const large = await priced(completeBooking(MOVE, { vanSize: 'Large', hour: 2, name: 'Reuse Check' }));
    const first = await api('POST', '/api/paymentbooking', { ...large, percentage: 30 });
    expect(first.status).toBe(200);
    const before = await count('booking', 'bookings');
    const firstRecord = await running.product.services
      .payment!.infra.store.collection<{ _id: string; bookingId: string }>('payments')
      .findOne({ _id: first.body.sessionId });

    // A key made from fewer fields than the move (an older build, a hash clash): it names the Large-van record.
    const luton = await priced(completeBooking(MOVE, { vanSize: 'Luton', hour: 5, name: 'Reuse Check' }));
    const { percentage: _share, ...lutonAsReceived } = luton;
    await new UnsavedQuoteRecords(running.product.services.payment!.infra.store).remember(
      quoteFingerprint(lutonAsReceived),
      firstRecord!.bookingId,
      new Date(NOW),
    );
    const second = await api('POST', '/api/paymentbooking', { ...luton, percentage: 30 });
    expect(second.status).toBe(200);
    expect(second.body.sessionId).not.toBe(first.body.sessionId);
    expect(await count('booking', 'bookings')).toBe(before + 1);
    const page = await api<string>('GET', second.body.url);
    expect(page.body).toContain(formatPence(Math.round(luton.totalPrice * 30)));
  });
});
