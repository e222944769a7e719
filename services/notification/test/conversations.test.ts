import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_MSG,
  MESSAGE_MAX_LENGTH,
  THREAD_MAX_MESSAGES,
  TOPICS,
  type EventEnvelope,
  type Quote,
  type StartedConversation,
} from '@vanhop/contracts';
import { quoteService } from '@vanhop/quote';
import { fleetService } from '@vanhop/fleet';
import { bookingService } from '@vanhop/booking';
import {
  createLogger,
  LinkSigner,
  MemoryEventBus,
  startService,
  type Clock,
  type RunningService,
} from '@vanhop/platform';
import { notificationService } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { loadConfig as loadQuoteConfig } from '../../quote/src/config.js';
import { loadConfig as loadBookingConfig } from '../../booking/src/config.js';
import { CONVERSATIONS, type ConversationThread } from '../src/domain/conversation-thread.js';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '../src/app/conversation-use-cases.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { completeBooking, daysAheadAtUtc } from '../../../test/support/booking-fixtures.js';
import { apiClient } from '../../../test/support/gateway-api.js';

const DRIVER_EMAIL = 'ali.hassan@drivers.vanhop.example';
const CUSTOMER_EMAIL = 'casey.customer@example.com';
const PUBLIC_URL = 'https://vanhop.test';
const hostile = `<script>alert("x")</script> & 'quotes'`;
const about = {
  kind: 'quote',
  date: '2026-03-20T10:00:00.000Z',
  places: ['London NW2, UK', 'London SE1, UK'],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
  totalPrice: 180,
};

/** Signs the booking service's My move links in the tests that start one. */
const MY_MOVE_SECRET = 'my-move-links-in-conversation-tests-0123456789';
const CONFIRM_SUBJECT = 'Confirm your e-mail address for VanHop messages';

interface Running {
  dataDir: string;
  bus: MemoryEventBus;
  quote: RunningService;
  fleet: RunningService;
  /** Only when started `withBooking`: checks My move links for the notification service. */
  booking: RunningService | null;
  service: RunningService;
  clock: { set(iso: string): void } & Clock;
  published: EventEnvelope[];
  stop(): Promise<void>;
}

/** The notification service beside a real quote service (seeded demo drivers), on one in-process bus; a real booking service too when asked. */
async function start(env: Record<string, string> = {}, options: { withBooking?: boolean } = {}): Promise<Running> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-conversations-'));
  let now = Date.parse('2026-03-01T10:00:00Z');
  const clock = {
    now: () => new Date(now),
    set: (iso: string) => {
      now = Date.parse(iso);
    },
  };
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  const published: EventEnvelope[] = [];
  await bus.subscribe('test-observer', TOPICS.conversationMessagePosted, async (e) => void published.push(e));
  await bus.start();
  const base = { PORT: '0', LOG_LEVEL: 'silent', ...TEST_JWT_ENV };
  const quote = await startService(quoteService, loadQuoteConfig({ ...base, DATA_DIR: path.join(dataDir, 'quote') }), {
    bus,
    clock,
  });
  const fleet = await startService(
    fleetService,
    fleetService.loadConfig({ ...base, DATA_DIR: path.join(dataDir, 'quote'), QUOTE_SERVICE_URL: quote.url }),
    { bus, clock },
  );
  await bus.idle();
  const booking = options.withBooking
    ? await startService(
        bookingService,
        loadBookingConfig({
          ...base,
          DATA_DIR: path.join(dataDir, 'booking'),
          QUOTE_SERVICE_URL: quote.url,
          FLEET_SERVICE_URL: fleet.url,
          MY_MOVE_LINK_SECRET: MY_MOVE_SECRET,
        }),
        { bus, clock },
      )
    : null;
  const service = await startService(
    notificationService,
    loadConfig({
      ...base,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      OFFICE_EMAIL: 'office@vanhop.test',
      FLEET_SERVICE_URL: fleet.url,
      // Without a booking service, a My move link cannot be checked: nothing listens here.
      BOOKING_SERVICE_URL: booking?.url ?? 'http://127.0.0.1:9',
      DELIVERY_RETRY_BACKOFF_MS: '20',
      ...env,
    }),
    { bus, clock },
  );
  return {
    dataDir,
    bus,
    quote,
    fleet,
    booking,
    service,
    clock,
    published,
    stop: async () => {
      await settle({ service, bus });
      await service.stop();
      await booking?.stop();
      await fleet.stop();
      await quote.stop();
      await bus.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every stored message published and every consumer done. */
async function settle(app: Pick<Running, 'service' | 'bus'>) {
  const threads = app.service.infra.store.collection(CONVERSATIONS);
  // Bounded: a stuck relay fails here, loudly, rather than in whatever is asserted next.
  const deadline = Date.now() + 20_000;
  while ((await threads.count({ 'outbox.0': { $exists: true } })) > 0) {
    if (Date.now() > deadline) throw new Error('conversation messages still waiting in the outbox after 20 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  await app.bus.idle();
}

async function mails(app: Running): Promise<(ParsedMail & { raw: string })[]> {
  await settle(app);
  const dir = path.join(app.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(path.join(dir, f), 'utf8');
      return Object.assign(await simpleParser(raw), { raw });
    }),
  );
}

const to = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
const linkIn = (m: ParsedMail, route: string) =>
  new RegExp(`${PUBLIC_URL}/${route}/([\\w.-]+)`).exec(m.text ?? '')?.[1];
/** Every mail to `address` so far. */
const mailsTo = async (app: Running, address: string) => (await mails(app)).filter((m) => to(m).includes(address));
/** The thread token and the one-time confirmation token of a confirmation mail's link. */
function confirmLink(m: ParsedMail): { thread: string; confirmation: string } {
  const found = new RegExp(`${PUBLIC_URL}/conversation/([\\w.-]+)\\?confirm=([\\w.-]+)`).exec(m.text ?? '');
  expect(found, m.text).toBeTruthy();
  return { thread: found![1]!, confirmation: found![2]! };
}

function client(app: () => Running, ip = '10.1.0.1') {
  return async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app().service.url}${pathname}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
}

describe('conversations: a customer and a driver', () => {
  let app: Running;
  const api = client(() => app);
  let started: StartedConversation;

  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('starts a thread with a driver from a quote: 201 with the customer link, and nobody sees an address', async () => {
    const res = await api('POST', '/api/conversations/driver', {
      driverId: 'drv-ali-hassan',
      name: 'Casey Customer',
      email: CUSTOMER_EMAIL,
      about,
      body: 'Can you take a piano?\nIt is upright.',
    });
    expect(res.status).toBe(201);
    started = res.body;
    expect(started.token).toMatch(/^v1\./);
    expect(started.path).toBe(`/conversation/${started.token}`);
    expect(started.conversation).toMatchObject({
      kind: 'driver',
      driverName: 'Ali Hassan',
      canReply: true,
      about: { kind: 'quote', places: ['London NW2, UK', 'London SE1, UK'] },
    });
    expect(started.conversation.messages).toEqual([
      {
        id: expect.any(String),
        from: 'customer',
        author: 'Casey Customer',
        body: 'Can you take a piano?\nIt is upright.',
        at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    expect(res.text).not.toContain(DRIVER_EMAIL);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const sent = await mails(app);
    const driverMail = sent.find((m) => to(m).includes(DRIVER_EMAIL))!;
    expect(driverMail.subject).toBe('New message from Casey Customer about a move');
    expect(driverMail.text).toContain('Can you take a piano?\nIt is upright.');
    expect(driverMail.text).toContain('Route: London NW2, UK → London SE1, UK');
    expect(driverMail.text).toContain('Price shown: £180.00');
    expect(linkIn(driverMail, 'driver-reply')).toBeTruthy();
    // The customer's address is nowhere in the driver's mail, replies go to VanHop.
    expect(driverMail.raw).not.toContain(CUSTOMER_EMAIL);
    expect(driverMail.replyTo?.text).toBe('support@vanhop.example');

    // The address was only typed: the customer gets the one confirmation mail, not a copy of the message.
    expect(started.conversation.emailStatus).toBe('pending');
    const toCustomer = sent.filter((m) => to(m).includes(CUSTOMER_EMAIL));
    expect(toCustomer.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(toCustomer[0]!.raw).not.toContain('piano');
    expect(toCustomer[0]!.raw).not.toContain(DRIVER_EMAIL);
    expect(confirmLink(toCustomer[0]!).thread).toBeTruthy();
  });

  it('the driver reads and answers on the signed reply page; the customer gets the answer by e-mail once the address is confirmed', async () => {
    const driverMail = (await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL))!;
    const driverToken = linkIn(driverMail, 'driver-reply')!;
    const page = await api('GET', `/api/driver-reply/${driverToken}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ driverName: 'Ali Hassan', customerName: 'Casey Customer', canReply: true });
    expect(page.text).not.toContain(CUSTOMER_EMAIL);

    app.clock.set('2026-03-01T10:05:00Z');
    const reply = await api('POST', `/api/driver-reply/${driverToken}/messages`, {
      body: 'Yes, with a helper. £40 extra.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.messages.map((m: { from: string; author: string }) => [m.from, m.author])).toEqual([
      ['customer', 'Casey Customer'],
      ['driver', 'Ali Hassan'],
    ]);

    // Not confirmed yet: the answer is on the customer's page only.
    expect((await mailsTo(app, CUSTOMER_EMAIL)).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    const thread = await api('GET', `/api/conversations/${started.token}`);
    expect(thread.body.messages).toHaveLength(2);
    expect(thread.body.emailStatus).toBe('pending');
    expect(thread.text).not.toContain(DRIVER_EMAIL);

    const link = confirmLink((await mailsTo(app, CUSTOMER_EMAIL))[0]!);
    const confirmed = await api('POST', `/api/conversations/${link.thread}/email-confirmation`, {
      confirmation: link.confirmation,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: started.conversation.id, emailStatus: 'verified' });
    expect(confirmed.body.messages).toHaveLength(2);

    app.clock.set('2026-03-01T10:06:00Z');
    expect(
      (
        await api('POST', `/api/driver-reply/${driverToken}/messages`, {
          body: 'Yes, with a helper. £40 extra.\nSee you then.',
        })
      ).status,
    ).toBe(201);
    const answers = (await mailsTo(app, CUSTOMER_EMAIL)).filter(
      (m) => m.subject === 'Ali Hassan replied to your message',
    );
    // The answer before confirming is not mailed afterwards: only the one sent after it.
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toContain('See you then.');
    expect(answers[0]!.raw).not.toContain(DRIVER_EMAIL);
    expect(answers[0]!.replyTo?.text).toBe('support@vanhop.example');
  });

  it('a follow-up from the customer mails the driver again, with text escaped in the HTML part', async () => {
    const res = await api('POST', `/api/conversations/${started.token}/messages`, { body: hostile });
    expect(res.status).toBe(201);
    const follow = (await mails(app)).find(
      (m) => to(m).includes(DRIVER_EMAIL) && m.subject === 'Casey Customer sent you another message',
    )!;
    expect(follow.text).toContain(hostile);
    expect(follow.html).not.toContain('<script>');
    expect(follow.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
  });

  it('escapes a hostile customer name in the HTML to the driver', async () => {
    const res = await api('POST', '/api/conversations/driver', {
      driverId: 'drv-priya-shah',
      name: hostile,
      email: 'x@example.com',
      about,
      body: 'Hello',
    });
    expect(res.status).toBe(201);
    const mail = (await mails(app)).find((m) => to(m).includes('priya.shah@drivers.vanhop.example'))!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    // The confirmation mail to the address typed carries nothing the sender wrote, not even the name.
    const confirmation = (await mailsTo(app, 'x@example.com')).find((m) => m.subject === CONFIRM_SUBJECT)!;
    expect(confirmation.raw).not.toContain('script');
    expect(confirmation.raw).not.toContain('quotes');
  });

  it('refuses bad input with the field messages: empty, too long, bad e-mail, unknown driver, operators', async () => {
    const base = { driverId: 'drv-ali-hassan', name: 'Casey', email: CUSTOMER_EMAIL, about, body: 'Hi' };
    const empty = await api('POST', '/api/conversations/driver', { ...base, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.body).toBe(CONVERSATION_MSG.bodyRequired);
    const long = await api('POST', '/api/conversations/driver', { ...base, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors.body).toBe('Messages can be at most 2,000 characters');
    expect(
      (await api('POST', '/api/conversations/driver', { ...base, body: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status,
    ).toBe(201);
    expect(
      (await api('POST', '/api/conversations/driver', { ...base, email: 'not-an-address' })).body.errors.email,
    ).toBe(CONVERSATION_MSG.emailInvalid);
    expect((await api('POST', '/api/conversations/driver', { ...base, driverId: 'drv-nobody' })).status).toBe(404);
    expect((await api('POST', '/api/conversations/driver', { ...base, driverId: { $gt: '' } })).status).toBe(400);
    expect(
      (await api('POST', `/api/conversations/${started.token}/messages`, { body: 'y'.repeat(MESSAGE_MAX_LENGTH + 1) }))
        .status,
    ).toBe(400);
    const badToken = await api('POST', '/api/conversations/driver', { ...base, myMoveToken: 'not a token/../x' });
    expect(badToken.status).toBe(400);
    expect(badToken.body.errors).toEqual({ myMoveToken: CONVERSATION_MSG.myMoveTokenInvalid });
    expect(
      (await api('POST', '/api/conversations/support', { name: 'Casey', body: 'Hi', myMoveToken: { $ne: '' } })).body
        .errors.myMoveToken,
    ).toMatch(/must be a string/);
    // A well-formed token while the booking service cannot be asked: the chat starts, the address unproved.
    const unchecked = await api('POST', '/api/conversations/support', {
      name: 'Casey',
      email: 'unchecked@example.com',
      body: 'Hi',
      myMoveToken: 'v1.abc.def.ghi',
    });
    expect(unchecked.status).toBe(201);
    expect(unchecked.body.conversation.emailStatus).toBe('pending');
    expect((await mailsTo(app, 'unchecked@example.com')).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    const confirm = `/api/conversations/${started.token}/email-confirmation`;
    expect((await api('POST', confirm, {})).body.errors).toEqual({
      confirmation: CONVERSATION_MSG.confirmationRequired,
    });
    expect((await api('POST', confirm, { confirmation: 'a b' })).body.errors).toEqual({
      confirmation: CONVERSATION_MSG.confirmationInvalid,
    });
  });

  it('signed links: a changed, swapped or expired token opens nothing (404, never which)', async () => {
    const driverToken = linkIn((await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL))!, 'driver-reply')!;
    const tamper = (t: string) => {
      const parts = t.split('.');
      parts[1] = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url');
      return parts.join('.');
    };
    for (const bad of [tamper(started.token), `${started.token}x`, 'v1.a.b.c', 'nonsense', driverToken]) {
      const res = await api('GET', `/api/conversations/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(404);
      expect(res.body.message).toBe(CONVERSATION_MSG.linkInvalid);
    }
    // The customer's link does not open the driver's page, nor the other way round.
    expect((await api('GET', `/api/driver-reply/${started.token}`)).status).toBe(404);
    expect((await api('POST', `/api/driver-reply/${tamper(driverToken)}/messages`, { body: 'x' })).status).toBe(404);

    app.clock.set('2026-05-05T10:00:00Z');
    expect((await api('GET', `/api/driver-reply/${driverToken}`)).status).toBe(404); // 60 days
    expect((await api('GET', `/api/conversations/${started.token}`)).status).toBe(200);
    app.clock.set('2026-09-01T10:00:00Z');
    expect((await api('GET', `/api/conversations/${started.token}`)).status).toBe(404); // 180 days
    app.clock.set('2026-03-01T10:10:00Z');
  });

  it('two concurrent posts both land, each announced once; a full thread takes no more', async () => {
    const before = (await api('GET', `/api/conversations/${started.token}`)).body.messages.length as number;
    const results = await Promise.all(
      [1, 2, 3].map((n) => api('POST', `/api/conversations/${started.token}/messages`, { body: `concurrent ${n}` })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const after = (await api('GET', `/api/conversations/${started.token}`)).body.messages as { body: string }[];
    expect(after).toHaveLength(before + 3);
    expect(
      after
        .slice(-3)
        .map((m) => m.body)
        .sort(),
    ).toEqual(['concurrent 1', 'concurrent 2', 'concurrent 3']);
    await settle(app);
    expect(
      app.published.filter((e) => (e.data as { conversationId: string }).conversationId === started.conversation.id),
    ).toHaveLength(before + 3);

    await app.service.infra.store
      .collection<ConversationThread>(CONVERSATIONS)
      .updateOne({ _id: started.conversation.id }, { $set: { messageCount: THREAD_MAX_MESSAGES } });
    const full = await api('POST', `/api/conversations/${started.token}/messages`, { body: 'one more' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(CONVERSATION_MSG.threadFull);
    expect((await api('GET', `/api/conversations/${started.token}`)).body.canReply).toBe(false);
  });
});

describe('conversations: rate limits', () => {
  let app: Running;
  beforeAll(async () => {
    app = await start({ CONVERSATION_RATE_LIMIT_PER_HOUR: '6', CONVERSATION_THREAD_RATE_LIMIT_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('limits each side of a thread, and each client over all threads', async () => {
    const customer = client(() => app, '10.2.0.1');
    const started = (
      await customer('POST', '/api/conversations/driver', {
        driverId: 'drv-ali-hassan',
        name: 'Casey',
        email: CUSTOMER_EMAIL,
        about,
        body: 'first',
      })
    ).body as StartedConversation;
    expect((await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'two' })).status).toBe(201);
    expect((await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'three' })).status).toBe(
      201,
    );
    const limited = await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'four' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.message).toBe('Too many messages, please wait a little before sending another.');
    // Another client on the same thread is limited too: the limit belongs to the thread.
    expect(
      (await client(() => app, '10.2.0.9')('POST', `/api/conversations/${started.token}/messages`, { body: 'five' }))
        .status,
    ).toBe(429);

    // The driver's side has its own allowance.
    const driverToken = linkIn((await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL))!, 'driver-reply')!;
    expect(
      (await client(() => app, '10.3.0.1')('POST', `/api/driver-reply/${driverToken}/messages`, { body: 'answer' }))
        .status,
    ).toBe(201);

    // One client: 6 posts an hour over every thread (3 used above + 1 refused).
    const spammer = client(() => app, '10.2.0.1');
    expect((await spammer('POST', '/api/conversations/support', { name: 'Casey', body: 'a' })).status).toBe(201);
    expect((await spammer('POST', '/api/conversations/support', { name: 'Casey', body: 'b' })).status).toBe(201);
    expect((await spammer('POST', '/api/conversations/support', { name: 'Casey', body: 'c' })).status).toBe(429);
    // Reading is not posting.
    expect((await spammer('GET', `/api/conversations/${started.token}`)).status).toBe(200);
  });
});

describe('Instant Support: customers and staff', () => {
  let app: Running;
  const api = client(() => app);
  const staff = () => staffAuth('Sam_Admin', { clock: app.clock });

  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a chat from an address nobody proved: the office and the inbox get it, the address only a confirmation link; replies are mailed once it is opened', async () => {
    const text = 'Can I move a grand piano? Details: https://attacker.example/offer';
    const res = await api('POST', '/api/conversations/support', {
      name: 'Pat Piano',
      email: 'pat@example.com',
      page: '/booking',
      body: text,
    });
    expect(res.status).toBe(201);
    const chat = res.body as StartedConversation;
    expect(chat.conversation).toMatchObject({ kind: 'support', driverName: null, emailStatus: 'pending' });

    const office = (await mails(app)).find((m) => to(m).includes('office@vanhop.test'))!;
    expect(office.subject).toBe('Instant Support: new chat from Pat Piano');
    expect(office.text).toContain(`${PUBLIC_URL}/admin/support`);

    // Nothing the sender typed reaches the address: one mail of our own words and our link.
    const toPat = await mailsTo(app, 'pat@example.com');
    expect(toPat.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    for (const part of ['grand piano', 'attacker.example', 'Pat Piano']) expect(toPat[0]!.raw).not.toContain(part);
    expect(toPat[0]!.text).toContain('We e-mail nothing of it until you confirm that the address is yours.');
    const link = confirmLink(toPat[0]!);

    const inbox = await api('GET', '/api/support/admin/conversations', undefined, staff());
    expect(inbox.status).toBe(200);
    expect(inbox.body.unanswered).toBe(1);
    expect(inbox.body.conversations[0]).toMatchObject({
      id: chat.conversation.id,
      customerName: 'Pat Piano',
      customerEmail: 'pat@example.com',
      emailVerified: false,
      page: '/booking',
      awaitingStaff: true,
      lastMessage: { from: 'customer', body: text },
    });

    app.clock.set('2026-03-01T10:02:00Z');
    const answer = await api(
      'POST',
      `/api/support/admin/conversations/${chat.conversation.id}/messages`,
      { body: 'Yes: we will send an expert team.' },
      staff(),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ awaitingStaff: false, waitingSince: null, emailVerified: false });

    // The customer's page works as before; the answer is not mailed to the unproved address.
    const seen = await api('GET', `/api/conversations/${chat.token}`);
    expect(
      seen.body.messages.map((m: { from: string; author: string; body: string }) => [m.from, m.author, m.body]),
    ).toEqual([
      ['customer', 'Pat Piano', text],
      ['staff', 'VanHop Support', 'Yes: we will send an expert team.'],
    ]);
    expect(seen.body.emailStatus).toBe('pending');
    expect(seen.text).not.toContain('Sam_Admin');
    expect((await mailsTo(app, 'pat@example.com')).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);

    // Opening the link proves the address for this chat: the next answer is mailed.
    const confirmed = await api('POST', `/api/conversations/${link.thread}/email-confirmation`, {
      confirmation: link.confirmation,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.emailStatus).toBe('verified');
    expect(
      (await api('GET', `/api/support/admin/conversations/${chat.conversation.id}`, undefined, staff())).body
        .emailVerified,
    ).toBe(true);
    app.clock.set('2026-03-01T10:03:00Z');
    await api(
      'POST',
      `/api/support/admin/conversations/${chat.conversation.id}/messages`,
      { body: 'Our price for the piano follows today.' },
      staff(),
    );
    const mailed = (await mailsTo(app, 'pat@example.com')).filter(
      (m) => m.subject === 'VanHop Support replied to your message',
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain('Our price for the piano follows today.');
    // The link again: the chat as it is (already proved), no second proof and no further mail.
    expect(
      (await api('POST', `/api/conversations/${link.thread}/email-confirmation`, { confirmation: link.confirmation }))
        .body.emailStatus,
    ).toBe('verified');
  });

  it('lists unanswered chats first, the longest waiting on top, then answered ones newest first', async () => {
    app.clock.set('2026-03-01T11:00:00Z');
    const a = (await api('POST', '/api/conversations/support', { name: 'Anna', body: 'first chat' }))
      .body as StartedConversation;
    app.clock.set('2026-03-01T11:01:00Z');
    const b = (await api('POST', '/api/conversations/support', { name: 'Ben', body: 'second chat' }))
      .body as StartedConversation;
    app.clock.set('2026-03-01T11:02:00Z');
    await api('POST', `/api/support/admin/conversations/${a.conversation.id}/messages`, { body: 'answered' }, staff());
    const order = async () =>
      (
        (await api('GET', '/api/support/admin/conversations', undefined, staff())).body.conversations as {
          customerName: string;
        }[]
      ).map((c) => c.customerName);
    expect(await order()).toEqual(['Ben', 'Anna', 'Pat Piano']);

    app.clock.set('2026-03-01T11:03:00Z');
    await api('POST', `/api/conversations/${a.token}/messages`, { body: 'one more question' });
    app.clock.set('2026-03-01T11:04:00Z');
    await api('POST', `/api/conversations/${a.token}/messages`, { body: 'and another' });
    // Ben has waited since 11:01, Anna since 11:03 (her first unanswered message, not her last).
    expect(await order()).toEqual(['Ben', 'Anna', 'Pat Piano']);
    const anna = await api('GET', `/api/support/admin/conversations/${a.conversation.id}`, undefined, staff());
    expect(anna.body).toMatchObject({ awaitingStaff: true, waitingSince: '2026-03-01T11:03:00.000Z', messageCount: 4 });
    expect(b.conversation.id).toBeTruthy();
  });

  it('staff routes need a valid staff token here too, and refuse malformed ids and driver threads', async () => {
    const chats = '/api/support/admin/conversations';
    expect((await api('GET', chats)).status).toBe(401);
    expect((await api('GET', chats, undefined, { 'x-admin-username': 'Sam_Admin' })).status).toBe(401);
    expect(
      (
        await api(
          'GET',
          chats,
          undefined,
          staffAuth('Sam_Admin', { env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }),
        )
      ).status,
    ).toBe(401);
    expect((await api('GET', chats, undefined, driverAuth('driver-1', { clock: app.clock }))).status).toBe(401);
    expect((await api('POST', `${chats}/x/messages`, { body: 'x' })).status).toBe(401);
    expect((await api('GET', `${chats}/${encodeURIComponent('$gt')}`, undefined, staff())).status).toBe(400);
    expect((await api('GET', `${chats}/00000000-0000-4000-8000-000000000000`, undefined, staff())).status).toBe(404);
    const driverThread = (
      await api('POST', '/api/conversations/driver', {
        driverId: 'drv-ali-hassan',
        name: 'Casey',
        email: CUSTOMER_EMAIL,
        about,
        body: 'Hi',
      })
    ).body as StartedConversation;
    expect((await api('GET', `${chats}/${driverThread.conversation.id}`, undefined, staff())).status).toBe(404);
    expect(
      (await api('POST', `${chats}/${driverThread.conversation.id}/messages`, { body: 'x' }, staff())).status,
    ).toBe(404);
  });

  it('without an e-mail address the customer still chats, and nothing is mailed to them', async () => {
    const chat = (await api('POST', '/api/conversations/support', { name: 'No Mail', body: 'Hello?' }))
      .body as StartedConversation;
    await api('POST', `/api/support/admin/conversations/${chat.conversation.id}/messages`, { body: 'Hello!' }, staff());
    const sent = await mails(app);
    expect(sent.filter((m) => m.subject?.includes('No Mail'))).toHaveLength(1); // the office's copy only
    expect((await api('GET', `/api/conversations/${chat.token}`)).body).toMatchObject({
      emailStatus: 'none',
      messages: [{}, {}],
    });
  });
});

describe("conversations: proving the customer's address", () => {
  let app: Running;
  const api = client(() => app);
  const staff = () => staffAuth('Sam_Admin', { clock: app.clock });
  let myMove: { token: string; bookingId: string; email: string };

  beforeAll(async () => {
    app = await start({}, { withBooking: true });
    // A booking saved through the real booking service; its My move link signed as booking signs it.
    const moveDate = daysAheadAtUtc(app.clock.now(), 10, 10);
    const priced = await apiClient(() => app.quote.url)<{ quote: Quote }>(
      'POST',
      '/api/booking',
      completeBooking(moveDate, { email: 'mover@example.com' }),
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const saved = await apiClient(() => app.booking!.url)<{ data: { _id: string } }>('POST', '/api/saveRetrieve', {
      quote: priced.body.quote,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const bookingId = saved.body.data._id;
    const token = new LinkSigner(MY_MOVE_SECRET, 'my-move').sign({
      subject: bookingId,
      expiresAt: new Date(Date.parse(moveDate) + 30 * 86_400_000),
    });
    myMove = { token, bookingId, email: 'mover@example.com' };
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a chat started from My move with its signed link is mailed at once: the copy, and every answer', async () => {
    // The address as typed may differ in case from the booking's; mail goes to the booking's spelling.
    const res = await api('POST', '/api/conversations/support', {
      name: 'Mo Mover',
      email: 'Mover@Example.com',
      page: '/mymove',
      body: 'Can the van park on the left?',
      myMoveToken: myMove.token,
    });
    expect(res.status).toBe(201);
    const chat = res.body as StartedConversation;
    expect(chat.conversation.emailStatus).toBe('verified');
    const copy = (await mailsTo(app, myMove.email)).filter((m) => m.subject === 'Your message to VanHop Support');
    expect(copy).toHaveLength(1);
    expect(copy[0]!.text).toContain('Can the van park on the left?');
    expect((await mailsTo(app, myMove.email)).some((m) => m.subject === CONFIRM_SUBJECT)).toBe(false);

    const summary = (await api('GET', '/api/support/admin/conversations', undefined, staff())).body.conversations.find(
      (c: { id: string }) => c.id === chat.conversation.id,
    );
    // Tied to the booking it was opened from, with the name on the booking, for staff.
    expect(summary).toMatchObject({
      emailVerified: true,
      booking: { id: myMove.bookingId, reference: expect.any(Number), customerName: expect.any(String) },
    });
    const chatView = (await api('GET', `/api/support/admin/conversations/${chat.conversation.id}`, undefined, staff()))
      .body;
    expect(chatView.booking).toEqual(summary.booking);
    const record = await apiClient(() => app.booking!.url)<{ randomNumber: number; quote: { name: string } }>(
      'GET',
      `/api/mymove/${myMove.token}`,
    );
    expect(summary.booking.reference).toBe(record.body.randomNumber);
    // The booking's record lists the chats opened from it, and only those.
    const ofBooking = await api(
      'GET',
      `/api/support/admin/conversations?booking=${encodeURIComponent(myMove.bookingId)}`,
      undefined,
      staff(),
    );
    expect(ofBooking.body.conversations.map((c: { id: string }) => c.id)).toEqual([chat.conversation.id]);
    expect(
      (await api('GET', '/api/support/admin/conversations?booking=nobody', undefined, staff())).body.conversations,
    ).toEqual([]);
    expect((await api('GET', '/api/support/admin/conversations?booking=a/b', undefined, staff())).status).toBe(400);
    await api(
      'POST',
      `/api/support/admin/conversations/${chat.conversation.id}/messages`,
      { body: 'Yes, on the left.' },
      staff(),
    );
    expect(
      (await mailsTo(app, myMove.email)).find((m) => m.subject === 'VanHop Support replied to your message')!.text,
    ).toContain('Yes, on the left.');

    // Messaging the booked driver from My move works the same way.
    const driver = await api('POST', '/api/conversations/driver', {
      driverId: 'drv-ali-hassan',
      name: 'Mo Mover',
      email: myMove.email,
      about: { kind: 'booking', places: ['London NW2, UK'] },
      body: 'Parking permit?',
      myMoveToken: myMove.token,
    });
    expect(driver.status).toBe(201);
    expect(driver.body.conversation.emailStatus).toBe('verified');
    expect((await mailsTo(app, myMove.email)).find((m) => m.subject === 'Your message to Ali Hassan')!.text).toContain(
      'Parking permit?',
    );
  });

  it('a forged My move link is refused, naming the field, and nothing is mailed to the address', async () => {
    const forged = [
      // Signed with another secret, a changed signature, and a genuine token for a booking that does not exist.
      new LinkSigner('an-attackers-own-my-move-secret-0123456789', 'my-move').sign({
        subject: myMove.bookingId,
        expiresAt: new Date('2027-01-01'),
      }),
      myMove.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      new LinkSigner(MY_MOVE_SECRET, 'my-move').sign({
        subject: '00000000-0000-4000-8000-000000000000',
        expiresAt: new Date('2027-01-01'),
      }),
    ];
    for (const myMoveToken of forged) {
      const res = await api('POST', '/api/conversations/support', {
        name: 'Eve',
        email: 'victim@example.com',
        body: 'Click https://attacker.example',
        myMoveToken,
      });
      expect(res.status, myMoveToken).toBe(400);
      expect(res.body.errors).toEqual({ myMoveToken: CONVERSATION_MSG.myMoveTokenInvalid });
    }
    expect(await mailsTo(app, 'victim@example.com')).toEqual([]);
  });

  it("a genuine My move link proves only its booking's address: another address still needs its confirmation link", async () => {
    const res = await api('POST', '/api/conversations/support', {
      name: 'Eve',
      email: 'someone.else@example.com',
      body: 'Visit https://attacker.example',
      myMoveToken: myMove.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.conversation.emailStatus).toBe('pending');
    const sent = await mailsTo(app, 'someone.else@example.com');
    expect(sent.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(sent[0]!.raw).not.toContain('attacker.example');
  });

  it('an address gets a limited number of confirmation mails a day, over all chats', async () => {
    const chats: StartedConversation[] = [];
    expect(CONFIRMATIONS_PER_ADDRESS_PER_DAY).toBe(3);
    for (const email of ['often@example.com', 'OFTEN@example.com', 'often@example.com', 'Often@Example.com']) {
      chats.push(
        (
          await client(() => app, `10.9.0.${chats.length + 1}`)('POST', '/api/conversations/support', {
            name: 'Spam',
            email,
            body: 'x',
          })
        ).body,
      );
    }
    expect(chats.map((c) => c.conversation.emailStatus)).toEqual(['pending', 'pending', 'pending', 'unconfirmed']);
    const sent = (await mails(app)).filter((m) => to(m).some((a) => a?.toLowerCase() === 'often@example.com'));
    expect(sent.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    // The chat itself still works on the page.
    expect((await api('GET', `/api/conversations/${chats[3]!.token}`)).body.messages).toHaveLength(1);
    // A day later the address may be asked again.
    app.clock.set('2026-03-02T10:30:00Z');
    expect(
      (await api('POST', '/api/conversations/support', { name: 'Spam', email: 'often@example.com', body: 'y' })).body
        .conversation.emailStatus,
    ).toBe('pending');
    app.clock.set('2026-03-01T10:00:00Z');
  });

  it('a confirmation link opens only its own chat, and a changed one nothing', async () => {
    const a = (
      await api('POST', '/api/conversations/support', { name: 'Chris', email: 'chris@example.com', body: 'one' })
    ).body as StartedConversation;
    const b = (
      await api('POST', '/api/conversations/support', { name: 'Dana', email: 'dana@example.com', body: 'two' })
    ).body as StartedConversation;
    const linkA = confirmLink((await mailsTo(app, 'chris@example.com'))[0]!);
    const onB = await api('POST', `/api/conversations/${b.token}/email-confirmation`, {
      confirmation: linkA.confirmation,
    });
    expect(onB.status).toBe(400);
    expect(onB.body.errors).toEqual({ confirmation: CONVERSATION_MSG.confirmationInvalid });
    const changed = linkA.confirmation.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(
      (await api('POST', `/api/conversations/${a.token}/email-confirmation`, { confirmation: changed })).status,
    ).toBe(400);
    // A thread link is no confirmation (another purpose), nor the other way round.
    expect(
      (await api('POST', `/api/conversations/${a.token}/email-confirmation`, { confirmation: a.token })).status,
    ).toBe(400);
    expect((await api('GET', `/api/conversations/${linkA.confirmation}`)).status).toBe(404);
    expect((await api('GET', `/api/conversations/${a.token}`)).body.emailStatus).toBe('pending');
    // Expired after a week.
    app.clock.set('2026-03-09T10:00:00Z');
    expect(
      (await api('POST', `/api/conversations/${a.token}/email-confirmation`, { confirmation: linkA.confirmation }))
        .status,
    ).toBe(400);
    app.clock.set('2026-03-01T10:05:00Z');
  });
});

describe('conversations: a driver who is suspended or removed', () => {
  let app: Running;
  const api = client(() => app);
  const ALI = 'drv-ali-hassan';
  const staffCall = (action: 'suspend' | 'reactivate') =>
    fetch(`${app.fleet.url}/api/drivers/admin/${ALI}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...staffAuth('Sam_Admin', { clock: app.clock }) },
      body: JSON.stringify(action === 'suspend' ? { reason: 'Insurance lapsed' } : {}),
    });

  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('their reply link reads and posts nothing once staff suspend them, as a bad link; back once reactivated; nothing once removed', async () => {
    const res = await api('POST', '/api/conversations/driver', {
      driverId: ALI,
      name: 'Casey Customer',
      email: CUSTOMER_EMAIL,
      about,
      body: 'Piano?',
    });
    expect(res.status, res.text).toBe(201);
    const started: StartedConversation = res.body;
    const driverToken = linkIn((await mailsTo(app, DRIVER_EMAIL))[0]!, 'driver-reply')!;
    const read = () => api('GET', `/api/driver-reply/${driverToken}`);
    const post = (body: string) => api('POST', `/api/driver-reply/${driverToken}/messages`, { body });
    expect((await read()).status).toBe(200);
    expect((await post('Yes, I can.')).status).toBe(201);

    expect((await staffCall('suspend')).status).toBe(200);
    await settle(app);
    for (const refused of [await read(), await post('Still here, call me on 07700 900111')]) {
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(CONVERSATION_MSG.linkInvalid);
      expect(refused.text).not.toContain('Piano?');
    }
    const thread = await api('GET', `/api/conversations/${started.token}`);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual(['Piano?', 'Yes, I can.']);
    // The customer's next message is not mailed to the suspended driver either.
    expect((await api('POST', `/api/conversations/${started.token}/messages`, { body: 'Which day?' })).status).toBe(
      201,
    );
    const followUps = async () =>
      (await mailsTo(app, DRIVER_EMAIL)).filter((m) => m.subject === 'Casey Customer sent you another message');
    expect(await followUps()).toHaveLength(0);

    expect((await staffCall('reactivate')).status).toBe(200);
    await settle(app);
    expect((await read()).status).toBe(200);
    expect((await post('Back again.')).status).toBe(201);

    await app.fleet.infra.store.collection('drivers').deleteOne({ _id: ALI });
    expect((await read()).status).toBe(404);
    expect((await post('Gone?')).body.message).toBe(CONVERSATION_MSG.linkInvalid);
  });
});

describe('conversations configuration', () => {
  const distributed = {
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: 'kafka:9092',
    STORE: 'mongo',
    MONGO_URL: 'mongodb://mongo:27017',
  };
  const linkSecret = 'conversation-links-secret-0123456789-abcdefgh';

  it('needs CONVERSATION_LINK_SECRET and JWT_SECRET outside embedded mode, and never the same value', () => {
    expect(() => loadConfig({ ...distributed, ...TEST_JWT_ENV })).toThrow(
      /CONVERSATION_LINK_SECRET is required outside embedded mode/,
    );
    expect(() => loadConfig({ ...distributed, CONVERSATION_LINK_SECRET: linkSecret })).toThrow(
      /JWT_SECRET is required/,
    );
    expect(() =>
      loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: TEST_JWT_ENV.JWT_SECRET }),
    ).toThrow(/must differ from JWT_SECRET/);
    expect(() => loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
    const config = loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: linkSecret });
    expect(config.conversations).toMatchObject({
      link: { secret: linkSecret, generated: false },
      perClientPerHour: 30,
      perThreadPerHour: 20,
      bookingServiceUrl: 'http://127.0.0.1:4102',
    });
  });

  it('in embedded mode makes a secret up when none is given, and mounts no staff inbox without JWT_SECRET', () => {
    const config = loadConfig({});
    expect(config.conversations.link.generated).toBe(true);
    expect(config.conversations.staffJwt).toBeNull();
  });
});
