import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ACCOUNT_MSG,
  type BookAgainDraft,
  type CustomerSessionAnswer,
  type MyMoveView,
  type MyMovesPage,
  type SavedAddress,
} from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { address, completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { devOutbox } from '../support/dev-outbox.js';

/**
 * The customer's account through the gateway of the embedded product: a sign-in link asked for by
 * e-mail, read from the mail outbox, redeemed once for a session; My moves lists only that
 * address's records; sessions can be signed out here or everywhere.
 */

const START = Date.now();
let offsetMs = 0;
/** The wall clock, moved on by `offsetMs` where a test needs a link to lapse. */
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const MOVE_DATE = daysAheadAtUtc(new Date(START), 6, 10);
const LATER_MOVE = daysAheadAtUtc(new Date(START), 9, 10);

describe('customer account by e-mail link (embedded product)', () => {
  const embedded = useEmbeddedProduct({ clock, beforeStop: () => settle() });
  const { api } = embedded;
  const staff = () => staffAuth('accountstaff', embedded.jwt());
  const { outbox, mailText, settle } = devOutbox(api, staff, () => embedded.product().bus);

  const askForLink = (email: unknown) => api<{ message: string }>('POST', '/api/customer/link', { email });
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  const readMails = new Set<string>();
  /** The sign-in token of the one sign-in mail to `to` not read before (after the outbox settled). */
  async function tokenMailedTo(to: string): Promise<string | null> {
    const mails = (await outbox()).mails.filter(
      (m) =>
        m.to.toLowerCase() === to.toLowerCase() && m.subject === 'Your VanHop sign-in link' && !readMails.has(m.file),
    );
    expect(mails.length).toBeLessThanOrEqual(1);
    const mail = mails[0];
    if (!mail) return null;
    readMails.add(mail.file);
    return /\/account\/sign-in#([\w-]{43})/.exec(await mailText(mail.file))?.[1] ?? null;
  }

  async function signIn(typed: string, mailbox = typed.trim()): Promise<CustomerSessionAnswer> {
    expect((await askForLink(typed)).status).toBe(202);
    await settle();
    const token = await tokenMailedTo(mailbox);
    expect(token).toBeTruthy();
    const session = await api<CustomerSessionAnswer>('POST', '/api/customer/session', { token });
    expect(session.status).toBe(201);
    return session.body;
  }

  async function bookAndPay(email: string, date: string) {
    const { quote, record } = await priceAndSave(api, completeBooking(date, { email }));
    await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    return record;
  }

  it('answers 202 with the same words for known, unknown and differently spelt addresses; mails only a known one', async () => {
    await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'known@example.com' }));
    await settle();
    const known = await askForLink('known@example.com');
    const unknown = await askForLink('nobody@example.com');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: CUSTOMER_ACCOUNT_MSG.linkSent });
    }
    await settle();
    expect(await tokenMailedTo('known@example.com')).toMatch(/^[\w-]{43}$/);
    expect((await outbox()).mails.some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('refuses a missing or invalid e-mail with a 400 naming the field', async () => {
    const missing = await api('POST', '/api/customer/link', {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(CUSTOMER_ACCOUNT_MSG.emailRequired);
    const bad = await askForLink('not-an-address');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CUSTOMER_ACCOUNT_MSG.emailInvalid);
    expect((await askForLink({ $gt: '' })).status).toBe(400);
  });

  it('a link signs in once: a replay, a made-up token and a malformed one are refused with the same words', async () => {
    await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'once@example.com' }));
    await askForLink('once@example.com');
    await settle();
    const token = (await tokenMailedTo('once@example.com'))!;
    const first = await api<CustomerSessionAnswer>('POST', '/api/customer/session', { token });
    expect(first.status).toBe(201);
    expect(first.body.email).toBe('once@example.com');
    const days = (Date.parse(first.body.expiresAt) - clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const replay = await api('POST', '/api/customer/session', { token });
    expect(replay.status).toBe(410);
    expect(JSON.stringify(replay.body)).toContain(CUSTOMER_ACCOUNT_MSG.linkExpired);
    const madeUp = await api('POST', '/api/customer/session', { token: 'A'.repeat(43) });
    expect(madeUp.status).toBe(410);
    const malformed = await api('POST', '/api/customer/session', { token: { $ne: '' } });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain(CUSTOMER_ACCOUNT_MSG.linkExpired);
  });

  it('a link no longer works after 15 minutes', async () => {
    await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'late@example.com' }));
    await askForLink('late@example.com');
    await settle();
    const token = await tokenMailedTo('late@example.com');
    offsetMs += 16 * 60_000;
    try {
      const late = await api('POST', '/api/customer/session', { token });
      expect(late.status).toBe(410);
      expect(JSON.stringify(late.body)).toContain(CUSTOMER_ACCOUNT_MSG.linkExpired);
    } finally {
      offsetMs -= 16 * 60_000;
    }
  });

  it('My moves lists every record of that address (trimmed, any case), newest first, and never another address', async () => {
    const saved = await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'Alex.Mover@Example.com' }));
    const booked = await bookAndPay('alex.mover@example.com', LATER_MOVE);
    const other = await bookAndPay('bea@example.com', MOVE_DATE);
    // A different address, however close, is a different customer.
    await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'alex.mover+work@example.com' }));
    await settle();

    const a = await signIn('  ALEX.MOVER@example.COM ', 'ALEX.MOVER@example.COM');
    expect(a.email).toBe('alex.mover@example.com');
    const list = await api<MyMovesPage>('GET', '/api/customer/moves', undefined, bearer(a.token));
    expect(list.status).toBe(200);
    const raw = await fetch(`${embedded.product().url}/api/customer/moves`, bearer(a.token));
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(list.body.moves.map((m) => m.randomNumber)).toEqual([booked.randomNumber, saved.record.randomNumber]);
    expect(list.body.moves.map((m) => m.kind)).toEqual(['booking', 'saved-quote']);
    expect(list.body.moves.every((m) => m.upcoming)).toBe(true);
    expect(list.body.hasMore).toBe(false);

    // Each opens its My move page.
    const page = await api<MyMoveView>('GET', `/api${list.body.moves[0]!.myMovePath}`);
    expect(page.status).toBe(200);
    expect(page.body.randomNumber).toBe(booked.randomNumber);
    const opened = await api<{ myMovePath: string }>(
      'GET',
      `/api/customer/moves/${booked.randomNumber}`,
      undefined,
      bearer(a.token),
    );
    expect(opened.status).toBe(200);
    expect(opened.body.myMovePath).toBe(list.body.moves[0]!.myMovePath);

    // Another customer's record, by id or by code, is not found, and cannot be booked again.
    for (const ref of [other._id, String(other.randomNumber)]) {
      expect((await api('GET', `/api/customer/moves/${ref}`, undefined, bearer(a.token))).status).toBe(404);
      expect((await api('GET', `/api/customer/moves/${ref}/again`, undefined, bearer(a.token))).status).toBe(404);
    }
    const b = await signIn('bea@example.com');
    const bList = await api<MyMovesPage>('GET', '/api/customer/moves', undefined, bearer(b.token));
    expect(bList.body.moves.map((m) => m.bookingId)).toEqual([other._id]);
  });

  it('book again gives the same stops, items, van, help and hours without a date; saved addresses are distinct', async () => {
    const stops = [
      address('a', 'London NW2, UK', '12 Example Road', 1),
      address('v', 'London NW6, UK', '7 Via Lane', 2),
      address('b', 'Cricklewood, UK', '3 Other Street', 0),
    ];
    const { record } = await priceAndSave(
      api,
      completeBooking(MOVE_DATE, { email: 'again@example.com', addresses: stops, vanSize: 'Luton' }),
    );
    await priceAndSave(api, completeBooking(LATER_MOVE, { email: 'again@example.com' }));
    const s = await signIn('again@example.com');
    const again = await api<BookAgainDraft>(
      'GET',
      `/api/customer/moves/${record._id}/again`,
      undefined,
      bearer(s.token),
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      vanSize: 'Luton',
      driverHelp: 'Driver-Help',
      hour: 3,
      email: 'again@example.com',
    });
    expect(again.body.addresses.map((x) => x.physicalAddress)).toEqual([
      '12 Example Road',
      '7 Via Lane',
      '3 Other Street',
    ]);
    expect('date' in again.body).toBe(false);

    const saved = await api<{ addresses: SavedAddress[] }>(
      'GET',
      '/api/customer/addresses',
      undefined,
      bearer(s.token),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.addresses.map((x) => x.physicalAddress).sort()).toEqual(
      ['12 Example Road', '3 Other Street', '7 Via Lane'].sort(),
    );
  });

  it('signing out refuses that session (401); signing out everywhere refuses every session of the address', async () => {
    await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'out@example.com' }));
    const one = await signIn('out@example.com');
    const two = await signIn('out@example.com');
    const three = await signIn('out@example.com');
    expect((await api('POST', '/api/customer/sign-out', undefined, bearer(one.token))).status).toBe(204);
    const refused = await api('GET', '/api/customer/moves', undefined, bearer(one.token));
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toContain(CUSTOMER_ACCOUNT_MSG.signedOut);
    expect((await api('GET', '/api/customer/moves', undefined, bearer(two.token))).status).toBe(200);

    expect((await api('POST', '/api/customer/sign-out-everywhere', undefined, bearer(two.token))).status).toBe(204);
    for (const s of [two, three])
      expect((await api('GET', '/api/customer/moves', undefined, bearer(s.token))).status).toBe(401);
    expect((await api('GET', '/api/customer/moves')).status).toBe(401);
    expect((await api('GET', '/api/customer/moves', undefined, bearer('A'.repeat(43)))).status).toBe(401);
  });

  it('one address may ask for a few links an hour, whoever asks', async () => {
    for (let i = 0; i < 5; i++) expect((await askForLink('flood@example.com')).status).toBe(202);
    expect((await askForLink(' FLOOD@example.com')).status).toBe(429);
    expect((await askForLink('calm@example.com')).status).toBe(202);
  });
});

describe('customer account link routes, per client', () => {
  const embedded = useEmbeddedProduct({ env: { RETRIEVE_RATE_LIMIT_PER_MINUTE: '3' } });
  const { api } = embedded;

  it('one client may ask for only so many links a minute, whatever the addresses', async () => {
    for (const n of [1, 2, 3])
      expect((await api('POST', '/api/customer/link', { email: `c${n}@example.com` })).status).toBe(202);
    const refused = await api('POST', '/api/customer/link', { email: 'c4@example.com' });
    expect(refused.status).toBe(429);
    // Redeeming links has its own budget.
    expect((await api('POST', '/api/customer/session', { token: 'A'.repeat(43) })).status).toBe(410);
  });
});
