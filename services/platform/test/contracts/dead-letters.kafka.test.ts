/**
 * On a real broker: consumer lag and dead-letter depth as `/metrics` exports them from the Kafka
 * adapter, and `npm run dlq` (its command runner, on the real KafkaDeadLetters) listing, showing
 * and replaying dead letters; replaying twice applies the event once, because consumers dedupe on
 * event id (the real idempotent consumer on the real embedded store).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import type { EventEnvelope } from '@vanhop/contracts';
import { KafkaEventBus } from '../../src/adapters/kafka-event-bus.js';
import { KafkaDeadLetters } from '../../src/adapters/kafka-dead-letters.js';
import { EmbeddedDocumentStore } from '../../src/adapters/embedded-document-store.js';
import { idempotentHandler } from '../../src/idempotent-consumer.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createLogger } from '../../src/logger.js';
import { runDlq } from '../../../../scripts/dlq/cli.js';
import { infraTarget } from '../infra-env.js';
import { sample } from '../prometheus-text.js';
import { eventually } from './eventually.js';

const brokers = await infraTarget('kafka');

if (brokers) {
  describe(`dead letters and consumer lag on kafkajs at ${brokers}`, () => {
    const logger = createLogger('dlq-test', 'silent');
    const namespace = `dl-${randomUUID().slice(0, 8)}.`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-dlq-'));
    let bus: KafkaEventBus;
    let dl: KafkaDeadLetters;
    let store: EmbeddedDocumentStore;
    let notificationBroken = true;
    const notified: string[] = [];
    const booked: string[] = [];

    const event = (n: number): EventEnvelope => ({
      eventId: randomUUID(),
      type: 'orders.placed',
      version: 1,
      occurredAt: new Date().toISOString(),
      correlationId: `c${n}`,
      producer: 'dlq-test',
      data: { n },
    });
    // What each program exports: its own group's figures, read fresh on every scrape here.
    const scrape = (group: string) =>
      createMetrics(group, { busStats: () => bus.stats(group), busStatsCacheMs: 0 }).registry.metrics();
    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runDlq(args, dl, (l) => lines.push(l));
      return { code, out: lines.join('\n') };
    };
    const caughtUp = async (group: string) => {
      const { lag } = await bus.stats(group);
      expect(lag.length).toBeGreaterThan(0);
      expect(lag.every((l) => l.lag === 0)).toBe(true);
    };

    beforeAll(async () => {
      store = new EmbeddedDocumentStore(dataDir);
      bus = await KafkaEventBus.create({
        brokers: brokers.split(','),
        clientId: 'dlq-test',
        namespace,
        logger,
        topics: [],
        partitions: 2,
        maxWaitTimeMs: 200,
      });
      // Two groups on one topic, both behind the idempotent consumer the services use.
      await bus.subscribe(
        'notification',
        'orders',
        idempotentHandler(store, 'notification', async (e) => {
          if (notificationBroken) throw new Error('mail template missing');
          notified.push(e.eventId);
        }),
        { maxRetries: 0, retryBackoffMs: 1 },
      );
      await bus.subscribe(
        'booking',
        'orders',
        idempotentHandler(store, 'booking', async (e) => void booked.push(e.eventId)),
      );
      await bus.start();
      dl = await KafkaDeadLetters.connect({ brokers: brokers.split(','), namespace, topics: ['orders'] });
    });

    afterAll(async () => {
      await dl?.close();
      await bus?.stop();
      await store?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('exports lag per group and partition, and the dead letters a failing group parked', async () => {
      const first = event(1);
      await bus.publish('orders', first, 'move-1');
      await eventually(() => expect(booked).toEqual([first.eventId]));
      await eventually(
        async () =>
          expect(
            sample(await scrape('notification'), 'vanhop_dead_letters', { topic: 'orders', service: 'notification' }),
          ).toBe(1),
        30_000,
        200,
      );
      await eventually(() => caughtUp('notification'), 30_000, 200);
      await eventually(() => caughtUp('booking'), 30_000, 200);
      const text = await scrape('notification');
      for (const partition of ['0', '1'])
        expect(sample(text, 'vanhop_consumer_lag', { group: 'notification', topic: 'orders', partition })).toBe(0);
      expect(sample(text, 'vanhop_consumer_lag', { group: 'booking' })).toBeUndefined();

      const listed = await cli('list');
      expect(listed.code).toBe(0);
      expect(listed.out).toContain(first.eventId);
      expect(listed.out).toMatch(/^pending +\S+ +orders .*mail template missing/m);
      expect(listed.out).toContain('1 dead letter retained, 1 pending');

      const shown = await cli('show', first.eventId);
      expect(shown.code).toBe(0);
      const detail = JSON.parse(shown.out) as {
        status: string;
        group: string;
        key: string;
        event: EventEnvelope;
        reason: string;
      };
      expect(detail).toMatchObject({
        status: 'pending',
        group: `${namespace}notification`,
        key: 'move-1',
        reason: 'mail template missing',
      });
      expect(detail.event).toEqual(first);
    });

    it('replays a dead letter by id; replaying it twice applies it once, and the depth goes back to 0', async () => {
      const parked = (await dl.list()).filter((r) => !r.replayed)[0]!;
      expect(parked).toBeDefined();
      notificationBroken = false; // the fault is fixed; now re-drive

      expect((await cli('replay', parked.id)).code).toBe(0);
      const again = await cli('replay', parked.id);
      expect(again.code).toBe(0);
      expect(again.out).toContain('again');
      await eventually(() => expect(notified).toEqual([parked.id]), 30_000, 100);
      // Both replays consumed by both groups (lag 0 counts the two new messages as handled):
      // notification applied the event once, booking (which had it already) not again.
      await eventually(() => caughtUp('notification'), 30_000, 200);
      await eventually(() => caughtUp('booking'), 30_000, 200);
      expect(notified).toEqual([parked.id]);
      expect(booked).toEqual([parked.id]);

      expect(sample(await scrape('notification'), 'vanhop_dead_letters', { topic: 'orders' })).toBe(0);
      expect((await cli('list', '--pending')).out).toContain('1 dead letter retained, 0 pending');
      expect(JSON.parse((await cli('show', parked.id)).out)).toMatchObject({ status: 'replayed' });
    });

    it('refuses to replay a message that is no event, and replay --all replays the events and skips over it', async () => {
      notificationBroken = true;
      const producer = new Kafka({
        clientId: 'raw',
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      }).producer();
      await producer.connect();
      await producer.send({ topic: `${namespace}orders`, messages: [{ key: 'k', value: '{"not":"an envelope"}' }] });
      await producer.disconnect();
      const second = event(2);
      await bus.publish('orders', second, 'move-2');
      // Every group parks the junk (neither can read it), notification also the event it failed on.
      await eventually(
        async () => expect(sample(await scrape('notification'), 'vanhop_dead_letters', { topic: 'orders' })).toBe(3),
        30_000,
        200,
      );
      const junk = (await dl.list()).find((r) => !r.replayed && r.event === null)!;
      expect(junk.id).toBe(junk.location);
      expect(junk.reason).toMatch(/invalid event envelope/);

      const refused = await cli('replay', junk.location);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/not a valid event/);
      expect((await cli('replay', 'no-such-id')).code).toBe(1);
      expect((await cli('replay')).code).toBe(2);

      notificationBroken = false;
      const all = await cli('replay', '--all');
      expect(all.code).toBe(0);
      expect(all.out).toContain('1 replayed, 2 skipped');
      await eventually(() => expect(notified).toContain(second.eventId), 30_000, 100);
      expect(sample(await scrape('notification'), 'vanhop_dead_letters', { topic: 'orders' })).toBe(0);
    });
  });
} else {
  describe.skip('dead letters on Kafka (no broker, see the printed reason)', () =>
    it('needs KAFKA_BROKERS', () => undefined));
}
