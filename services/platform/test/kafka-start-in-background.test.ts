/**
 * A replica starts and serves while Kafka is away: the bus's start runs in the background with a
 * doubling delay, publish fails at once meanwhile (the outbox keeps the event), ping names the
 * outage, and once the broker answers the consumers run. A stand-in for kafkajs's client plays a
 * broker that refuses connections until the test lets it answer.
 */
import * as kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { KafkaEventBus } from '../src/adapters/kafka-event-bus.js';
import { recordingLogger, sampleEnvelope, standInAdmin } from './kafka-stand-in.js';

function brokerAway() {
  const state = { up: false, connectAttempts: 0, consumersRunning: 0, consumersDisconnected: 0 };
  const refuse = async () => {
    state.connectAttempts++;
    if (!state.up) throw new Error('connect ECONNREFUSED 127.0.0.1:9092');
  };
  class Kafka {
    consumer() {
      return {
        events: { GROUP_JOIN: 'j', CRASH: 'c', FETCH_START: 'f' },
        on: () => () => undefined,
        connect: refuse,
        subscribe: async () => undefined,
        run: async () => void state.consumersRunning++,
        disconnect: async () => void state.consumersDisconnected++,
      };
    }
    producer() {
      return { connect: refuse, disconnect: async () => undefined, send: async () => [] };
    }
    admin() {
      return { ...standInAdmin(), connect: refuse };
    }
  }
  return { module: { ...kafkajs, Kafka } as unknown as typeof kafkajs, state };
}

async function busOn(cluster: ReturnType<typeof brokerAway>) {
  const { logger, messages } = recordingLogger();
  const bus = await KafkaEventBus.create(
    {
      brokers: ['stand-in:9092'],
      clientId: 'background-start-test',
      logger,
      topics: ['booking.confirmed'],
      startBackoff: { firstMs: 1, maxMs: 4 },
    },
    cluster.module,
  );
  await bus.subscribe('notification', 'booking.confirmed', async () => undefined);
  return { bus, messages };
}

/** Waits for a state, not a time: the background loop moves on its own timers. */
async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 5_000 && !ok(); i++) await new Promise((r) => setTimeout(r, 2));
  if (!ok()) throw new Error(`never happened: ${what}`);
}

describe('the Kafka adapter started while the broker is away', () => {
  it('returns at once, fails publish and ping with the reason, then starts the consumers once the broker answers', async () => {
    const cluster = brokerAway();
    const { bus, messages } = await busOn(cluster);

    bus.startInBackground();
    await until('a second attempt', () => cluster.state.connectAttempts >= 2);

    await expect(bus.ping()).rejects.toThrow(/Kafka not reachable yet: .*ECONNREFUSED/);
    await expect(bus.publish('booking.confirmed', sampleEnvelope)).rejects.toThrow(/Kafka not reachable yet/);
    expect(cluster.state.consumersRunning).toBe(0);
    expect(messages('warn')).toContain('Kafka not reachable: serving without it (events wait in the outbox); retrying');

    cluster.state.up = true;
    expect(await bus.whenStarted()).toBe(true);
    expect(cluster.state.consumersRunning).toBe(1);
    await expect(bus.publish('booking.confirmed', sampleEnvelope)).resolves.toBeDefined();
    expect(messages('info')).toContain('Kafka reached: event bus started');
    await bus.stop();
  });

  it('builds a group a new consumer after one whose connect failed, and leaves the failed one disconnected', async () => {
    const cluster = brokerAway();
    cluster.state.up = true;
    // The admin and producer answer; only the consumers cannot get in for a while.
    let consumerFailures = 0;
    const realConsumer = (cluster.module as unknown as { Kafka: new () => { consumer(): object } }).Kafka;
    class Kafka extends realConsumer {
      override consumer() {
        const c = super.consumer() as { connect(): Promise<void> };
        return {
          ...c,
          connect: async () => {
            if (consumerFailures++ < 2) throw new Error('group coordinator not available');
          },
        };
      }
    }
    const busWithFlakyConsumers = await KafkaEventBus.create(
      {
        brokers: ['stand-in:9092'],
        clientId: 'background-start-test',
        logger: recordingLogger().logger,
        topics: ['booking.confirmed'],
        startBackoff: { firstMs: 1, maxMs: 4 },
      },
      { ...cluster.module, Kafka } as unknown as typeof kafkajs,
    );
    await busWithFlakyConsumers.subscribe('notification', 'booking.confirmed', async () => undefined);
    busWithFlakyConsumers.startInBackground();
    expect(await busWithFlakyConsumers.whenStarted()).toBe(true);
    expect(consumerFailures).toBe(3);
    expect(cluster.state.consumersDisconnected).toBe(2);
    expect(cluster.state.consumersRunning).toBe(1);
    await busWithFlakyConsumers.stop();
  });

  it('gives up quietly when the bus stops before the broker ever answered', async () => {
    const cluster = brokerAway();
    const { bus } = await busOn(cluster);
    bus.startInBackground();
    await until('a first attempt', () => cluster.state.connectAttempts >= 1);
    await bus.stop();
    expect(await bus.whenStarted()).toBe(false);
    const attempts = cluster.state.connectAttempts;
    await new Promise((r) => setTimeout(r, 20));
    expect(cluster.state.connectAttempts).toBe(attempts);
  });
});
