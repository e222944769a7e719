/**
 * The Kafka adapter's stall watchdog (A loaded fault run once ended with quote's
 * booking.confirmed consumer reading nothing for minutes while its process stayed ready). kafkajs
 * can leave a consumer idle for good (it gives up restarting after an error it calls fatal, or a
 * handler never returns); the bus then fails readiness and builds the group a new consumer. A real
 * broker cannot be made to stall on cue, so a stand-in for kafkajs's client plays the consumers,
 * and the watchdog's clock is a counter the test moves.
 */
import * as kafkajs from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@vanhop/contracts';
import { KafkaEventBus } from '../src/adapters/kafka-event-bus.js';
import { ServiceUnavailableError } from '../src/errors.js';
import { recordingLogger, sampleEnvelope, standInAdmin } from './kafka-stand-in.js';

type Listener = (e: { payload: Record<string, unknown> }) => void;
type EachMessage = (p: {
  topic: string;
  partition: number;
  message: { offset: string; key: Buffer | null; value: Buffer | null; headers?: Record<string, string> };
  heartbeat: () => Promise<void>;
}) => Promise<void>;

const EVENTS = {
  GROUP_JOIN: 'consumer.group_join',
  CRASH: 'consumer.crash',
  FETCH_START: 'consumer.fetch_start',
};

/** One consumer the bus built: the test makes it join, fetch and deliver, and sees what it committed. */
class StandInConsumer {
  readonly events = EVENTS;
  readonly committed: string[] = [];
  disconnected = false;
  /** Between run() and disconnect(): fetching and handing messages to the bus. */
  running = false;
  /** While set, connect() waits for it (a broker slow to let a consumer in). */
  connecting: Promise<void> | null = null;
  /** Set to make disconnect hang, as kafkajs's does while a handler it waits for never returns. */
  hangOnDisconnect = false;
  private readonly listeners = new Map<string, Listener[]>();
  private eachMessage: EachMessage | null = null;

  constructor(readonly config: { groupId: string; retry?: { restartOnFailure?: (e: Error) => Promise<boolean> } }) {}

  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return () => undefined;
  }
  emit(name: string, payload: Record<string, unknown> = {}) {
    for (const l of this.listeners.get(name) ?? []) l({ payload });
  }
  join() {
    this.emit(EVENTS.GROUP_JOIN);
  }
  async connect() {
    await this.connecting;
  }
  async subscribe() {}
  async run({ eachMessage }: { eachMessage: EachMessage }) {
    this.eachMessage = eachMessage;
    this.running = true;
  }
  disconnect(): Promise<void> {
    this.disconnected = true;
    this.running = false;
    return this.hangOnDisconnect ? new Promise(() => undefined) : Promise.resolve();
  }
  async commitOffsets(offsets: { offset: string }[]) {
    this.committed.push(...offsets.map((o) => o.offset));
  }
  /** Hands one message to the bus's handler, as a fetch would. */
  deliver(topic: string, offset: string, event: EventEnvelope): Promise<void> {
    if (!this.eachMessage) throw new Error('not running');
    return this.eachMessage({
      topic,
      partition: 0,
      message: { offset, key: null, value: Buffer.from(JSON.stringify(event)) },
      heartbeat: async () => undefined,
    });
  }
}

function standInCluster() {
  const consumers: StandInConsumer[] = [];
  let connecting: Promise<void> | null = null;
  class Kafka {
    consumer(config: StandInConsumer['config']) {
      const c = new StandInConsumer(config);
      c.connecting = connecting;
      consumers.push(c);
      return c;
    }
    producer() {
      return { connect: async () => undefined, disconnect: async () => undefined, send: async () => [] };
    }
    admin() {
      return standInAdmin();
    }
  }
  return {
    module: { ...kafkajs, Kafka } as unknown as typeof kafkajs,
    consumers,
    /** Consumers built from now on wait in connect() until the returned function is called. */
    holdConnects(): () => void {
      let release: () => void = () => undefined;
      connecting = new Promise((r) => {
        release = r;
      });
      return () => {
        connecting = null;
        release();
      };
    },
  };
}

const event = sampleEnvelope;

const STALL_MS = 90_000;

async function busOn(
  cluster: ReturnType<typeof standInCluster>,
  handler: (e: EventEnvelope) => Promise<void>,
  stallAfterMs = STALL_MS,
) {
  let clock = 1_000_000;
  const { logger, messages } = recordingLogger();
  const bus = await KafkaEventBus.create(
    {
      brokers: ['stand-in:9092'],
      clientId: 'stall-test',
      logger,
      topics: ['booking.confirmed'],
      defaults: { maxRetries: 2, retryBackoffMs: 1 },
      stallAfterMs,
      // The test runs every watchdog round itself.
      stallCheckEveryMs: 3_600_000,
      now: () => clock,
    },
    cluster.module,
  );
  await bus.subscribe('quote', 'booking.confirmed', handler);
  await bus.start();
  return { bus, errors: messages, advance: (ms: number) => (clock += ms) };
}

describe('the Kafka adapter when a consumer stops making progress', () => {
  it('leaves a consumer alone while it keeps fetching, however long it has been up', async () => {
    const cluster = standInCluster();
    const { bus, advance } = await busOn(cluster, async () => undefined);
    const [first] = cluster.consumers;
    first!.join();
    for (let i = 0; i < 10; i++) {
      advance(STALL_MS / 2);
      first!.emit(EVENTS.FETCH_START);
      await bus.checkStalls();
    }
    expect(cluster.consumers).toHaveLength(1);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.stop();
  });

  it('fails ping and builds a new consumer for a group idle past the limit; the old one commits nothing', async () => {
    const cluster = standInCluster();
    const handled: string[] = [];
    const { bus, errors, advance } = await busOn(cluster, async (e) => void handled.push(e.eventId));
    const [first] = cluster.consumers;
    first!.join();
    await expect(bus.ping()).resolves.toBeUndefined();

    // kafkajs gave up on it (a crash it would not restart): nothing fetches any more.
    first!.emit(EVENTS.CRASH, { error: new Error('fatal'), restart: false });
    advance(STALL_MS - 1);
    await bus.checkStalls();
    expect(cluster.consumers).toHaveLength(1);

    advance(2);
    await bus.checkStalls();
    expect(errors('error')).toContain('Kafka consumer stalled: rebuilding it');
    expect(first!.disconnected).toBe(true);
    expect(cluster.consumers).toHaveLength(2);
    await expect(bus.ping()).rejects.toThrow(/crashed|stalled/);

    const second = cluster.consumers[1]!;
    second.join();
    await expect(bus.ping()).resolves.toBeUndefined();
    // The replaced consumer would not restart itself beside its successor, and hands nothing on.
    await expect(first!.config.retry!.restartOnFailure!(new Error('x'))).resolves.toBe(false);
    await expect(second.config.retry!.restartOnFailure!(new Error('x'))).resolves.toBe(true);
    await first!.deliver('booking.confirmed', '7', event);
    expect(handled).toEqual([]);
    expect(first!.committed).toEqual([]);
    await second.deliver('booking.confirmed', '7', event);
    expect(handled).toEqual([event.eventId]);
    // Handled offsets are committed together, at the latest when the bus stops.
    await bus.stop();
    expect(second.committed).toEqual(['8']);
    expect(first!.committed).toEqual([]);
  });

  it("says so in ping (readiness's bus check) while the group waits for its new consumer to join", async () => {
    const cluster = standInCluster();
    const { bus, advance } = await busOn(cluster, async () => undefined);
    cluster.consumers[0]!.join();
    advance(STALL_MS);
    await bus.checkStalls();
    await expect(bus.ping()).rejects.toThrow('Kafka consumer stalled: quote made no progress for 90 s; rebuilding it');
    cluster.consumers[1]!.emit(EVENTS.FETCH_START);
    cluster.consumers[1]!.join();
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.stop();
  });

  it('treats a handler that never returns as a stall, and gives up on the disconnect that waits for it', async () => {
    const cluster = standInCluster();
    // A short limit: the wait for the hanging disconnect is bounded by it, in real time.
    const { bus, advance } = await busOn(cluster, () => new Promise(() => undefined), 200);
    const [first] = cluster.consumers;
    first!.join();
    first!.hangOnDisconnect = true;
    void first!.deliver('booking.confirmed', '0', event);
    advance(200);
    // The old consumer's disconnect never returns: the round still ends, with a new consumer.
    await bus.checkStalls();
    expect(cluster.consumers).toHaveLength(2);
    expect(first!.committed).toEqual([]);
    await bus.stop();
  });

  it('does not count an outage the handler is waiting out as a stall: every new attempt is progress', async () => {
    const cluster = standInCluster();
    let attempts = 0;
    const hooks = { advance: (_ms: number) => 0, checkStalls: async (): Promise<void> => undefined };
    const { bus, advance } = await busOn(cluster, async () => {
      attempts++;
      // Each attempt comes a third of the limit after the one before; the watchdog looks meanwhile.
      hooks.advance(STALL_MS / 3);
      await hooks.checkStalls();
      if (attempts < 8) throw new ServiceUnavailableError('store restarting');
    });
    hooks.advance = advance;
    hooks.checkStalls = () => bus.checkStalls();
    const [first] = cluster.consumers;
    first!.join();
    await first!.deliver('booking.confirmed', '3', event);
    expect(attempts).toBe(8);
    expect(cluster.consumers).toHaveLength(1);
    await bus.stop();
    expect(first!.committed).toEqual(['4']);
  });

  it('stop() while the watchdog builds a new consumer leaves no consumer running', async () => {
    const cluster = standInCluster();
    const { bus, advance } = await busOn(cluster, async () => undefined);
    cluster.consumers[0]!.join();
    const releaseConnect = cluster.holdConnects();
    advance(STALL_MS);
    const rebuilding = bus.checkStalls();
    // The new consumer is built and waits for the broker to let it in.
    await vi.waitFor(() => expect(cluster.consumers).toHaveLength(2));
    const stopped = bus.stop();
    releaseConnect();
    await Promise.all([rebuilding, stopped]);
    expect(cluster.consumers.map((c) => c.running)).toEqual([false, false]);
    expect(cluster.consumers[1]!.disconnected).toBe(true);
  });

  it('stop() while the stalled consumer disconnects builds no new one', async () => {
    const cluster = standInCluster();
    const { bus, advance } = await busOn(cluster, async () => undefined);
    const [first] = cluster.consumers;
    first!.join();
    let letGo: () => void = () => undefined;
    first!.disconnect = () => {
      first!.disconnected = true;
      first!.running = false;
      return new Promise<void>((r) => {
        letGo = r;
      });
    };
    advance(STALL_MS);
    const rebuilding = bus.checkStalls();
    await vi.waitFor(() => expect(first!.disconnected).toBe(true));
    const stopped = bus.stop();
    letGo();
    await Promise.all([rebuilding, stopped]);
    expect(cluster.consumers).toHaveLength(1);
  });
});
