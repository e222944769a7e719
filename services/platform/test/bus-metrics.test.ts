/**
 * Consumer lag, dead letters and readiness on `/metrics`, read from the in-process bus through the
 * real app a service runs (createHttpApp on a real port). The Kafka adapter's figures are checked
 * against a broker in contracts/dead-letters.kafka.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@vanhop/contracts';
import { MemoryEventBus } from '../src/adapters/memory-event-bus.js';
import { createHttpApp } from '../src/http/create-app.js';
import { Readiness } from '../src/http/health.js';
import { listen, type RunningServer } from '../src/http/listen.js';
import { createMetrics } from '../src/http/metrics.js';
import { createLogger } from '../src/logger.js';
import { eventually } from './contracts/eventually.js';
import { sample } from './prometheus-text.js';

const logger = createLogger('bus-metrics', 'silent');
const event = (n: number): EventEnvelope => ({
  eventId: randomUUID(),
  type: 'metrics.tested',
  version: 1,
  occurredAt: new Date().toISOString(),
  correlationId: `c${n}`,
  producer: 'metrics-test',
  data: { n },
});

describe('/metrics on the in-process bus', () => {
  const servers: RunningServer[] = [];
  const buses: MemoryEventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.stop()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(bus: MemoryEventBus, group: string, readiness = new Readiness([])) {
    const app = createHttpApp({
      service: group,
      logger,
      readiness,
      bodyLimitBytes: 1024,
      busStats: () => bus.stats(group),
      routes: () => undefined,
    });
    const server = await listen(app, 0);
    servers.push(server);
    return async () => {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(200);
      return res.text();
    };
  }

  it("reports the group's queued messages as lag, down to 0 once handled", async () => {
    const bus = new MemoryEventBus(logger);
    buses.push(bus);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const handled: number[] = [];
    await bus.subscribe('notification', 'orders', async (e) => {
      await gate;
      handled.push((e.data as { n: number }).n);
    });
    await bus.subscribe('booking', 'orders', async () => undefined);
    await bus.start();
    const scrape = await serve(bus, 'notification');
    for (const n of [1, 2, 3]) await bus.publish('orders', event(n));

    // The first is being handled (still queued until it is done), the other two wait behind it.
    const text = await scrape();
    expect(
      sample(text, 'vanhop_consumer_lag', {
        group: 'notification',
        topic: 'orders',
        partition: '0',
        service: 'notification',
      }),
    ).toBe(3);
    // Only this program's group: booking's queue is another program's figure.
    expect(sample(text, 'vanhop_consumer_lag', { group: 'booking' })).toBeUndefined();
    expect(sample(text, 'vanhop_dead_letters', { topic: 'orders' })).toBe(0);

    release();
    await eventually(() => expect(handled).toEqual([1, 2, 3]));
    await bus.idle();
    // Cached for a few seconds by default; a fresh app reads the bus again.
    const fresh = await serve(bus, 'notification');
    expect(
      sample(await fresh(), 'vanhop_consumer_lag', { group: 'notification', topic: 'orders', partition: '0' }),
    ).toBe(0);
  });

  it('counts the dead letters the group parked, per topic', async () => {
    const bus = new MemoryEventBus(logger, { maxRetries: 0, retryBackoffMs: 1 });
    buses.push(bus);
    await bus.subscribe('notification', 'orders', async (e) => {
      if ((e.data as { n: number }).n % 2 === 1) throw new Error('template missing');
    });
    await bus.subscribe('notification', 'payments', async () => undefined);
    await bus.subscribe('review', 'orders', async () => {
      throw new Error('review down');
    });
    await bus.start();
    for (const n of [1, 2, 3]) await bus.publish('orders', event(n));
    await bus.idle();
    const text = await (await serve(bus, 'notification'))();
    expect(sample(text, 'vanhop_dead_letters', { topic: 'orders', service: 'notification' })).toBe(2);
    expect(sample(text, 'vanhop_dead_letters', { topic: 'payments' })).toBe(0);
    expect(
      bus
        .deadLettered()
        .map((d) => d.group)
        .sort(),
    ).toEqual(['notification', 'notification', 'review', 'review', 'review']);
  });

  it('exports readiness as vanhop_ready and vanhop_dependency_up, from one evaluation per scrape', async () => {
    const bus = new MemoryEventBus(logger);
    buses.push(bus);
    let storeUp = true;
    let pings = 0;
    const readiness = new Readiness([
      {
        name: 'store',
        check: async () => {
          pings++;
          if (!storeUp) throw new Error('down');
        },
      },
    ]);
    const scrape = await serve(bus, 'booking', readiness);
    const up = await scrape();
    expect(sample(up, 'vanhop_ready', { service: 'booking' })).toBe(1);
    expect(sample(up, 'vanhop_dependency_up', { service: 'booking', dependency: 'store' })).toBe(1);
    // vanhop_ready and vanhop_dependency_up come from one evaluation per scrape.
    expect(pings).toBe(1);
    storeUp = false;
    const down = await scrape();
    expect(sample(down, 'vanhop_ready', { service: 'booking' })).toBe(0);
    expect(sample(down, 'vanhop_dependency_up', { service: 'booking', dependency: 'store' })).toBe(0);
    expect(pings).toBe(2);
  });
});

describe('bus readings on /metrics', () => {
  it('shares one reading between scrapes within the cache window, and leaves the series out (not 0) when the bus cannot be read', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const metrics = createMetrics('quote', {
      now: () => clock,
      busStatsCacheMs: 5_000,
      busStats: async () => {
        calls++;
        if (fail) throw new Error('broker unreachable');
        return {
          lag: [{ group: 'quote', topic: 'orders', partition: 1, lag: 7 }],
          deadLetters: [{ topic: 'orders', depth: 2 }],
        };
      },
    });
    const text1 = await metrics.registry.metrics();
    expect(sample(text1, 'vanhop_consumer_lag', { group: 'quote', topic: 'orders', partition: '1' })).toBe(7);
    expect(sample(text1, 'vanhop_dead_letters', { topic: 'orders' })).toBe(2);
    expect(calls).toBe(1); // both gauges, one reading
    clock += 4_000;
    await metrics.registry.metrics();
    expect(calls).toBe(1);
    clock += 2_000;
    fail = true;
    const text2 = await metrics.registry.metrics();
    expect(calls).toBe(2);
    expect(sample(text2, 'vanhop_consumer_lag', { group: 'quote' })).toBeUndefined();
    expect(sample(text2, 'vanhop_dead_letters', { topic: 'orders' })).toBeUndefined();
    expect(text2).toMatch(/^vanhop_bus_stats_failures_total\{service="quote"\} 1$/m);
    fail = false;
    await metrics.registry.metrics(); // a failure is not cached: the next scrape reads again
    expect(calls).toBe(3);
  });
});
