/**
 * The event path with the quote, booking and notification services running in this process: on
 * one in-process bus (as the embedded product), or over a Kafka broker with each service its own
 * client and topics and groups in a namespace of this run only. PaymentSucceeded comes from a
 * separate client, as the payment service's would; each booking is timed from that publish to its
 * confirmation e-mail's file in the notification outbox. A consumer group of the bench's own notes
 * when PaymentSucceeded and BookingConfirmed are on the bus, which splits the path into hops.
 * Import ./raw-text.js before this module (the services load templates as raw text).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
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
import { twoStopBooking } from './booking.js';
import type { EventsRun } from './events-report.js';

const { quoteService } = await import('@vanhop/quote');
const { fleetService } = await import('@vanhop/fleet');
const { bookingService } = await import('@vanhop/booking');
const { notificationService } = await import('@vanhop/notification');

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `brokers` set: over that Kafka; unset: the in-process bus. */
export async function servicesEventsRun(moves: number, gapMs: number, brokers?: string): Promise<EventsRun> {
  const run = `bench-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-events-'));
  const outbox = path.join(dataDir, 'notification', 'outbox');
  const baseEnv: Record<string, string> = {
    LOG_LEVEL: 'silent',
    PORT: '0',
    JWT_SECRET: `bench-events-secret-${run}-0123456789abcdef`,
    MY_MOVE_LINK_SECRET: `bench-events-link-secret-${run}-0123456789abcdef`,
    CONVERSATION_LINK_SECRET: `bench-events-conversations-${run}-0123456789abcdef`,
    RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
    ...(brokers ? { EVENT_BUS: 'kafka', KAFKA_BROKERS: brokers, KAFKA_NAMESPACE: `${run}.` } : {}),
  };
  const envFor = (name: string, extra: Record<string, string> = {}) => ({
    ...baseEnv,
    DATA_DIR: path.join(dataDir, name),
    KAFKA_CLIENT_ID: `${run}-${name}`,
    ...extra,
  });

  // The in-process bus is shared by the services, as the embedded product does.
  const sharedBus = brokers ? undefined : new MemoryEventBus(createLogger('event-bus', 'silent'));
  await sharedBus?.start();
  const overrides = sharedBus ? { bus: sharedBus } : {};
  const running: RunningService[] = [];
  let payments: EventBus | undefined;
  try {
    const quote = await startService(quoteService, quoteService.loadConfig(envFor('quote')), overrides);
    running.push(quote);
    // The drivers quote prices from: the fleet publishes their cards as it starts (demo drivers seeded).
    const fleet = await startService(
      fleetService,
      fleetService.loadConfig(envFor('fleet', { QUOTE_SERVICE_URL: quote.url })),
      overrides,
    );
    running.push(fleet);
    await sharedBus?.idle();
    const booking = await startService(
      bookingService,
      bookingService.loadConfig(envFor('booking', { QUOTE_SERVICE_URL: quote.url, FLEET_SERVICE_URL: fleet.url })),
      overrides,
    );
    running.push(booking);
    const notification = await startService(
      notificationService,
      notificationService.loadConfig(envFor('notification')),
      overrides,
    );
    running.push(notification);

    const seen = { paymentSucceeded: new Map<string, number>(), bookingConfirmed: new Map<string, number>() };
    // Every publish reaches the observer's own group once: more deliveries than events is doubling.
    const deliveries = new Map<string, { events: Set<string>; publishes: number }>();
    const observe = async (bus: EventBus) => {
      for (const [topic, map] of [
        [TOPICS.paymentSucceeded, seen.paymentSucceeded],
        [TOPICS.bookingConfirmed, seen.bookingConfirmed],
      ] as const)
        await bus.subscribe('bench-observer', topic, async (e) => {
          const count = deliveries.get(topic) ?? { events: new Set<string>(), publishes: 0 };
          count.events.add(e.eventId);
          count.publishes++;
          deliveries.set(topic, count);
          const id = (e.data as { bookingId: string }).bookingId;
          if (!map.has(id)) map.set(id, Date.now());
        });
    };
    if (brokers) {
      const { KafkaEventBus } = await import('../../services/platform/src/adapters/kafka-event-bus.js');
      payments = await KafkaEventBus.create({
        brokers: brokers.split(','),
        clientId: `${run}-payment`,
        namespace: `${run}.`,
        logger: createLogger('payment', 'silent'),
      });
      await observe(payments);
      await payments.start();
    } else {
      payments = sharedBus!;
      await observe(sharedBus!);
    }

    // Bookings to pay: priced by quote, saved by booking (as the web app does before checkout).
    const saved: { id: string; code: number; email: string; totalPrice: number }[] = [];
    for (let i = 0; i < moves; i++) {
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
    const mailedByEmail = new Map<string, number>();
    const seenFiles = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const names = await readdir(outbox).catch(() => [] as string[]);
        for (const name of names) {
          if (seenFiles.has(name) || !/booking-confirmed.*customer.*\.eml$/.test(name)) continue;
          seenFiles.add(name);
          const file = path.join(outbox, name);
          const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
          const email = /bench-\d+-[\w-]+@example\.com/.exec(text)?.[0];
          if (email) mailedByEmail.set(email, info.mtimeMs);
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const publishedAt = new Map<string, number>();
    for (const b of saved) {
      const data = {
        bookingId: b.id,
        randomNumber: b.code,
        percentage: 30 as const,
        amountPence: Math.round((Math.round(b.totalPrice * 100) * 30) / 100),
        currency: 'gbp' as const,
        provider: 'local' as const,
        providerRef: `cs_local_${b.code}`,
      };
      const event = await createEvent(TOPICS.paymentSucceeded, data, { producer: 'payment' });
      publishedAt.set(b.id, Date.now());
      await payments.publish(TOPICS.paymentSucceeded, event, b.id);
      await new Promise((r) => setTimeout(r, gapMs));
    }
    const deadline = Date.now() + 30_000;
    while (mailedByEmail.size < saved.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    watching = false;
    await watcher;

    const mailed = (id: string) => mailedByEmail.get(saved.find((b) => b.id === id)!.email);
    const hop = (from: (id: string) => number | undefined, to: (id: string) => number | undefined) =>
      saved.flatMap((b) => {
        const a = from(b.id);
        const z = to(b.id);
        return a !== undefined && z !== undefined ? [z - a] : [];
      });
    const published = (id: string) => publishedAt.get(id);
    const onBus = (map: Map<string, number>) => (id: string) => map.get(id);
    return {
      label: brokers ? `services in this process over Kafka at ${brokers}` : 'services in this process, in-process bus',
      count: saved.length,
      failed: 0,
      publishes: [...deliveries].map(([topic, c]) => ({ topic, events: c.events.size, publishes: c.publishes })),
      endToEnd: hop(published, mailed),
      hops: [
        {
          name: 'publish → PaymentSucceeded at a consumer (the bus)',
          values: hop(published, onBus(seen.paymentSucceeded)),
        },
        {
          name: 'PaymentSucceeded → BookingConfirmed on the bus (booking consumer, outbox relay)',
          values: hop(onBus(seen.paymentSucceeded), onBus(seen.bookingConfirmed)),
        },
        {
          name: 'BookingConfirmed → mail file written (notification consumer)',
          values: hop(onBus(seen.bookingConfirmed), mailed),
        },
      ],
    };
  } finally {
    if (brokers) await payments?.stop().catch(() => undefined);
    for (const s of running.reverse()) await s.stop().catch(() => undefined);
    await sharedBus?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
