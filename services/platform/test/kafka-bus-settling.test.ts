/**
 * The Kafka adapter itself rides out a new topic's leader election: publish goes
 * through topic creation, the wait for leaders and the send, and each of them meets the broker's
 * "no leader" / "does not host this topic-partition" once before it settles. A real broker only
 * shows this race on a loaded machine (event-bus.kafka.test.ts runs the adapter against one); here
 * a stand-in for kafkajs's client answers that way on cue, so the test fails if any of those calls
 * stops going through the settle retry.
 */
import * as kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { KafkaEventBus } from '../src/adapters/kafka-event-bus.js';
import { recordingLogger, sampleEnvelope, standInAdmin } from './kafka-stand-in.js';

const unknownTopic = () =>
  new kafkajs.KafkaJSProtocolError({
    type: 'UNKNOWN_TOPIC_OR_PARTITION',
    code: 3,
    message: 'This server does not host this topic-partition',
    retriable: true,
  } as never);

/** A broker stand-in that has just created the topic: its first metadata has no leader and its first send is refused. */
function settlingBroker() {
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
      return standInAdmin(calls, (n) => (n === 1 ? -1 : 1));
    }
  }
  return { module: { ...kafkajs, Kafka } as unknown as typeof kafkajs, calls };
}

const event = sampleEnvelope;

describe('the Kafka adapter while a new topic gets its leaders', () => {
  it('publishes once the topic has leaders and the broker hosts it, waiting out both (logged), without a second message', async () => {
    const broker = settlingBroker();
    const { logger, messages } = recordingLogger();
    const bus = await KafkaEventBus.create(
      {
        brokers: ['stand-in:9092'],
        clientId: 'settle-test',
        logger,
        settle: { withinMs: 5_000, firstDelayMs: 1, maxDelayMs: 5 },
      },
      broker.module,
    );
    await bus.publish('booking.confirmed', event);
    expect(broker.calls.created).toContain('booking.confirmed');
    // The first metadata showed no leader and was asked again; the first send was refused and sent again.
    expect(broker.calls.metadata).toBe(2);
    expect(broker.calls.send).toBe(2);
    expect(messages('warn').length).toBeGreaterThanOrEqual(2);
    await bus.stop();
  });
});
