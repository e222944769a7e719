import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { TOPICS } from '@vanhop/contracts';
import { SERVICE_NAMES, serviceUrlVar, type ServiceName } from '../../services/platform/src/topology.js';
import { partitionCursors, span } from '../../services/platform/src/adapters/kafka-dead-letters.js';
import { infraTarget } from '../../services/platform/test/infra-env.js';
import { address, completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { freePort, ServiceProcess } from './process-fleet.js';

/**
 * Production topology on real infrastructure: the gateway and the services as separate OS
 * processes from their built bundles, over Kafka, the Mongo-protocol server and Redis (each in a
 * container started for this file where Docker is, else the scripts/infra servers).
 * Booking saves a quote → QuoteSaved leaves booking's outbox on Kafka → the notification process
 * consumes it and writes the customer's e-mail. The notification process is then SIGKILLed while
 * events are in flight, more quotes are saved while it is down, and after a restart every e-mail
 * must exist exactly once.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Containers (testcontainers) where Docker is, else the scripts/infra servers; the output says which.
const [kafka, mongo, redis] = await Promise.all([infraTarget('kafka'), infraTarget('mongo'), infraTarget('redis')]);
const infraUp = kafka !== null && mongo !== null && redis !== null;

const RUN = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
const STARTED = ['quote', 'fleet', 'booking', 'notification'] as const satisfies readonly ServiceName[];
const entry = (name: string) =>
  path.join(root, name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`);

describe.skipIf(!infraUp)('multi-process system on Kafka + Mongo protocol + Redis', () => {
  let dataRoot: string;
  let gateway: ServiceProcess;
  const services = {} as Record<(typeof STARTED)[number], ServiceProcess>;
  let quote: Record<string, unknown>;
  const savedCodes: number[] = [];
  const mailDir = () => path.join(dataRoot, 'notification', 'outbox');

  beforeAll(async () => {
    if ([...STARTED, 'gateway'].some((n) => !existsSync(entry(n)))) {
      // `npm test` builds first; a lone `vitest run` of this file builds the server bundles itself.
      execFileSync(process.execPath, ['scripts/build.mjs', '--server-only'], { cwd: root, stdio: 'inherit' });
    }
    dataRoot = await mkdtemp(path.join(os.tmpdir(), 'vanhop-multi-process-'));
    const ports = Object.fromEntries(
      await Promise.all([...SERVICE_NAMES, 'gateway'].map(async (n) => [n, await freePort()])),
    ) as Record<ServiceName | 'gateway', number>;
    const urlOf = (n: ServiceName | 'gateway') => `http://127.0.0.1:${ports[n]}`;
    const common: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      EVENT_BUS: 'kafka',
      STORE: 'mongo',
      CACHE: 'redis',
      KAFKA_BROKERS: kafka!,
      MONGO_URL: mongo!,
      REDIS_URL: redis!,
      // Topics and consumer groups of this run only, on a broker other runs may share.
      KAFKA_NAMESPACE: `mp-${RUN}.`,
      JWT_SECRET: `multi-process-test-secret-${RUN}-0123456789abcdef`,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: urlOf('gateway'),
      SHUTDOWN_TIMEOUT_MS: '5000',
      ...Object.fromEntries(SERVICE_NAMES.map((n) => [serviceUrlVar(n), urlOf(n)])),
    };
    const envFor = (name: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
      ...common,
      MONGO_DB: `mp_${RUN}_${name.replace(/-/g, '_')}`,
      DATA_DIR: path.join(dataRoot, name),
      KAFKA_CLIENT_ID: `mp-${RUN}-${name}`,
      ...extra,
    });
    services.quote = new ServiceProcess(
      'quote',
      entry('quote'),
      envFor('quote', { PORT: String(ports.quote) }),
      urlOf('quote'),
    );
    // The drivers quote prices from: their cards reach quote's read model as the fleet publishes them.
    services.fleet = new ServiceProcess(
      'fleet',
      entry('fleet'),
      envFor('fleet', { PORT: String(ports.fleet), SEED_DEMO_DRIVERS: 'true' }),
      urlOf('fleet'),
    );
    services.booking = new ServiceProcess(
      'booking',
      entry('booking'),
      envFor('booking', {
        PORT: String(ports.booking),
        RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000',
        MY_MOVE_LINK_SECRET: `multi-process-link-secret-${RUN}-0123456789abcdef`,
      }),
      urlOf('booking'),
    );
    services.notification = new ServiceProcess(
      'notification',
      entry('notification'),
      envFor('notification', {
        PORT: String(ports.notification),
        CONVERSATION_LINK_SECRET: `multi-process-conversations-${RUN}-0123456789abcdef`,
      }),
      urlOf('notification'),
    );
    // The gateway's readiness also wants the built web app, which a server-only build lacks: liveness is enough here.
    gateway = new ServiceProcess(
      'gateway',
      entry('gateway'),
      envFor('gateway', { GATEWAY_PORT: String(ports.gateway), OPS_PORT: '0' }),
      urlOf('gateway'),
      '/health/live',
    );
    await Promise.all([...Object.values(services), gateway].map((p) => p.start()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...Object.values(services), gateway].filter((p) => p?.running).map((p) => p.kill('SIGTERM')));
    if (mongo) {
      const client = await MongoClient.connect(mongo);
      for (const n of [...STARTED, 'gateway'])
        await client
          .db(`mp_${RUN}_${n}`)
          .dropDatabase()
          .catch(() => undefined);
      await client.close();
    }
    if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
  }, 60_000);

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${gateway.url}${pathname}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status}: ${text}`);
    return JSON.parse(text) as any;
  };

  const saveQuote = async (): Promise<number> => {
    // Each save to an address of its own: "save for later" mails one address at most 3 times a day.
    const email = `priya+${savedCodes.length}@example.com`;
    const r = await api('POST', '/api/saveRetrieve', { date: new Date().toISOString(), quote: { ...quote, email } });
    const code = r.data.randomNumber as number;
    savedCodes.push(code);
    return code;
  };

  /**
   * Retrieve code → the Message-IDs of the "quote saved" e-mail files written for it. A file whose
   * write the SIGKILL cut short has no complete header block yet and is not counted.
   */
  const mailsByCode = async (): Promise<Map<number, string[]>> => {
    const mails = new Map<number, string[]>();
    const files = existsSync(mailDir()) ? (await readdir(mailDir())).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const raw = await readFile(path.join(mailDir(), f), 'utf8');
      const code = /^Subject: Your VanHop quote (\d+) is saved$/m.exec(raw)?.[1];
      const messageId = /^Message-ID: (<[^>]+>)$/im.exec(raw)?.[1];
      if (code && messageId) mails.set(Number(code), [...(mails.get(Number(code)) ?? []), messageId]);
    }
    return mails;
  };

  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}\n--- notification log ---\n${services.notification.log}\n--- booking log ---\n${services.booking.log}\n--- quote log ---\n${services.quote.log}\n--- fleet log ---\n${services.fleet.log}`,
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /**
   * Whether the notification group has nothing left to consume on quote.saved: no partition holds a
   * message past its committed offset. A partition that no saved quote's key hashed to has no
   * commit at all (offset -1 against an end of 0) and counts as caught up, as the lag in /metrics does.
   */
  const notificationCaughtUp = (admin: Admin) => async (): Promise<boolean> => {
    const topic = `mp-${RUN}.${TOPICS.quoteSaved}`;
    try {
      const ends = await admin.fetchTopicOffsets(topic);
      const cursors = await partitionCursors(admin, `mp-${RUN}.notification`, [topic]);
      return ends.every(({ partition, low, high }) => span(cursors.get(`${topic}/${partition}`), low, high) === 0n);
    } catch {
      return false; // asked again on the next poll
    }
  };

  it('carries QuoteSaved from the booking process to the notification process over Kafka', async () => {
    // A week ahead at 10:00 UTC: always in the future and inside the 06:00–21:00 London start window.
    // The first offers come once fleet's card events have reached quote's read model.
    const price = () =>
      api(
        'POST',
        '/api/booking',
        completeBooking(daysAheadAtUtc(new Date(), 7, 10), {
          addresses: [
            address('p', 'London NW2, UK', '1 Pickup Road', 0),
            address('d', 'London W1, UK', '2 Drop Street', 1),
          ],
          vanSize: 'Medium',
          hour: 2,
          description: 'Multi-process system test',
          name: 'Priya Patel',
          email: 'priya@example.com',
          phone: '07700900456',
        }),
      );
    const priced: { offers?: { offers: { driverId: string; driverName: string }[]; quote: Record<string, unknown> } } =
      {};
    await waitFor(
      "quote's first offers from fleet's drivers",
      async () => {
        priced.offers = await price().catch(() => undefined);
        return (priced.offers?.offers.length ?? 0) > 0;
      },
      30_000,
    );
    const offers = priced.offers!;
    const offer = offers.offers[0]!;
    quote = { ...offers.quote, driverId: offer.driverId, driverName: offer.driverName };

    const first = [await saveQuote(), await saveQuote()];
    await waitFor('the first two e-mails', async () => (await mailsByCode()).size === 2, 30_000);
    const mails = await mailsByCode();
    expect(first.map((c) => mails.get(c)?.length)).toEqual([1, 1]);
  }, 60_000);

  it('loses no event and applies none twice when the consumer process is killed and restarted', async () => {
    // Events in flight: four saves, and SIGKILL as soon as the first of their e-mails appears.
    const before = (await mailsByCode()).size;
    const inFlight: number[] = [];
    for (let i = 0; i < 4; i++) inFlight.push(await saveQuote());
    await waitFor('an e-mail for the in-flight batch', async () => (await mailsByCode()).size > before, 30_000);
    await services.notification.kill('SIGKILL');
    const deliveredAtKill = (await mailsByCode()).size;
    console.info(
      `[multi-process] notification SIGKILLed with ${deliveredAtKill - before} of ${inFlight.length} in-flight e-mails written`,
    );

    // More events while the consumer is down: they must wait in Kafka, not vanish.
    await saveQuote();
    await saveQuote();
    const client = await MongoClient.connect(mongo!);
    const bookingDb = client.db(`mp_${RUN}_booking`);
    await waitFor(
      "booking's outbox to drain into Kafka",
      async () => (await bookingDb.collection('bookings').countDocuments({ 'outbox.0': { $exists: true } })) === 0,
      30_000,
    );
    expect((await mailsByCode()).size).toBe(deliveredAtKill);

    // Restart: the broker lets the new member in once the killed one's session has expired. Ready
    // means its consumer group has joined, which after a kill takes as long as the settling below
    // (a loaded CI run once took past 90 s here): bounded as generously.
    await services.notification.start(300_000);
    // Bounded, not paced: on a loaded machine the group's coordinator can take minutes to settle
    // after the kill (OffsetCommit answered "not the correct coordinator" while it loads, then the
    // new member was dropped as unknown and joined again: past 150 s, and once past 300 s, in CI
    // runs under stress-ng; about 6 minutes with stress-ng alone, 30 s on a quiet machine).
    await waitFor(
      'every e-mail after the restart',
      async () => (await mailsByCode()).size === savedCodes.length,
      480_000,
    );
    // Redeliveries, if any, have landed once the group has committed every QuoteSaved: nothing is
    // left that the broker could hand to it again.
    const admin = new Kafka({
      clientId: `mp-${RUN}-test`,
      brokers: kafka!.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      await waitFor('the notification group to commit every QuoteSaved', notificationCaughtUp(admin), 240_000);
    } finally {
      await admin.disconnect();
    }
    const mails = await mailsByCode();
    expect(savedCodes).toHaveLength(8);
    expect(new Set(savedCodes).size).toBe(8);
    expect([...mails.keys()].sort()).toEqual([...savedCodes].sort());
    // Exactly one e-mail per saved quote. The mail file is named after its Message-ID (derived from
    // the event) and written only if absent, so a redelivery after the kill cannot add a second one.
    for (const code of savedCodes) expect(mails.get(code), `code ${code}`).toHaveLength(1);
    // The consumer recorded each QuoteSaved event as processed exactly once.
    const processed = await client
      .db(`mp_${RUN}_notification`)
      .collection('processed_events')
      .countDocuments({ topic: 'quote.saved' });
    await client.close();
    expect(processed).toBe(8);
    expect(inFlight).toHaveLength(4);
  }, 1_200_000);
});

if (!infraUp) {
  describe.skip('multi-process system (needs KAFKA_BROKERS, MONGO_URL and REDIS_URL; see the printed reason)', () =>
    it('skipped', () => undefined));
}
