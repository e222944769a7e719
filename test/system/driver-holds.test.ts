import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingQuoteResponse, DriverJobsResponse, JobView } from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { completeBooking } from '../support/booking-fixtures.js';
import { apiClient, payFormAction, quoteForOffer, type Api } from '../support/gateway-api.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { driverAuth, staffAuth } from '../support/staff.js';
import { devOutbox } from '../support/dev-outbox.js';
import { CLOSED_CHECKOUT_PAGE, driversOffered, fromClient, priceMove, releaseMailsIn } from './checkout-holds.js';

/**
 * Nobody holds a driver's time without paying. An unpaid checkout holds its
 * driver for the checkout's own life (30 to 35 minutes), gives them back when it fails or lapses,
 * one client or one contact e-mail holds at most 2 drivers so, and a saved quote holds nobody.
 * Through the gateway of the embedded product; the gateway trusts one proxy hop (TRUST_PROXY=1),
 * so each X-Forwarded-For below is a different client, as behind a real load balancer.
 */
const NOW = Date.parse('2026-02-02T08:00:00.000Z');
const MOVE_DATE = '2026-02-06T10:00:00.000Z';

/** The test moves time on (a lapsing checkout); every service reads this one clock. */
let now = NOW;
const clock: Clock = { now: () => new Date(now) };

let embedded: EmbeddedOnTempDir;
const gateway = apiClient(() => embedded.product.url);
/** Requests from one client address. */
const from = (address: string): Api => fromClient(gateway, address);

const attacker = from('203.0.113.66');
/** Unpaid checkouts one client holds at most under any e-mails (OPEN_HOLDS_PER_CLIENT's default: twice the per-customer 2). */
const PER_CLIENT = 4;
const customer = from('198.51.100.7');

beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir(
    { TRUST_PROXY: '1', RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000' },
    { clock, webApp: false },
  );
});
afterAll(async () => {
  await embedded?.stop();
});

const price = (api: Api, email: string, date = MOVE_DATE): Promise<BookingQuoteResponse> => priceMove(api, email, date);

/** The quote the panel holds for one driver's offer: the web app's own mapping. */
const quoteFor = quoteForOffer;

/** Presses Pay or Fail on the local TEST checkout page, as the customer's browser would. */
async function pressOnCheckoutPage(api: Api, url: string, button: 'pay' | 'fail') {
  const page = await api<string>('GET', url);
  const action =
    button === 'pay' ? payFormAction(page.body) : page.body.match(/<form method="post" action="([^"]+\/fail)"/)![1]!;
  return api('POST', action, '', { form: true });
}

/** The success page's call: 200 with the booking only once the provider says the session is paid. */
const successStatus = async (api: Api, sessionId: string) =>
  (await api('POST', '/api/paymentbooking/success', { session_id: sessionId })).status;

const offeredDrivers = (api: Api, email: string, date = MOVE_DATE) => driversOffered(api, email, date);

describe('unpaid checkouts and the drivers they hold', () => {
  it('saving a quote for later holds nobody', async () => {
    const before = await offeredDrivers(customer, 'someone@example.com');
    expect(before.length).toBeGreaterThan(3);
    const priced = await price(attacker, 'saver@example.com');
    for (const offer of priced.offers) {
      expect((await attacker('POST', '/api/saveRetrieve', { quote: quoteFor(priced, offer) })).status).toBe(201);
    }
    expect(await offeredDrivers(customer, 'someone@example.com')).toEqual(before);
  });

  it('one client opening checkouts for every offered driver under fresh e-mails holds at most 4 (twice a customer’s 2): everyone else can still book the rest, and a lapsed checkout frees its driver', async () => {
    const everyone = await offeredDrivers(customer, 'victim@example.com');
    const priced = await price(attacker, 'hoarder@example.com');
    const answers: number[] = [];
    let refusal = '';
    // A fresh e-mail each time: the cap per client (OPEN_HOLDS_PER_CLIENT, twice the per-customer 2) holds on its own.
    for (const [i, offer] of priced.offers.entries()) {
      const r = await attacker<{ message?: string }>('POST', '/api/paymentbooking', {
        ...quoteFor(priced, offer),
        email: `hoarder${i}@example.com`,
        percentage: 30,
      });
      answers.push(r.status);
      if (r.status === 429) refusal = r.body.message ?? '';
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(PER_CLIENT);
    expect(answers.filter((s) => s === 429)).toHaveLength(priced.offers.length - PER_CLIENT);
    expect(refusal).toMatch(
      /^You already have 4 moves waiting for payment\. Finish paying one of them, or try again in \d+ minutes? when they lapse\.$/,
    );

    // Another client sees all but the held drivers, and books one of them.
    const left = await price(customer, 'victim@example.com');
    expect(left.offers.length).toBe(everyone.length - PER_CLIENT);
    const booked = await customer('POST', '/api/paymentbooking', {
      ...quoteFor(left, left.offers[0]!),
      percentage: 30,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    // The unpaid checkouts lapse with their sessions (30 to 35 minutes): every driver is free again.
    now += 36 * 60_000;
    expect(await offeredDrivers(from('192.0.2.10'), 'third@example.com')).toEqual(everyone);
  });

  it('checkouts another customer opened from the same address under their own e-mail do not count against this customer; their own 2 do', async () => {
    const date = '2026-02-23T10:00:00.000Z';
    const household = from('198.51.100.44');
    const flatmate = await price(household, 'flatmate@example.com', date);
    for (const offer of flatmate.offers.slice(0, 2)) {
      expect(
        (await household('POST', '/api/paymentbooking', { ...quoteFor(flatmate, offer), percentage: 30 })).status,
      ).toBe(200);
    }
    // The other customer at the same address books: the flatmate's two are not theirs.
    const mine = await price(household, 'me-at-home@example.com', date);
    const answers: number[] = [];
    for (const offer of mine.offers.slice(0, 3)) {
      answers.push(
        (await household('POST', '/api/paymentbooking', { ...quoteFor(mine, offer), percentage: 30 })).status,
      );
    }
    // Their own share (2) still holds, and so does the client's (4).
    expect(answers).toEqual([200, 200, 429]);
  });

  it("the cap holds when one client sends every checkout at once, on the checkout and on the retrieve page's card path", async () => {
    const dates = ['2026-02-16T10:00:00.000Z', '2026-02-17T10:00:00.000Z'];
    const everyone = await offeredDrivers(customer, 'parallel-victim@example.com', dates[0]);
    expect(everyone.length).toBeGreaterThan(PER_CLIENT);

    // Book Now for every offered driver at once, each with its own e-mail: the cap per client.
    const rusher = from('203.0.113.77');
    const priced = await price(rusher, 'rusher@example.com', dates[0]);
    const checkouts = await Promise.all(
      priced.offers.map((offer, i) =>
        rusher('POST', '/api/paymentbooking', {
          ...quoteFor(priced, offer),
          email: `rusher${i}@example.com`,
          percentage: 30,
        }),
      ),
    );
    const statuses = checkouts.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_CLIENT);
    // The rest are refused: over the cap (429), or told to try again while the first ones open (503).
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429 || s === 503)).toBe(true);
    expect((await price(customer, 'parallel-victim@example.com', dates[0])).offers.length).toBe(
      everyone.length - PER_CLIENT,
    );

    // The retrieve page's card path: quotes saved for later, then paid by card, all at once.
    const saver = from('203.0.113.78');
    const second = await price(saver, 'saver2@example.com', dates[1]);
    const saved: Record<string, unknown>[] = [];
    for (const [i, offer] of second.offers.entries()) {
      const r = await saver<{ data: Record<string, unknown> }>('POST', '/api/saveRetrieve', {
        quote: { ...quoteFor(second, offer), email: `saver2-${i}@example.com` },
      });
      expect(r.status).toBe(201);
      saved.push(r.body.data);
    }
    const intents = await Promise.all(
      saved.map((record) => saver('POST', '/api/savebooking', [{ ...record, percentage: 30 }])),
    );
    const intentStatuses = intents.map((r) => r.status);
    expect(intentStatuses.filter((s) => s === 200)).toHaveLength(PER_CLIENT);
    expect(intentStatuses.filter((s) => s !== 200).every((s) => s === 429 || s === 503)).toBe(true);
    expect((await price(customer, 'parallel-victim@example.com', dates[1])).offers.length).toBe(
      everyone.length - PER_CLIENT,
    );
  });

  it('one contact e-mail holds at most 2 drivers from any number of clients', async () => {
    const date = '2026-02-09T10:00:00.000Z';
    const priced = await price(customer, 'same@example.com', date);
    const statuses: number[] = [];
    for (const [i, offer] of priced.offers.slice(0, 4).entries()) {
      statuses.push(
        (
          await from(`198.51.100.${20 + i}`)('POST', '/api/paymentbooking', {
            ...quoteFor(priced, offer),
            percentage: 30,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it("a failed checkout gives its driver back at once; an open checkout hides its driver from every quote, its own customer's e-mail too", async () => {
    const date = '2026-02-10T10:00:00.000Z';
    const priced = await price(customer, 'own@example.com', date);
    const offer = priced.offers[0]!;
    const checkout = await customer<{ url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(priced, offer),
      percentage: 30,
    });
    expect(checkout.status).toBe(200);

    // Held from everyone: quoting with the customer's e-mail (from anywhere) shows exactly what a
    // stranger is shown, so the offers never tell anyone that this address has a checkout open.
    const strangers = await offeredDrivers(from('192.0.2.20'), 'other@example.com', date);
    expect(strangers).not.toContain(offer.driverId);
    expect(await offeredDrivers(customer, 'own@example.com', date)).toEqual(strangers);
    expect(await offeredDrivers(from('203.0.113.21'), 'own@example.com', date)).toEqual(strangers);

    // The card is declined on the checkout page: the driver is free for everyone again.
    const page = await customer<string>('GET', checkout.body.url);
    const declineAction = page.body.match(/<form method="post" action="([^"]+\/fail)"/)![1]!;
    expect((await customer('POST', declineAction, '', { form: true })).status).toBe(303);
    expect(await offeredDrivers(from('192.0.2.20'), 'other@example.com', date)).toContain(offer.driverId);
  });

  it("a customer paying a second saved quote for the driver their own open checkout holds supersedes it only with that checkout's proof; the first checkout can no longer be paid, and others are still refused", async () => {
    const date = '2026-02-11T10:00:00.000Z';
    const first = await price(customer, 'back@example.com', date);
    const offer = first.offers[0]!;
    // Two quotes for the same driver and time: one saved for later (four hours), one booked now.
    const longer = await customer<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(date, { email: 'back@example.com', name: 'Some Customer', hour: 4 }),
    );
    const again = longer.body.offers.find((o) => o.driverId === offer.driverId)!;
    const saved = await customer<{ data: Record<string, unknown> }>('POST', '/api/saveRetrieve', {
      quote: { ...quoteFor(longer.body, again), email: 'back@example.com' },
    });
    expect(saved.status).toBe(201);
    const firstCheckout = await customer<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(first, offer),
      percentage: 30,
    });
    expect(firstCheckout.status).toBe(200);

    // The saved quote's Pay on the retrieve page: the same address and e-mail are no proof of the
    // first checkout; its session id (which only the tab that opened it holds) is.
    const unproved = await customer('POST', '/api/savebooking', [{ ...saved.body.data, percentage: 30 }]);
    expect(unproved.status).toBe(409);
    const rebooked = await customer<{ paymentIntentId: string; localCheckoutUrl: string }>('POST', '/api/savebooking', [
      { ...saved.body.data, percentage: 30, checkoutProofs: [firstCheckout.body.sessionId] },
    ]);
    expect(rebooked.status, JSON.stringify(rebooked.body)).toBe(200);

    const other = await price(from('192.0.2.30'), 'stranger@example.com', date);
    expect(other.offers.map((o) => o.driverId)).not.toContain(offer.driverId);

    // The first tab is still open: its Pay no longer takes money (the session was closed when the
    // second one took the driver), so the driver's time is never sold twice.
    const firstTab = await customer<string>('GET', firstCheckout.body.url);
    expect(firstTab.body).toContain(CLOSED_CHECKOUT_PAGE);
    const lateFirstTab = await customer('POST', `${firstCheckout.body.url}/pay`, '', { form: true });
    expect(lateFirstTab.location ?? '').toContain('/paymentbooking/fail');
    expect(await successStatus(customer, firstCheckout.body.sessionId)).toBe(402);
    // The card payment is abandoned: only now is the driver free, and one stranger books them.
    expect((await pressOnCheckoutPage(customer, rebooked.body.localCheckoutUrl, 'fail')).status).toBe(303);
    const stranger = from('192.0.2.31');
    const freed = await price(stranger, 'stranger2@example.com', date);
    const dave = freed.offers.find((o) => o.driverId === offer.driverId)!;
    expect(dave).toBeTruthy();
    const strangerCheckout = await stranger<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(freed, dave),
      percentage: 30,
    });
    expect(strangerCheckout.status).toBe(200);
    expect((await pressOnCheckoutPage(stranger, strangerCheckout.body.url, 'pay')).status).toBe(303);
    expect(await successStatus(stranger, strangerCheckout.body.sessionId)).toBe(200);
    expect(await offeredDrivers(from('192.0.2.32'), 'fourth@example.com', date)).not.toContain(offer.driverId);
  });

  it('a checkout whose hold lapsed cannot be paid any more: another customer books the driver, and the late Pay takes nothing', async () => {
    const date = '2026-02-14T10:00:00.000Z';
    const late = from('198.51.100.60');
    const priced = await price(late, 'late@example.com', date);
    const offer = priced.offers[0]!;
    const lateCheckout = await late<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(priced, offer),
      percentage: 30,
    });
    expect(lateCheckout.status).toBe(200);
    // The session lapses; another customer books and pays the same driver and time.
    now += 36 * 60_000;
    const prompt = from('198.51.100.61');
    const second = await price(prompt, 'prompt@example.com', date);
    const same = second.offers.find((o) => o.driverId === offer.driverId)!;
    expect(same).toBeTruthy();
    const promptCheckout = await prompt<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(second, same),
      percentage: 30,
    });
    expect((await pressOnCheckoutPage(prompt, promptCheckout.body.url, 'pay')).status).toBe(303);
    // The first customer's page was left open: as a Stripe session past its expires_at, it takes nothing.
    const latePay = await late('POST', `${lateCheckout.body.url}/pay`, '', { form: true });
    expect(latePay.location ?? '').toContain('/paymentbooking/fail');
    expect(await successStatus(late, lateCheckout.body.sessionId)).toBe(402);
    expect(await successStatus(prompt, promptCheckout.body.sessionId)).toBe(200);
    await embedded.product.bus.idle();

    const driver = {
      headers: driverAuth(offer.driverId, { env: { JWT_SECRET: embedded.product.env.JWT_SECRET! }, clock }),
    };
    // The driver has the prompt customer's job at that time, and nobody's booking waits without a driver.
    const jobs = await gateway<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, driver);
    const atThatTime = [...jobs.body.upcoming, ...jobs.body.today].filter(
      (j) => j.move.date === date && j.status !== 'returned-to-staff',
    );
    expect(atThatTime).toHaveLength(1);
    const staff = { headers: staffAuth('Sam_Admin', { env: { JWT_SECRET: embedded.product.env.JWT_SECRET! }, clock }) };
    const returned = await gateway<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff);
    expect(returned.body.filter((j) => j.move?.date === date && j.returnedBecause === 'not-free')).toEqual([]);
  });

  it("someone who knows only a customer's e-mail cannot take over the driver their open checkout holds", async () => {
    const date = '2026-02-12T10:00:00.000Z';
    const victim = from('198.51.100.40');
    const priced = await price(victim, 'vic@example.com', date);
    const offer = priced.offers[0]!;
    const victimCheckout = await victim<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(priced, offer),
      percentage: 30,
    });
    expect(victimCheckout.status).toBe(200);

    // Another client, the victim's e-mail, another name: the driver is not even offered (an open
    // checkout hides its driver from every quote), and Book Now on the victim's own offer is refused.
    const impostor = from('203.0.113.41');
    const theirs = await impostor<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(date, { email: 'vic@example.com', name: 'Not The Victim', phone: '07700900111' }),
    );
    expect(theirs.body.offers.map((o) => o.driverId)).not.toContain(offer.driverId);
    const taken = await impostor<{ message?: string }>('POST', '/api/paymentbooking', {
      ...quoteFor(priced, offer),
      name: 'Not The Victim',
      phone: '07700900111',
      percentage: 30,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This driver is no longer free at that time: get quotes again');
    expect(await offeredDrivers(from('192.0.2.42'), 'third-party@example.com', date)).not.toContain(offer.driverId);

    // The victim pays as they meant to.
    expect((await pressOnCheckoutPage(victim, victimCheckout.body.url, 'pay')).status).toBe(303);
    expect(await successStatus(victim, victimCheckout.body.sessionId)).toBe(200);
  });

  it("the same quote sent by another client is never answered with the first client's checkout or card secret", async () => {
    const date = '2026-02-13T10:00:00.000Z';
    const owner = from('198.51.100.50');
    const copier = from('203.0.113.51');
    const priced = await price(owner, 'owner@example.com', date);
    const order = { ...quoteFor(priced, priced.offers[0]!), percentage: 30 };
    const mine = await owner<{ sessionId: string }>('POST', '/api/paymentbooking', order);
    expect(mine.status).toBe(200);
    // The owner's double click gets their own session back.
    expect((await owner<{ sessionId: string }>('POST', '/api/paymentbooking', order)).body.sessionId).toBe(
      mine.body.sessionId,
    );
    // Byte for byte the same quote from elsewhere is another booking, and its driver is held.
    const copied = await copier<{ sessionId?: string }>('POST', '/api/paymentbooking', order);
    expect(copied.status).toBe(409);
    expect(copied.body.sessionId).toBeUndefined();

    // The retrieve page's card path: whoever else has the code gets a card secret of their own.
    const saved = await owner<{ data: Record<string, unknown> }>('POST', '/api/saveRetrieve', {
      quote: { ...quoteFor(priced, priced.offers[1]!), email: 'owner@example.com' },
    });
    expect(saved.status).toBe(201);
    const ownIntent = await owner<{ clientSecret: string }>('POST', '/api/savebooking', [
      { ...saved.body.data, percentage: 30 },
    ]);
    expect(ownIntent.status).toBe(200);
    const codeHolder = await copier<{ clientSecret: string }>('POST', '/api/savebooking', [
      { ...saved.body.data, percentage: 30 },
    ]);
    expect(codeHolder.status).toBe(200);
    expect(codeHolder.body.clientSecret).not.toBe(ownIntent.body.clientSecret);
    // One live card payment per booking: the code holder's closed the owner's, and the owner's next closes theirs.
    const ownAgain = await owner<{ clientSecret: string }>('POST', '/api/savebooking', [
      { ...saved.body.data, percentage: 30 },
    ]);
    expect(ownAgain.status).toBe(200);
    expect([ownIntent.body.clientSecret, codeHolder.body.clientSecret]).not.toContain(ownAgain.body.clientSecret);
  });

  describe("checkouts opened with a customer's e-mail from elsewhere", () => {
    const staff = () => staffAuth('Sam_Admin', { env: { JWT_SECRET: embedded.product.env.JWT_SECRET! }, clock });
    const { outbox, mailText, settle } = devOutbox(gateway, staff, () => embedded.product.bus);
    const releaseMails = async (to: string) => releaseMailsIn(await outbox(), to);

    it("the address's owner is mailed a link that releases them and frees their drivers; then the owner books, whatever is opened in their name again", async () => {
      const date = '2026-02-18T10:00:00.000Z';
      const email = 'targeted@example.com';
      const owner = from('198.51.100.60');
      const everyone = await offeredDrivers(owner, email, date);

      // Someone who knows the address opens two checkouts with it, from two addresses of their own.
      const priced = await price(from('203.0.113.60'), email, date);
      const held: { driverId: string; sessionId: string; url: string }[] = [];
      for (const [i, offer] of priced.offers.slice(0, 2).entries()) {
        const r = await from(`203.0.113.${60 + i}`)<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
          ...quoteFor(priced, offer),
          percentage: 30,
        });
        expect(r.status).toBe(200);
        held.push({ driverId: offer.driverId, ...r.body });
      }

      // The owner is refused, told why, and mailed the link (once, however often they try).
      const mine = await price(owner, email, date);
      const free = mine.offers.find((o) => !held.some((h) => h.driverId === o.driverId))!;
      for (let attempt = 0; attempt < 2; attempt++) {
        const refused = await owner<{ message?: string }>('POST', '/api/paymentbooking', {
          ...quoteFor(mine, free),
          percentage: 30,
        });
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(
          /^You already have 2 moves waiting for payment, some started from another device\. .*If you did not start them, we have e-mailed you a link to release them\.$/,
        );
      }
      await settle();
      const mails = await releaseMails(email);
      expect(mails).toHaveLength(1);
      const text = await mailText(mails[0]!.file);
      expect(text).toContain('2 moves are waiting for payment');
      const link = text.match(/https?:\/\/\S+\/release-checkouts#([A-Za-z0-9_-]+)/);
      expect(link, text).toBeTruthy();
      const token = link![1]!;

      // A made-up or altered token releases nothing.
      for (const forged of [`${token.slice(0, -2)}xx`, 'A'.repeat(43), 'short']) {
        const r = await from('203.0.113.60')<{ message?: string }>('POST', '/api/paymentbooking/release', {
          token: forged,
        });
        expect(r.status).toBe(forged === 'short' ? 400 : 404);
        expect(r.body.message).toMatch(/^This release link has expired or is not valid\./);
      }
      expect(await offeredDrivers(from('192.0.2.61'), 'bystander@example.com', date)).toEqual(
        everyone.filter((d) => !held.some((h) => h.driverId === d)),
      );

      // The link releases both: their checkouts take no money, their drivers are free again.
      const released = await owner<{ released: number; kept: number }>('POST', '/api/paymentbooking/release', {
        token,
      });
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      expect(released.body).toEqual({ released: 2, kept: 0 });
      for (const h of held) {
        const page = await from('203.0.113.60')<string>('GET', h.url);
        expect(page.body).toContain(CLOSED_CHECKOUT_PAGE);
        expect(await successStatus(from('203.0.113.60'), h.sessionId)).not.toBe(200);
      }
      expect(await offeredDrivers(from('192.0.2.61'), 'bystander@example.com', date)).toEqual(everyone);

      // Using the link again is harmless.
      expect((await owner('POST', '/api/paymentbooking/release', { token })).body).toEqual({ released: 0, kept: 0 });

      // Whoever opens checkouts in the address's name again, from elsewhere, no longer shuts out the
      // client that used the link (while it lives); any other client is still held to the address's share.
      for (const [i, offer] of priced.offers.slice(0, 2).entries()) {
        const r = await from(`203.0.113.${62 + i}`)('POST', '/api/paymentbooking', {
          ...quoteFor(priced, offer),
          percentage: 30,
        });
        expect(r.status).toBe(200);
      }
      expect(
        (await from('198.51.100.99')('POST', '/api/paymentbooking', { ...quoteFor(mine, free), percentage: 30 }))
          .status,
      ).toBe(429);
      const booked = await owner<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
        ...quoteFor(mine, free),
        percentage: 30,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);

      // No second mail within the quarter hour, however often the address is refused.
      await settle();
      expect(await releaseMails(email)).toHaveLength(1);

      // The link lapses with the checkouts it was for.
      now += 46 * 60_000;
      expect((await owner('POST', '/api/paymentbooking/release', { token })).status).toBe(404);
    });

    it("a client at its own cap is not told about, and does not mail, another customer's checkouts", async () => {
      const date = '2026-02-19T10:00:00.000Z';
      const busy = from('203.0.113.70');
      const priced = await price(busy, 'busy@example.com', date);
      for (const [i, offer] of priced.offers.slice(0, PER_CLIENT).entries()) {
        const r = await busy('POST', '/api/paymentbooking', {
          ...quoteFor(priced, offer),
          email: `busy${i}@example.com`,
          percentage: 30,
        });
        expect(r.status).toBe(200);
      }
      // The other customer has their address's whole share open, from their own device.
      const other = from('198.51.100.71');
      const theirs = await price(other, 'quiet@example.com', date);
      for (const offer of theirs.offers.slice(PER_CLIENT, PER_CLIENT + 2)) {
        expect(
          (await other('POST', '/api/paymentbooking', { ...quoteFor(theirs, offer), percentage: 30 })).status,
        ).toBe(200);
      }
      const refused = await busy<{ message?: string }>('POST', '/api/paymentbooking', {
        ...quoteFor(priced, priced.offers[PER_CLIENT + 2]!),
        email: 'quiet@example.com',
        percentage: 30,
      });
      expect(refused.status).toBe(429);
      // Its own four, not the other customer's: nothing about that address is told.
      expect(refused.body.message).toMatch(
        /^You already have 4 moves waiting for payment\. Finish paying one of them, or try again in \d+ minutes? when they lapse\.$/,
      );
      await settle();
      expect(await releaseMails('quiet@example.com')).toHaveLength(0);
    });

    it("spending an address's day of release mails on it does not shut its owner out", async () => {
      // On the 5-minute grid, so the checkouts below lapse exactly 30 minutes after they open.
      now = Math.ceil(now / 300_000) * 300_000;
      const date = '2026-02-20T10:00:00.000Z';
      const email = 'besieged@example.com';
      const priced = await price(from('203.0.113.80'), email, date);
      const holdTwo = async (firstClient: number) => {
        for (const [i, offer] of priced.offers.slice(0, 2).entries()) {
          const r = await from(`203.0.113.${firstClient + i}`)('POST', '/api/paymentbooking', {
            ...quoteFor(priced, offer),
            percentage: 30,
          });
          expect(r.status).toBe(200);
        }
      };
      const mine = await price(from('198.51.100.80'), email, date);
      const free = mine.offers.find((o) => !priced.offers.slice(0, 2).some((p) => p.driverId === o.driverId))!;
      // The owner, never opening the mail, tries from a new device each time.
      const ownerTries = (device: number) =>
        from(`198.51.100.${device}`)('POST', '/api/paymentbooking', { ...quoteFor(mine, free), percentage: 30 });

      // Someone keeps two checkouts open in the address's name: each quarter hour it is refused, the owner is mailed.
      await holdTwo(80);
      expect((await ownerTries(81)).status).toBe(429);
      now += 15 * 60_000 + 1000;
      expect((await ownerTries(82)).status).toBe(429);
      now += 15 * 60_000 + 1000;
      await holdTwo(82);
      expect((await ownerTries(83)).status).toBe(429);
      await settle();
      expect(await releaseMails(email)).toHaveLength(3);

      // The day's mails are spent, so the address's share no longer applies to other clients: the owner books.
      now += 60_000;
      const booked = await ownerTries(84);
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      await settle();
      expect(await releaseMails(email)).toHaveLength(3);
    });
  });
});
