import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ACCOUNT_MSG, TOPICS } from '@vanhop/contracts';
import { createLogger, EmbeddedDocumentStore, type Clock } from '@vanhop/platform';
import {
  CUSTOMER_SIGN_IN_LINKS,
  CustomerSessionRepository,
  SignInLinkRepository,
} from '../src/adapters/customer-account-repository.js';
import { CustomerSignIn, tokenDigest } from '../src/app/customer-sign-in.js';
import type { CustomerBookingsReader } from '../src/domain/customer-account.js';

const START = Date.parse('2026-03-01T12:00:00Z');

describe('sign-in links and customer sessions', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let at: number;
  let lookups: string[];
  let signIn: CustomerSignIn;
  const tokens = ['L'.repeat(43), 'S'.repeat(43), 'T'.repeat(43), 'U'.repeat(43)];

  const clock: Clock = { now: () => new Date(at) };
  const known = new Set(['known@example.com']);
  const bookings: CustomerBookingsReader = {
    anyFor: async (key) => {
      lookups.push(key);
      return known.has(key);
    },
    pageFor: async () => [],
    ownedBy: async () => null,
  };
  const parked = async () =>
    (
      await store
        .collection<{ _id: string; outbox?: { topic: string; event: { data: unknown } }[] }>(CUSTOMER_SIGN_IN_LINKS)
        .find({})
    )
      .flatMap((d) => d.outbox ?? [])
      .map((e) => ({ topic: e.topic, data: e.event.data }));

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-booking-sign-in-'));
    store = new EmbeddedDocumentStore(dir);
    at = START;
    lookups = [];
    let next = 0;
    signIn = new CustomerSignIn({
      links: new SignInLinkRepository(store),
      sessions: new CustomerSessionRepository(store),
      bookings,
      clock,
      logger: createLogger('test', 'silent'),
      onWritten: () => {},
      newToken: () => tokens[next++]!,
    });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('asking does the same for any address: no lookup, one request and its event, no token', async () => {
    await signIn.request(' Known@Example.com ');
    await signIn.request('nobody@example.com');
    expect(lookups).toEqual([]);
    // The store answers in its own order.
    expect(await parked()).toEqual(
      expect.arrayContaining([
        { topic: TOPICS.customerSignInRequested, data: { requestId: expect.any(String), email: 'Known@Example.com' } },
        { topic: TOPICS.customerSignInRequested, data: { requestId: expect.any(String), email: 'nobody@example.com' } },
      ]),
    );
    expect(await parked()).toHaveLength(2);
  });

  it('the event issues one link for a known address only; a redelivery issues none; the token is stored as its digest', async () => {
    await signIn.request('Known@Example.com');
    await signIn.request('nobody@example.com');
    const requests = (await parked()).map((p) => p.data as { requestId: string; email: string });
    const known = requests.find((r) => r.email === 'Known@Example.com');
    const unknown = requests.find((r) => r.email === 'nobody@example.com');
    await signIn.issue(unknown!, 'e-2');
    await signIn.issue(known!, 'e-1');
    await signIn.issue(known!, 'e-1');
    const issued = (await parked()).filter((p) => p.topic === TOPICS.customerSignInLinkIssued);
    expect(issued).toEqual([
      {
        topic: TOPICS.customerSignInLinkIssued,
        data: {
          email: 'Known@Example.com',
          signInPath: `/account/sign-in#${tokens[0]}`,
          expiresAt: new Date(START + 15 * 60_000).toISOString(),
        },
      },
    ]);
    const raw = JSON.stringify(
      (await store.collection<{ _id: string; outbox?: unknown }>(CUSTOMER_SIGN_IN_LINKS).find({})).map(
        ({ outbox: _o, ...rest }) => rest,
      ),
    );
    expect(raw).not.toContain(tokens[0]);
    expect(raw).toContain(tokenDigest(tokens[0]!));
  });

  it('a link opens one 30-day session within 15 minutes; the session is refused once signed out', async () => {
    await signIn.request('known@example.com');
    await signIn.issue((await parked())[0]!.data as { requestId: string; email: string }, 'e-1');
    at = START + 14 * 60_000;
    const session = await signIn.redeem(tokens[0]!);
    expect(session).toEqual({
      token: tokens[1],
      email: 'known@example.com',
      expiresAt: new Date(at + 30 * 86_400_000).toISOString(),
    });
    await expect(signIn.redeem(tokens[0]!)).rejects.toMatchObject({
      status: 410,
      message: CUSTOMER_ACCOUNT_MSG.linkExpired,
    });
    const who = await signIn.authenticate(`Bearer ${tokens[1]}`);
    expect(who.emailKey).toBe('known@example.com');
    at += 30 * 86_400_000;
    await expect(signIn.authenticate(`Bearer ${tokens[1]}`)).rejects.toMatchObject({ status: 401 });
    at -= 86_400_000;
    await signIn.signOut(who);
    await expect(signIn.authenticate(`Bearer ${tokens[1]}`)).rejects.toMatchObject({ status: 401 });
  });

  it('a link unused for 15 minutes has expired', async () => {
    await signIn.request('known@example.com');
    await signIn.issue((await parked())[0]!.data as { requestId: string; email: string }, 'e-1');
    at = START + 15 * 60_000;
    await expect(signIn.redeem(tokens[0]!)).rejects.toMatchObject({ status: 410 });
  });
});
