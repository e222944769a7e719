import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TOPICS } from '@vanhop/contracts';
import { createLogger, MemoryEventBus, startService } from '@vanhop/platform';
import { notificationService } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { clock, event } from './support/events.js';

const good = {
  name: 'Bob Smith',
  email: 'bob@example.com',
  phone: '02071234567',
  title: 'Piano move',
  message: 'Can you move a piano?',
  agree: true,
};

async function start(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-notification-'));
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  await bus.start();
  const service = await startService(
    notificationService,
    loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...TEST_JWT_ENV, ...env }),
    { bus, clock },
  );
  return {
    dataDir,
    bus,
    service,
    stop: async () => {
      // Let published contact messages be mailed first: a handler running after the store closed would be retried.
      const contacts = service.infra.store.collection('contact_messages');
      await waitFor(async () => (await contacts.count({ 'outbox.0': { $exists: true } })) === 0);
      await bus.idle();
      await service.stop();
      await bus.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('embedded mode: contact form and the dev outbox', () => {
  let app: Awaited<ReturnType<typeof start>>;
  const post = (body: unknown, ip = '10.0.0.1') =>
    fetch(`${app.service.url}/api/contact/sendemail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await start({ PUBLIC_URL: 'http://localhost:8123', CONTACT_RATE_LIMIT_PER_HOUR: '3' });
  });
  afterAll(() => app?.stop());

  it.each([
    ['name', { name: '' }, MSG.contact.nameRequired],
    ['name', { name: 'Al' }, MSG.contact.nameMin],
    ['email', { email: '' }, MSG.contact.emailRequired],
    ['email', { email: 'not-an-email' }, MSG.contact.emailInvalid],
    ['title', { title: '' }, MSG.contact.titleRequired],
    ['phone', { phone: '' }, MSG.contact.phoneRequired],
    ['phone', { phone: '+44 20 7123 4x67' }, MSG.contact.phoneDigits],
    ['phone', { phone: '+44 20 7123' }, MSG.booking.phoneLength],
    ['message', { message: '' }, MSG.contact.messageRequired],
    ['agree', { agree: false }, MSG.contact.agree],
    ['agree', { agree: undefined }, MSG.contact.agree],
  ])('rejects a bad %s with the product message "%s"', async (field, change, message) => {
    // Each case from its own address so the rate limit does not interfere.
    const res = await post({ ...good, ...change }, `10.1.${Object.keys(change).join('').length}.${message.length}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      message?: string;
      error?: { message: string; details?: { errors: Record<string, string> } };
    };
    expect(JSON.stringify(body)).toContain(message);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    void field;
  });

  it('refuses object-shaped values with a 400 naming the field', async () => {
    const res = await post({ ...good, email: { $gt: '' } }, '10.2.0.1');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('email');
  });

  it('answers {message}, writes the office mail to the outbox and lists it at GET /api/dev/outbox', async () => {
    const res = await post({ ...good, title: 'Prix £50 – déménagement' }, '10.3.0.1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Thank you for your message. Our team will get back to you shortly.' });
    await waitFor(async () => (await listOutbox()).mails.length === 1);
    const { mails } = await listOutbox();
    expect(mails[0]).toMatchObject({
      to: 'office@vanhop.example',
      subject: 'Contact form: Prix £50 – déménagement',
      from: 'VanHop Removals <bookings@vanhop.example>',
    });
    expect(mails[0]!.file).toMatch(/\.eml$/);
    expect(Date.parse(mails[0]!.date)).not.toBeNaN();

    const eml = await fetch(`${app.service.url}/api/dev/outbox/${mails[0]!.file}`, {
      headers: staffAuth('Sam_Admin', { clock }),
    });
    expect(eml.status).toBe(200);
    expect(eml.headers.get('content-type')).toContain('message/rfc822');
    expect(await eml.text()).toContain('Can you move a piano?');
    expect(
      (await fetch(`${app.service.url}/api/dev/outbox/..%2Fsecret.eml`, { headers: staffAuth('Sam_Admin', { clock }) }))
        .status,
    ).toBe(404);
    expect(
      (await fetch(`${app.service.url}/api/dev/outbox/nope.eml`, { headers: staffAuth('Sam_Admin', { clock }) }))
        .status,
    ).toBe(404);
  });

  it('shows the outbox (every customer e-mail, retrieve codes included) to staff only', async () => {
    const attacker = staffAuth('Sam_Admin', {
      clock,
      env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' },
    });
    const refused: Record<string, string>[] = [
      {},
      { 'x-admin-username': 'Sam_Admin' },
      attacker,
      driverAuth('driver-1', { clock }),
    ];
    for (const headers of refused) {
      expect((await fetch(`${app.service.url}/api/dev/outbox`, { headers })).status).toBe(401);
      expect((await fetch(`${app.service.url}/api/dev/outbox/any.eml`, { headers })).status).toBe(401);
    }
  });

  it('lists booking mail and the text message in the outbox, each once', async () => {
    const e = await event.bookingConfirmed();
    await app.bus.publish(TOPICS.bookingConfirmed, e);
    await app.bus.publish(TOPICS.bookingConfirmed, e);
    await app.bus.idle();
    const { mails, texts } = await listOutbox();
    expect(mails.filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith('New job'))).toHaveLength(1);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+447700900123' });
    expect(texts[0]!.body).toContain('VanHop: booking 4815162 confirmed');
  });

  it('rate-limits the contact form per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(good, '10.9.9.9')).status);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  async function listOutbox() {
    const res = await fetch(`${app.service.url}/api/dev/outbox`, { headers: staffAuth('Sam_Admin', { clock }) });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      mails: { file: string; to: string; subject: string; from: string; date: string }[];
      texts: { to: string; body: string }[];
    };
  }
});

describe('production mode', () => {
  it('has no dev outbox route', async () => {
    const app = await start({ EMBEDDED_DEV_ROUTES: 'false' });
    try {
      expect(
        (await fetch(`${app.service.url}/api/dev/outbox`, { headers: staffAuth('Sam_Admin', { clock }) })).status,
      ).toBe(404);
    } finally {
      await app.stop();
    }
  });

  it('cannot be switched on outside embedded mode', () => {
    const distributed = {
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'kafka:9092',
      STORE: 'mongo',
      MONGO_URL: 'mongodb://mongo:27017',
      CONVERSATION_LINK_SECRET: 'conversation-links-secret-0123456789-abcdefgh',
      ...TEST_JWT_ENV,
    };
    expect(loadConfig(distributed).devRoutes).toBeNull();
    expect(() => loadConfig({ ...distributed, EMBEDDED_DEV_ROUTES: 'true' })).toThrow(
      /EMBEDDED_DEV_ROUTES can only be true in embedded mode/,
    );
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
