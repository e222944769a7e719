/**
 * The Kafka adapter itself rides out a new topic's leader election (issue 25 item 6): publish goes
 * through topic creation, the wait for leaders and the send, and each of them meets the broker's
 * "no leader" / "does not host this topic-partition" once before it settles. A real broker only
 * shows this race on a loaded machine (event-bus.kafka.test.ts runs the adapter against one); here
 * a stand-in for kafkajs's client answers that way on cue, so the test fails if any of those calls
 * stops going through the settle retry.
 */
import * as kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@vanhop/contracts';
import { KafkaEventBus } from '../src/adapters/kafka-event-bus.js';

const unknownTopic = () =>
  new kafkajs.KafkaJSProtocolError({
    type: 'UNKNOWN_TOPIC_OR_PARTITION',
    code: 3,
    message: 'This server does not host this topic-partition',
    retriable: true,
  } as never);

/** A broker stand-in that has just created the topic: its first metadata has no leader and its first send is refused. */
function settlingBroker() {
  const topics = new Set<string>();
  const calls = { send: 0, metadata: 0, created: [] as string[] };
  class Kafka {
    producer() {
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        send: async () => {
          calls.send++;
          if (calls.send === 1) throw unknownTopic();
          return [{ topicName: 'x', partition: 0, errorCode: 0, baseOffset: '0' }];
        },
      };
    }
    admin() {
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        listTopics: async () => [...topics],
        createTopics: async ({ topics: wanted }: { topics: { topic: string }[] }) => {
          for (const t of wanted) {
            topics.add(t.topic);
            calls.created.push(t.topic);
          }
          return true;
        },
        fetchTopicMetadata: async ({ topics: asked }: { topics: string[] }) => {
          calls.metadata++;
          const leader = calls.metadata === 1 ? -1 : 1;
          return {
            topics: asked.map((name) => ({
              name,
              partitions: [0, 1, 2].map((partitionId) => ({ partitionId, leader, partitionErrorCode: 0 })),
            })),
          };
        },
      };
    }
  }
  return { module: { ...kafkajs, Kafka } as unknown as typeof kafkajs, calls };
}

const event: EventEnvelope = {
  eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  type: 'booking.confirmed',
  version: 1,
  occurredAt: '2026-03-01T09:00:00.000Z',
  correlationId: 'c1',
  producer: 'settle-test',
  data: {},
};

describe('the Kafka adapter while a new topic gets its leaders', () => {
  it('publishes once the topic has leaders and the broker hosts it, waiting out both (logged), without a second message', async () => {
    const broker = settlingBroker();
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      debug: () => undefined,
      error: () => undefined,
      warn: (_obj: unknown, msg: string) => void warnings.push(msg),
      child: () => logger,
    };
    const bus = await KafkaEventBus.create(
      {
        brokers: ['stand-in:9092'],
        clientId: 'settle-test',
        logger: logger as never,
        settle: { withinMs: 5_000, firstDelayMs: 1, maxDelayMs: 5 },
      },
      broker.module,
    );
    await bus.publish('booking.confirmed', event);
    expect(broker.calls.created).toContain('booking.confirmed');
    // The first metadata showed no leader and was asked again; the first send was refused and sent again.
    expect(broker.calls.metadata).toBe(2);
    expect(broker.calls.send).toBe(2);
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    await bus.stop();
  });
});
