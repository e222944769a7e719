import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { ALL_TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { KafkaEventBus, type KafkaEventBusOptions } from '../../src/adapters/kafka-event-bus.js';
import { createLogger } from '../../src/logger.js';
import { infraTarget } from '../infra-env.js';
import { eventBusContract } from './event-bus.contract.js';
import { eventually } from './eventually.js';

const brokers = await infraTarget('kafka');

if (brokers) {
  const logger = createLogger('kafka-contract', 'silent');
  // Each test world is its own namespace on the shared broker: its own topics and consumer groups.
  const makeBus = (world: string, extra: Partial<KafkaEventBusOptions> = {}) =>
    KafkaEventBus.create({
      brokers: brokers.split(','),
      clientId: `contract-${world}`,
      namespace: `ct-${world}.`,
      logger,
      topics: [],
      partitions: 3,
      maxWaitTimeMs: 200,
      ...extra,
    });

  eventBusContract(`kafkajs at ${brokers}`, { open: async (world) => makeBus(world) });

  describe('KafkaEventBus specifics', () => {
    // A new admin client for each test: connecting one again right after its disconnect can meet
    // the old socket still closing ("write after end") on a busy machine.
    let admin: Admin;
    beforeEach(() => {
      admin = new Kafka({
        clientId: 'contract-admin',
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      }).admin();
    });
    const buses: KafkaEventBus[] = [];
    const track = async (pending: Promise<KafkaEventBus>) => {
      const b = await pending;
      buses.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.stop()));
      await admin.disconnect();
    });
    const event = (n: number): EventEnvelope => ({
      eventId: randomUUID(),
      type: 'contract.tested',
      version: 1,
      occurredAt: new Date().toISOString(),
      correlationId: `c${n}`,
      producer: 'contract-test',
      data: { n },
    });

    it('creates every contract topic and its dead-letter topic at start', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      const bus = await track(makeBus(world, { topics: undefined }));
      await bus.start();
      await admin.connect();
      const topics = (await admin.listTopics())
        .filter((t) => t.startsWith(`ct-${world}.`))
        .map((t) => t.slice(`ct-${world}.`.length));
      expect(topics.sort()).toEqual([...ALL_TOPICS, ...ALL_TOPICS.map((t) => `${t}.dlq`)].sort());
    });

    it('starts on topics another client has only just created, before their leaders are elected (several services starting together)', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      const topics = ['orders', 'orders.dlq', 'payments', 'payments.dlq'].map((t) => `ct-${world}.${t}`);
      await admin.connect();
      // Created without waiting for leaders: the bus finds the topics listed while the broker may
      // still answer "does not host this topic-partition" for them (more often on a loaded machine).
      await admin.createTopics({
        waitForLeaders: false,
        topics: topics.map((topic) => ({ topic, numPartitions: 3, replicationFactor: -1 })),
      });
      const bus = await track(makeBus(world));
      const got: string[] = [];
      await bus.subscribe('booking', 'orders', async (e) => void got.push(e.eventId));
      await bus.subscribe('notification', 'payments', async (e) => void got.push(e.eventId));
      await bus.start();
      const sent = [event(1), event(2)];
      await bus.publish('orders', sent[0]!, 'k');
      await bus.publish('payments', sent[1]!, 'k');
      await eventually(() => expect(got.sort()).toEqual(sent.map((e) => e.eventId).sort()));
      await eventually(() => bus.ping()); // both groups joined, none crashed
    });

    it('parks a message that is not a valid envelope on the dead-letter topic without calling the handler', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      const bus = await track(makeBus(world));
      const handled: unknown[] = [];
      const dead: EventEnvelope[] = [];
      await bus.subscribe('notification', 'orders', async (e) => void handled.push(e));
      await bus.subscribe('ops', 'orders.dlq', async (e) => void dead.push(e));
      await bus.start();
      const producer = new Kafka({
        clientId: 'raw',
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      }).producer();
      await producer.connect();
      await producer.send({ topic: `ct-${world}.orders`, messages: [{ key: 'k', value: '{"not":"an envelope"}' }] });
      await producer.disconnect();
      const good = event(2);
      await bus.publish('orders', good, 'k');
      await eventually(() => expect(handled).toEqual([good]));
      // The raw message is not an envelope either, so the DLQ consumer parks it again (logged, committed).
      expect(dead).toEqual([]);
      await admin.connect();
      // Retried: under load the broker may briefly answer metadata requests for a new topic as unknown.
      await eventually(async () => {
        const offsets = await admin.fetchTopicOffsets(`ct-${world}.orders.dlq`);
        expect(offsets.reduce((sum, p) => sum + Number(p.high), 0)).toBe(1);
      });
    });

    it('commits only handled messages: a message abandoned at stop is redelivered to the group, handled ones are not', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      const first = await track(makeBus(world));
      const handledFirst: number[] = [];
      await first.subscribe(
        'notification',
        'orders',
        async (e) => {
          const n = (e.data as { n: number }).n;
          if (n === 3) throw new Error('downstream is down');
          handledFirst.push(n);
        },
        { maxRetries: 50, retryBackoffMs: 200 },
      );
      await first.start();
      for (const n of [1, 2, 3, 4]) await first.publish('orders', event(n), 'same-key');
      await eventually(() => expect(handledFirst).toEqual([1, 2]));
      await first.stop(); // message 3 is mid-retry: abandoned, not committed

      const second = await track(makeBus(world));
      const handledSecond: number[] = [];
      await second.subscribe(
        'notification',
        'orders',
        async (e) => void handledSecond.push((e.data as { n: number }).n),
      );
      await second.start();
      await eventually(() => expect(handledSecond).toEqual([3, 4]));
    });

    it('fails ping while a consumer has crashed', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      // Few retries, so the crash (a dead-letter topic that vanished) surfaces within a second or two.
      const bus = await track(makeBus(world, { retry: { retries: 1, initialRetryTime: 100, maxRetryTime: 200 } }));
      await bus.subscribe(
        'notification',
        'orders',
        async () => {
          throw new Error('always fails');
        },
        { maxRetries: 0, retryBackoffMs: 1 },
      );
      await bus.start();
      await eventually(() => bus.ping()); // ready once the group has joined
      await admin.connect();
      await admin.deleteTopics({ topics: [`ct-${world}.orders.dlq`] });
      await bus.publish('orders', event(1), 'k');
      await eventually(
        async () => {
          await expect(bus.ping()).rejects.toThrow(/consumer crashed/);
        },
        20_000,
        10,
      );
    });

    it('rebuilds a consumer stalled in a handler that never returns, and the new one handles the event', async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      // A short stall limit and the broker's shortest session, so the stuck member is let go soon.
      const bus = await track(makeBus(world, { stallAfterMs: 2_000, sessionTimeoutMs: 6_000 }));
      let release: () => void = () => undefined;
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const handled: number[] = [];
      let calls = 0;
      await bus.subscribe('quote', 'orders', async (e) => {
        calls++;
        if (calls === 1) return stuck;
        handled.push((e.data as { n: number }).n);
      });
      try {
        await bus.start();
        await eventually(() => bus.ping());
        await bus.publish('orders', event(1), 'k');
        await eventually(async () => expect(calls).toBe(1));
        await eventually(async () => expect(bus.ping()).rejects.toThrow(/stalled/), 30_000, 10);
        // Redelivered to the new consumer once the broker let the stuck member go.
        await eventually(async () => expect(handled).toEqual([1]), 90_000);
        await eventually(() => bus.ping(), 30_000);
      } finally {
        release();
      }
      // The replaced consumer, its handler released, commits nothing and takes nothing more.
      await bus.publish('orders', event(2), 'k');
      await eventually(async () => expect(handled).toEqual([1, 2]), 30_000);
      expect(calls).toBe(3);
    }, 180_000);

    it("a group taking over another group's topic starts where that group got to, not from the beginning", async () => {
      const world = `w${randomUUID().slice(0, 8)}`;
      const numbers = (list: EventEnvelope[]) => list.map((e) => (e.data as { n: number }).n).sort((a, b) => a - b);
      const before = await track(makeBus(world));
      const handledBefore: EventEnvelope[] = [];
      await before.subscribe('quote', 'orders', async (e) => {
        handledBefore.push(e);
      });
      await before.start();
      for (const n of [1, 2, 3]) await before.publish('orders', event(n), `k${n}`);
      await eventually(async () => expect(numbers(handledBefore)).toEqual([1, 2, 3]), 30_000);
      // Stopped, the old group has committed what it handled.
      await before.stop();

      const after = await track(makeBus(world));
      const tookOver: EventEnvelope[] = [];
      const fresh: EventEnvelope[] = [];
      await after.subscribe('fleet', 'orders', async (e) => void tookOver.push(e), { takeOverFrom: 'quote' });
      // A group without it reads the topic from the beginning, as every new group does.
      await after.subscribe('audit', 'orders', async (e) => void fresh.push(e));
      await after.start();
      for (const n of [4, 5]) await after.publish('orders', event(n), `k${n}`);
      await eventually(async () => expect(numbers(fresh)).toEqual([1, 2, 3, 4, 5]), 30_000);
      await eventually(async () => expect(numbers(tookOver)).toEqual([4, 5]), 30_000);
    }, 120_000);
  });
} else {
  describe.skip('EventBus contract: kafkajs (no broker, see the printed reason)', () =>
    it('needs KAFKA_BROKERS', () => undefined));
}
