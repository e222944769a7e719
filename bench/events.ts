/**
 * Event path: PaymentSucceeded → (booking) BookingConfirmed → (notification) the customer's
 * confirmation e-mail written to the outbox, timed per booking from the publish to the file.
 *
 * Over real Kafka when KAFKA_BROKERS answers (scripts/infra/start.sh starts a local broker:
 * `eval "$(bash scripts/infra/start.sh)"`): the quote, booking and notification services run in this
 * process, each with its own Kafka client, topics and groups in a namespace of this run only; the
 * PaymentSucceeded events come from a separate Kafka producer, as the payment service's would.
 * Without a broker it says so and measures the in-process bus instead, labelled as such.
 *
 * Run: npx tsx bench/events.ts [bookings]   (default 40, one payment every 100 ms; loopback only)
 */
import './support/raw-text.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOPICS, type Quote } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  MemoryEventBus,
  startService,
  type EventBus,
  type RunningService,
} from '@vanhop/platform';
import { twoStopBooking } from './support/booking.js';

const { quoteService } = await import('@vanhop/quote');
const { bookingService } = await import('@vanhop/booking');
const { notificationService } = await import('@vanhop/notification');

const count = Math.min(Math.max(Number(process.argv[2] ?? 40), 5), 500);
const gapMs = 100;
const TARGET_P95_MS = 500;

async function kafkaAnswers(brokers: string): Promise<string | null> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    clientId: 'vanhop-bench-probe',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 1 },
  }).admin();
  try {
    await Promise.race([
      admin.connect().then(() => admin.describeCluster()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000)),
    ]);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

const brokers = process.env.KAFKA_BROKERS?.trim();
const kafkaProblem = brokers ? await kafkaAnswers(brokers) : 'KAFKA_BROKERS is not set';
const onKafka = kafkaProblem === null;
const run = `bench-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
if (onKafka) console.log(`event bus: real Kafka at ${brokers} (namespace ${run}.)`);
else {
  console.log(
    `event bus: IN-PROCESS FALLBACK, NOT KAFKA (${kafkaProblem}; start a broker with: eval "$(bash scripts/infra/start.sh)")`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-events-'));
const outbox = path.join(dataDir, 'notification', 'outbox');
const baseEnv: Record<string, string> = {
  LOG_LEVEL: 'silent',
  PORT: '0',
  JWT_SECRET: `bench-events-secret-${run}-0123456789abcdef`,
  MY_MOVE_LINK_SECRET: `bench-events-link-secret-${run}-0123456789abcdef`,
  CONVERSATION_LINK_SECRET: `bench-events-conversations-${run}-0123456789abcdef`,
  RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
  ...(onKafka ? { EVENT_BUS: 'kafka', KAFKA_BROKERS: brokers!, KAFKA_NAMESPACE: `${run}.` } : {}),
};
const envFor = (name: string, extra: Record<string, string> = {}) => ({
  ...baseEnv,
  DATA_DIR: path.join(dataDir, name),
  KAFKA_CLIENT_ID: `${run}-${name}`,
  ...extra,
});

// The in-process fallback shares one bus between the services, as the embedded product does.
const sharedBus = onKafka ? undefined : new MemoryEventBus(createLogger('event-bus', 'silent'));
await sharedBus?.start();
const overrides = sharedBus ? { bus: sharedBus } : {};
const running: RunningService[] = [];
let payments: EventBus | undefined;
try {
  const quote = await startService(quoteService, quoteService.loadConfig(envFor('quote')), overrides);
  running.push(quote);
  const booking = await startService(
    bookingService,
    bookingService.loadConfig(envFor('booking', { QUOTE_SERVICE_URL: quote.url })),
    overrides,
  );
  running.push(booking);
  const notification = await startService(
    notificationService,
    notificationService.loadConfig(envFor('notification')),
    overrides,
  );
  running.push(notification);
  // The first hop on its own: when BookingConfirmed is on the bus (a group of the bench's own).
  const confirmedAt = new Map<string, number>();
  const observe = async (bus: EventBus) =>
    bus.subscribe(
      'bench-observer',
      TOPICS.bookingConfirmed,
      async (e) => void confirmedAt.set((e.data as { bookingId: string }).bookingId, performance.now()),
    );
  if (onKafka) {
    const { KafkaEventBus } = await import('../services/platform/src/adapters/kafka-event-bus.js');
    payments = await KafkaEventBus.create({
      brokers: brokers!.split(','),
      clientId: `${run}-payment`,
      namespace: `${run}.`,
      logger: createLogger('payment', 'silent'),
    });
    await observe(payments);
    await payments.start();
  } else {
    payments = sharedBus;
    await observe(sharedBus!);
  }

  // Bookings to pay: priced by quote, saved by booking (as the web app does before checkout).
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const saved: { id: string; code: number; email: string; totalPrice: number }[] = [];
  const publishedById = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}-${run}@example.com`;
    const priced = await post<{ quote: Quote }>(`${quote.url}/api/booking`, twoStopBooking(email));
    const record = (
      await post<{ data: { _id: string; randomNumber: number; quote: Quote } }>(`${booking.url}/api/saveRetrieve`, {
        quote: priced.quote,
      })
    ).data;
    saved.push({ id: record._id, code: record.randomNumber, email, totalPrice: record.quote.totalPrice });
  }

  // Watches the outbox for each booking's confirmation (its address is unique to the booking).
  const publishedAt = new Map<string, number>();
  const latency = new Map<string, number>();
  const seenFiles = new Set<string>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const names = await readdir(outbox).catch(() => [] as string[]);
      for (const name of names) {
        if (
          seenFiles.has(name) ||
          !name.includes('booking-confirmed') ||
          !name.includes('customer') ||
          !name.endsWith('.eml')
        )
          continue;
        seenFiles.add(name);
        const text = await readFile(path.join(outbox, name), 'utf8');
        const email = /bench-\d+-[\w-]+@example\.com/.exec(text)?.[0];
        const t0 = email ? publishedAt.get(email) : undefined;
        if (email && t0 !== undefined) latency.set(email, performance.now() - t0);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();

  for (const b of saved) {
    const amountPence = Math.round((Math.round(b.totalPrice * 100) * 30) / 100);
    const data = {
      bookingId: b.id,
      randomNumber: b.code,
      percentage: 30 as const,
      amountPence,
      currency: 'gbp' as const,
      provider: 'local' as const,
      providerRef: `cs_local_${b.code}`,
    };
    const event = await createEvent(TOPICS.paymentSucceeded, data, { producer: 'payment' });
    publishedAt.set(b.email, performance.now());
    publishedById.set(b.id, publishedAt.get(b.email)!);
    await payments!.publish(TOPICS.paymentSucceeded, event, b.id);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  const deadline = Date.now() + 30_000;
  while (latency.size < saved.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  watching = false;
  await watcher;

  const percentile = (values: number[], p: number): number | undefined => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  const sorted = [...latency.values()].sort((a, b) => a - b);
  const pct = (p: number) => percentile(sorted, p);
  const ms = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);
  const firstHop = [...confirmedAt].map(([id, t]) => t - publishedById.get(id)!).filter((v) => Number.isFinite(v));
  console.log(
    `\nPaymentSucceeded → confirmation e-mail written, ${saved.length} bookings, one payment every ${gapMs} ms, ${onKafka ? 'over Kafka' : 'IN-PROCESS BUS (not Kafka)'}`,
  );
  console.log(
    `  confirmed: ${latency.size}/${saved.length}   p50 ${ms(pct(50))}   p95 ${ms(pct(95))}   max ${ms(sorted.at(-1))}   (target p95 <= ${TARGET_P95_MS} ms${onKafka ? '' : ', over Kafka'})`,
  );
  console.log(
    `  of which PaymentSucceeded → BookingConfirmed on the bus (booking's consumer and outbox): p50 ${ms(percentile(firstHop, 50))}   p95 ${ms(percentile(firstHop, 95))}`,
  );
  if (latency.size < saved.length)
    console.log(`warning: ${saved.length - latency.size} confirmations did not arrive within 30 s`);
} finally {
  if (onKafka) await payments?.stop().catch(() => undefined);
  for (const s of running.reverse()) await s.stop().catch(() => undefined);
  await sharedBus?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
