import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MSG, MESSAGE_MAX_LENGTH, THREAD_MAX_MESSAGES, TOPICS, type EventEnvelope, type StartedConversation } from '@vanhop/contracts';
import { quoteService } from '@vanhop/quote';
import { createLogger, MemoryEventBus, startService, type Clock, type RunningService } from '@vanhop/platform';
import { notificationService } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { loadConfig as loadQuoteConfig } from '../../quote/src/config.js';
import { CONVERSATIONS, type ConversationThread } from '../src/domain/conversation-thread.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';

const DRIVER_EMAIL = 'ali.hassan@drivers.vanhop.example';
const CUSTOMER_EMAIL = 'casey.customer@example.com';
const PUBLIC_URL = 'https://vanhop.test';
const hostile = `<script>alert("x")</script> & 'quotes'`;
const about = { kind: 'quote', date: '2026-03-20T10:00:00.000Z', places: ['London NW2, UK', 'London SE1, UK'], typeofVan: 'Large', typeOfWorker: 'Driver-Help', totalHour: 3, totalPrice: 180 };

interface Running {
  dataDir: string;
  bus: MemoryEventBus;
  quote: RunningService;
  service: RunningService;
  clock: { set(iso: string): void } & Clock;
  published: EventEnvelope[];
  stop(): Promise<void>;
}

/** The notification service beside a real quote service (seeded demo drivers), on one in-process bus. */
async function start(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-conversations-'));
  let now = Date.parse('2026-03-01T10:00:00Z');
  const clock = { now: () => new Date(now), set: (iso: string) => void (now = Date.parse(iso)) };
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  const published: EventEnvelope[] = [];
  await bus.subscribe('test-observer', TOPICS.conversationMessagePosted, async (e) => void published.push(e));
  await bus.start();
  const base = { PORT: '0', LOG_LEVEL: 'silent', ...TEST_JWT_ENV };
  const quote = await startService(quoteService, loadQuoteConfig({ ...base, DATA_DIR: path.join(dataDir, 'quote') }), { bus, clock });
  const service = await startService(
    notificationService,
    loadConfig({ ...base, DATA_DIR: dataDir, PUBLIC_URL, OFFICE_EMAIL: 'office@vanhop.test', QUOTE_SERVICE_URL: quote.url, DELIVERY_RETRY_BACKOFF_MS: '20', ...env }),
    { bus, clock },
  );
  return {
    dataDir,
    bus,
    quote,
    service,
    clock,
    published,
    stop: async () => {
      await settle({ service, bus });
      await service.stop();
      await quote.stop();
      await bus.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every stored message published and every consumer done. */
async function settle(app: Pick<Running, 'service' | 'bus'>) {
  const threads = app.service.infra.store.collection(CONVERSATIONS);
  for (let i = 0; i < 400 && (await threads.count({ 'outbox.0': { $exists: true } })) > 0; i++) await new Promise((r) => setTimeout(r, 10));
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

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
const linkIn = (m: ParsedMail, route: string) => new RegExp(`${PUBLIC_URL}/${route}/([\\w.-]+)`).exec(m.text ?? '')?.[1];

function client(app: () => Running, ip = '10.1.0.1') {
  return async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app().service.url}${pathname}`, {
      method,
      headers: { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
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
    const res = await api('POST', '/api/conversations/driver', { driverId: 'drv-ali-hassan', name: 'Casey Customer', email: CUSTOMER_EMAIL, about, body: 'Can you take a piano?\nIt is upright.' });
    expect(res.status).toBe(201);
    started = res.body;
    expect(started.token).toMatch(/^v1\./);
    expect(started.path).toBe(`/conversation/${started.token}`);
    expect(started.conversation).toMatchObject({ kind: 'driver', driverName: 'Ali Hassan', canReply: true, about: { kind: 'quote', places: ['London NW2, UK', 'London SE1, UK'] } });
    expect(started.conversation.messages).toEqual([{ id: expect.any(String), from: 'customer', author: 'Casey Customer', body: 'Can you take a piano?\nIt is upright.', at: '2026-03-01T10:00:00.000Z' }]);
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

    const copy = sent.find((m) => to(m).includes(CUSTOMER_EMAIL))!;
    expect(copy.subject).toBe('Your message to Ali Hassan');
    expect(linkIn(copy, 'conversation')).toBeTruthy();
    expect(copy.raw).not.toContain(DRIVER_EMAIL);
  });

  it('the driver reads and answers on the signed reply page; the customer gets the answer by e-mail', async () => {
    const driverMail = (await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL))!;
    const driverToken = linkIn(driverMail, 'driver-reply')!;
    const page = await api('GET', `/api/driver-reply/${driverToken}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ driverName: 'Ali Hassan', customerName: 'Casey Customer', canReply: true });
    expect(page.text).not.toContain(CUSTOMER_EMAIL);

    app.clock.set('2026-03-01T10:05:00Z');
    const reply = await api('POST', `/api/driver-reply/${driverToken}/messages`, { body: 'Yes, with a helper. £40 extra.' });
    expect(reply.status).toBe(201);
    expect(reply.body.messages.map((m: { from: string; author: string }) => [m.from, m.author])).toEqual([
      ['customer', 'Casey Customer'],
      ['driver', 'Ali Hassan'],
    ]);

    const answer = (await mails(app)).find((m) => to(m).includes(CUSTOMER_EMAIL) && m.subject === 'Ali Hassan replied to your message')!;
    expect(answer.text).toContain('Yes, with a helper. £40 extra.');
    expect(answer.raw).not.toContain(DRIVER_EMAIL);
    expect(answer.replyTo?.text).toBe('support@vanhop.example');

    const thread = await api('GET', `/api/conversations/${started.token}`);
    expect(thread.body.messages).toHaveLength(2);
    expect(thread.text).not.toContain(DRIVER_EMAIL);
  });

  it('a follow-up from the customer mails the driver again, with text escaped in the HTML part', async () => {
    const res = await api('POST', `/api/conversations/${started.token}/messages`, { body: hostile });
    expect(res.status).toBe(201);
    const follow = (await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL) && m.subject === 'Casey Customer sent you another message')!;
    expect(follow.text).toContain(hostile);
    expect(follow.html).not.toContain('<script>');
    expect(follow.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
  });

  it('escapes a hostile customer name in the HTML to the driver', async () => {
    const res = await api('POST', '/api/conversations/driver', { driverId: 'drv-priya-shah', name: hostile, email: 'x@example.com', about, body: 'Hello' });
    expect(res.status).toBe(201);
    const mail = (await mails(app)).find((m) => to(m).includes('priya.shah@drivers.vanhop.example'))!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses bad input with the field messages: empty, too long, bad e-mail, unknown driver, operators', async () => {
    const base = { driverId: 'drv-ali-hassan', name: 'Casey', email: CUSTOMER_EMAIL, about, body: 'Hi' };
    const empty = await api('POST', '/api/conversations/driver', { ...base, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.body).toBe(CONVERSATION_MSG.bodyRequired);
    const long = await api('POST', '/api/conversations/driver', { ...base, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors.body).toBe('Messages can be at most 2,000 characters');
    expect((await api('POST', '/api/conversations/driver', { ...base, body: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(201);
    expect((await api('POST', '/api/conversations/driver', { ...base, email: 'not-an-address' })).body.errors.email).toBe(CONVERSATION_MSG.emailInvalid);
    expect((await api('POST', '/api/conversations/driver', { ...base, driverId: 'drv-nobody' })).status).toBe(404);
    expect((await api('POST', '/api/conversations/driver', { ...base, driverId: { $gt: '' } })).status).toBe(400);
    expect((await api('POST', `/api/conversations/${started.token}/messages`, { body: 'y'.repeat(MESSAGE_MAX_LENGTH + 1) })).status).toBe(400);
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
    const results = await Promise.all([1, 2, 3].map((n) => api('POST', `/api/conversations/${started.token}/messages`, { body: `concurrent ${n}` })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const after = (await api('GET', `/api/conversations/${started.token}`)).body.messages as { body: string }[];
    expect(after).toHaveLength(before + 3);
    expect(after.slice(-3).map((m) => m.body).sort()).toEqual(['concurrent 1', 'concurrent 2', 'concurrent 3']);
    await settle(app);
    expect(app.published.filter((e) => (e.data as { conversationId: string }).conversationId === started.conversation.id)).toHaveLength(before + 3);

    await app.service.infra.store.collection<ConversationThread>(CONVERSATIONS).updateOne({ _id: started.conversation.id }, { $set: { messageCount: THREAD_MAX_MESSAGES } });
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
    const started = (await customer('POST', '/api/conversations/driver', { driverId: 'drv-ali-hassan', name: 'Casey', email: CUSTOMER_EMAIL, about, body: 'first' })).body as StartedConversation;
    expect((await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'two' })).status).toBe(201);
    expect((await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'three' })).status).toBe(201);
    const limited = await customer('POST', `/api/conversations/${started.token}/messages`, { body: 'four' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.message).toBe('Too many messages, please wait a little before sending another.');
    // Another client on the same thread is limited too: the limit belongs to the thread.
    expect((await client(() => app, '10.2.0.9')('POST', `/api/conversations/${started.token}/messages`, { body: 'five' })).status).toBe(429);

    // The driver's side has its own allowance.
    const driverToken = linkIn((await mails(app)).find((m) => to(m).includes(DRIVER_EMAIL))!, 'driver-reply')!;
    expect((await client(() => app, '10.3.0.1')('POST', `/api/driver-reply/${driverToken}/messages`, { body: 'answer' })).status).toBe(201);

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

  it('a chat reaches the office and the inbox; staff answer; the customer reads it and gets it by e-mail', async () => {
    const res = await api('POST', '/api/conversations/support', { name: 'Pat Piano', email: 'pat@example.com', page: '/booking', body: 'Can I move a grand piano?' });
    expect(res.status).toBe(201);
    const chat = res.body as StartedConversation;
    expect(chat.conversation).toMatchObject({ kind: 'support', driverName: null });

    const office = (await mails(app)).find((m) => to(m).includes('office@vanhop.test'))!;
    expect(office.subject).toBe('Instant Support: new chat from Pat Piano');
    expect(office.text).toContain(`${PUBLIC_URL}/admin/support`);

    const inbox = await api('GET', '/api/support/admin/conversations', undefined, staff());
    expect(inbox.status).toBe(200);
    expect(inbox.body.unanswered).toBe(1);
    expect(inbox.body.conversations[0]).toMatchObject({ id: chat.conversation.id, customerName: 'Pat Piano', customerEmail: 'pat@example.com', page: '/booking', awaitingStaff: true, lastMessage: { from: 'customer', body: 'Can I move a grand piano?' } });

    app.clock.set('2026-03-01T10:02:00Z');
    const answer = await api('POST', `/api/support/admin/conversations/${chat.conversation.id}/messages`, { body: 'Yes: we will send an expert team.' }, staff());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ awaitingStaff: false, waitingSince: null });

    const seen = await api('GET', `/api/conversations/${chat.token}`);
    expect(seen.body.messages.map((m: { from: string; author: string; body: string }) => [m.from, m.author, m.body])).toEqual([
      ['customer', 'Pat Piano', 'Can I move a grand piano?'],
      ['staff', 'VanHop Support', 'Yes: we will send an expert team.'],
    ]);
    expect(seen.text).not.toContain('Sam_Admin');
    const mailed = (await mails(app)).find((m) => to(m).includes('pat@example.com') && m.subject === 'VanHop Support replied to your message')!;
    expect(mailed.text).toContain('Yes: we will send an expert team.');
  });

  it('lists unanswered chats first, the longest waiting on top, then answered ones newest first', async () => {
    app.clock.set('2026-03-01T11:00:00Z');
    const a = (await api('POST', '/api/conversations/support', { name: 'Anna', body: 'first chat' })).body as StartedConversation;
    app.clock.set('2026-03-01T11:01:00Z');
    const b = (await api('POST', '/api/conversations/support', { name: 'Ben', body: 'second chat' })).body as StartedConversation;
    app.clock.set('2026-03-01T11:02:00Z');
    await api('POST', `/api/support/admin/conversations/${a.conversation.id}/messages`, { body: 'answered' }, staff());
    const order = async () => ((await api('GET', '/api/support/admin/conversations', undefined, staff())).body.conversations as { customerName: string }[]).map((c) => c.customerName);
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
    expect((await api('GET', chats, undefined, staffAuth('Sam_Admin', { env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }))).status).toBe(401);
    expect((await api('GET', chats, undefined, driverAuth('driver-1', { clock: app.clock }))).status).toBe(401);
    expect((await api('POST', `${chats}/x/messages`, { body: 'x' })).status).toBe(401);
    expect((await api('GET', `${chats}/${encodeURIComponent('$gt')}`, undefined, staff())).status).toBe(400);
    expect((await api('GET', `${chats}/00000000-0000-4000-8000-000000000000`, undefined, staff())).status).toBe(404);
    const driverThread = (await api('POST', '/api/conversations/driver', { driverId: 'drv-ali-hassan', name: 'Casey', email: CUSTOMER_EMAIL, about, body: 'Hi' })).body as StartedConversation;
    expect((await api('GET', `${chats}/${driverThread.conversation.id}`, undefined, staff())).status).toBe(404);
    expect((await api('POST', `${chats}/${driverThread.conversation.id}/messages`, { body: 'x' }, staff())).status).toBe(404);
  });

  it('without an e-mail address the customer still chats, and nothing is mailed to them', async () => {
    const chat = (await api('POST', '/api/conversations/support', { name: 'No Mail', body: 'Hello?' })).body as StartedConversation;
    await api('POST', `/api/support/admin/conversations/${chat.conversation.id}/messages`, { body: 'Hello!' }, staff());
    const sent = await mails(app);
    expect(sent.filter((m) => m.subject?.includes('No Mail'))).toHaveLength(1); // the office's copy only
    expect((await api('GET', `/api/conversations/${chat.token}`)).body.messages).toHaveLength(2);
  });
});

describe('conversations configuration', () => {
  const distributed = { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092', STORE: 'mongo', MONGO_URL: 'mongodb://mongo:27017' };
  const linkSecret = 'conversation-links-secret-0123456789-abcdefgh';

  it('needs CONVERSATION_LINK_SECRET and JWT_SECRET outside embedded mode, and never the same value', () => {
    expect(() => loadConfig({ ...distributed, ...TEST_JWT_ENV })).toThrow(/CONVERSATION_LINK_SECRET is required outside embedded mode/);
    expect(() => loadConfig({ ...distributed, CONVERSATION_LINK_SECRET: linkSecret })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: TEST_JWT_ENV.JWT_SECRET })).toThrow(/must differ from JWT_SECRET/);
    expect(() => loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: 'short' })).toThrow(/at least 32/);
    const config = loadConfig({ ...distributed, ...TEST_JWT_ENV, CONVERSATION_LINK_SECRET: linkSecret });
    expect(config.conversations).toMatchObject({ link: { secret: linkSecret, generated: false }, perClientPerHour: 30, perThreadPerHour: 20 });
  });

  it('in embedded mode makes a secret up when none is given, and mounts no staff inbox without JWT_SECRET', () => {
    const config = loadConfig({});
    expect(config.conversations.link.generated).toBe(true);
    expect(config.conversations.staffJwt).toBeNull();
  });
});
