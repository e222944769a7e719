import type { Admin, Consumer, EachMessagePayload, IHeaders, Kafka, LogEntry, Producer, RetryOptions } from 'kafkajs';
import { mendKafkaJsRequestQueueTimer } from './kafkajs-request-queue-timer.js';
import { ALL_TOPICS, deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@vanhop/contracts';
import {
  DURABLE,
  type EventBus,
  type EventHandler,
  type PublishReceipt,
  type SubscribeOptions,
} from '../ports/event-bus.js';
import type { Logger } from '../logger.js';
import type { BusStats, BusStatsSource, ConsumerLag, HandledCount } from '../ports/bus-stats.js';
import { HandlerRetries } from '../handler-retries.js';
import { withTimeout } from '../with-timeout.js';
import { DEAD_LETTER_CURSOR_GROUP, partitionCursors, pendingDeadLetters, span } from './kafka-dead-letters.js';
import { OffsetCommits, type PartitionOffset } from './kafka-offset-commits.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Prefix for every topic and group name, so several environments or test runs share one cluster. */
  namespace?: string;
  /** Topics created at start (with their `.dlq`) besides the subscribed ones; defaults to every contract topic. */
  topics?: readonly string[];
  partitions?: number;
  defaults?: Required<Pick<SubscribeOptions, 'maxRetries' | 'retryBackoffMs'>>;
  /** kafkajs client retry policy (connection, metadata, and consumer restarts). */
  retry?: RetryOptions;
  /** Longest a fetch waits for new messages; stop() waits for the fetch in flight, so this bounds shutdown. */
  maxWaitTimeMs?: number;
  /**
   * How long topic metadata may take to settle (new topics' leaders elected) before start, subscribe
   * or publish gives up with the broker's error; see {@link retryWhileSettling}.
   */
  settle?: Partial<SettlePolicy>;
  /**
   * A consumer group that has neither fetched nor started a handler attempt for this long is
   * stalled (see {@link KafkaEventBus.checkStalls}): ping fails (readiness's `bus` check) and the
   * group's consumer is rebuilt. Longer than a rebalance may take (kafkajs's rebalance timeout is 60 s).
   */
  stallAfterMs?: number;
  /**
   * How long the broker keeps a member that stopped heartbeating (a killed replica, a stalled
   * consumer) before it hands that member's partitions to the others; 30 s unless given.
   */
  sessionTimeoutMs?: number;
  /** How often the watchdog looks (a third of `stallAfterMs`, at most 10 s, unless given). */
  stallCheckEveryMs?: number;
  /** The clock the stall watchdog reads; unit tests move it. */
  now?: () => number;
  /** Backoff of {@link KafkaEventBus.startInBackground} between attempts (1 s doubling to 30 s unless given). */
  startBackoff?: { firstMs: number; maxMs: number };
  /** How many partitions a group's consumer handles at once ({@link PARTITIONS_CONSUMED_CONCURRENTLY} unless given). */
  partitionsConsumedConcurrently?: number;
  /** Handled offsets are committed together this long after the first of them ({@link COMMIT_EVERY_MS} unless given). */
  commitEveryMs?: number;
}

interface TopicSubscription {
  topic: string;
  handler: EventHandler;
  maxRetries: number;
  retryBackoffMs: number;
  takeOverFrom?: string;
}

interface GroupConsumer {
  group: string;
  subs: Map<string, TopicSubscription>; // by un-namespaced topic
  /** The group's one live consumer; one being rebuilt is null, one replaced is stale and must not commit. */
  consumer: Consumer | null;
  /** When the group last fetched, joined or started a handler attempt (the stall watchdog's clock). */
  lastProgressAt: number;
  /** The watchdog's rebuild of this group's consumer while it runs (stop() waits for it). */
  rebuild: Promise<void> | null;
  /** The live consumer's handled offsets waiting for their commit. */
  commits: OffsetCommits | null;
}

export const STALL_AFTER_MS = 90_000;
/**
 * Partitions a group's consumer handles at once, each still one message at a time in offset order
 * (events are keyed by booking, so per-booking order holds). Handlers mostly wait on I/O (the store,
 * SMTP, another service), and one at a time made every event queue behind the slowest handler of
 * any topic the group reads (notification reads some twenty): a slow mail held up every
 * confirmation behind it. Handlers already run side by side across replicas, so a few at once in
 * one replica asks nothing new of them; the bound keeps a burst from swamping the store or SMTP.
 */
export const PARTITIONS_CONSUMED_CONCURRENTLY = 4;
/**
 * Handled offsets are committed together within this long rather than one commit round trip after
 * each event, which held up the next event of every partition the consumer reads. Safe because
 * handlers dedupe on eventId: a crash in between redelivers at most this much to the partition's
 * next owner (see {@link OffsetCommits}). A rebalance and stop() commit what is noted first.
 */
export const COMMIT_EVERY_MS = 1_000;
/** How long a stalled consumer's disconnect may take before it is left behind (it hangs inside a stuck handler). */
const STALE_DISCONNECT_MS = 30_000;
/** How long stop() waits for a consumer rebuild in progress before disconnecting what there is. */
const REBUILD_WAIT_ON_STOP_MS = 5_000;
const DEFAULT_RETRY: RetryOptions = { retries: 8, initialRetryTime: 300, maxRetryTime: 10_000 };

const TOPIC_NAME = /^[a-zA-Z0-9._-]*$/;

type KafkaJs = typeof import('kafkajs');

/**
 * EventBus on Kafka (kafkajs). One consumer per group; offsets are committed explicitly, only after
 * the handler succeeded or the message was parked on `<topic>.dlq`, together within a second
 * ({@link COMMIT_EVERY_MS}), so a crash redelivers instead of losing. The producer is idempotent
 * (acks=-1, one request in flight), so producer retries never duplicate a message. Consumers of one
 * topic keep per-key order (one partition per key, handled one message at a time; a few partitions
 * at once). Topics are used only once the broker's metadata shows a leader for every partition, and
 * calls that fail while a new topic's leaders are still being elected are tried again within a
 * bound (`settle`), logged; an outage still fails them.
 */
export class KafkaEventBus implements EventBus, BusStatsSource {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly knownTopics = new Set<string>();
  private readonly crashes = new Map<string, string>();
  private readonly notJoined = new Set<string>();
  /** group → ms without progress when the watchdog found it stalled; cleared by its next progress. */
  private readonly stalled = new Map<string, number>();
  private watchdog: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly stallAfterMs: number;
  /** group → "topic/partition" → events handled by this process. */
  private readonly handledCounts = new Map<string, Map<string, number>>();
  private readonly ns: string;
  private readonly defaults: Required<Pick<SubscribeOptions, 'maxRetries' | 'retryBackoffMs'>>;
  private connecting: Promise<void> | null = null;
  private started = false;
  private stopping = false;
  /** Set while a background start has not reached the broker yet: the last failure's message. */
  private waitingForBroker: string | null = null;
  private backgroundStart: Promise<void> | null = null;
  private wakeSleepers: () => void = () => undefined;
  private readonly stopSignal: Promise<void>;

  /**
   * Loads kafkajs on demand (embedded mode never does) and builds the bus; nothing connects until
   * start or publish. `kafkajs` replaces the library's module in unit tests of the adapter's own
   * logic (a broker that answers "does not host this topic-partition" on cue).
   */
  static async create(options: KafkaEventBusOptions, kafkajs?: KafkaJs): Promise<KafkaEventBus> {
    mendKafkaJsRequestQueueTimer();
    return new KafkaEventBus(kafkajs ?? (await import('kafkajs')), options);
  }

  private constructor(
    kafkajs: KafkaJs,
    private readonly options: KafkaEventBusOptions,
  ) {
    const { Kafka, logLevel, Partitioners } = kafkajs;
    this.ns = options.namespace ?? '';
    if (!TOPIC_NAME.test(this.ns))
      throw new Error(`Kafka namespace may only contain letters, digits, '.', '_' and '-': "${this.ns}"`);
    this.defaults = options.defaults ?? { maxRetries: 5, retryBackoffMs: 200 };
    this.now = options.now ?? Date.now;
    this.stallAfterMs = options.stallAfterMs ?? STALL_AFTER_MS;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 5_000,
      retry: options.retry ?? DEFAULT_RETRY,
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => logKafka(options.logger, entry, logLevel),
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
    this.stopSignal = new Promise<void>((resolve) => (this.wakeSleepers = resolve));
  }

  async publish(topic: string, event: EventEnvelope, key?: string): Promise<PublishReceipt> {
    if (this.stopping) throw new Error('Event bus is stopped');
    // The outbox keeps the event; failing at once spares each write a minute of connection retries.
    if (this.waitingForBroker !== null) throw new Error(`Kafka not reachable yet: ${this.waitingForBroker}`);
    await eventEnvelopeSchema.validate(event, { strict: true });
    await this.connect();
    await this.ensureTopics([topic]);
    // kafkajs refreshes metadata and retries a send itself (within `retry`); a topic whose leader is
    // still being elected can outlast that on a busy machine, so such a failure is tried again.
    await this.whileSettling(`publishing to ${this.name(topic)}`, () =>
      this.producer.send({
        topic: this.name(topic),
        acks: -1,
        messages: [
          {
            key: key ?? event.eventId,
            value: JSON.stringify(event),
            headers: { eventId: event.eventId, type: event.type },
          },
        ],
      }),
    );
    return DURABLE;
  }

  async subscribe(group: string, topic: string, handler: EventHandler, options: SubscribeOptions = {}): Promise<void> {
    let g = this.groups.get(group);
    if (g?.subs.has(topic)) throw new Error(`Group ${group} already subscribed to ${topic}`);
    if (g?.consumer) throw new Error(`Group ${group} is already consuming: subscribe all its topics before start()`);
    if (!g) {
      g = { group, subs: new Map(), consumer: null, lastProgressAt: this.now(), rebuild: null, commits: null };
      this.groups.set(group, g);
    }
    g.subs.set(topic, {
      topic,
      handler,
      maxRetries: options.maxRetries ?? this.defaults.maxRetries,
      retryBackoffMs: options.retryBackoffMs ?? this.defaults.retryBackoffMs,
      takeOverFrom: options.takeOverFrom,
    });
    // A group added after start (rare: e.g. a late module) starts consuming straight away.
    if (this.started) await this.runGroup(g);
  }

  /**
   * Connects, creates the topics and runs every group's consumer. A failed start may be called
   * again: groups whose consumer is running are kept, the others are built anew.
   */
  async start(): Promise<void> {
    if (this.stopping) throw new Error('Event bus is stopped');
    if (this.started) return;
    await this.connect();
    const subscribed = [...this.groups.values()].flatMap((g) => [...g.subs.keys()]);
    await this.ensureTopics([...(this.options.topics ?? ALL_TOPICS), ...subscribed]);
    await Promise.all([...this.groups.values()].filter((g) => g.consumer === null).map((g) => this.runGroup(g)));
    if (this.stopping) return;
    this.started = true;
    const every = this.options.stallCheckEveryMs ?? Math.max(1, Math.min(10_000, Math.floor(this.stallAfterMs / 3)));
    this.watchdog = setInterval(() => void this.checkStalls(), every);
    this.watchdog.unref();
  }

  /**
   * Starts without waiting for the broker: a replica serves while Kafka is away (events wait in the
   * outbox, consumers catch up once they join). Until the first start succeeds, publish fails at
   * once and ping says the broker is not reachable yet; start is tried again with a doubling delay
   * until it succeeds or the bus stops.
   */
  startInBackground(): void {
    if (this.started || this.backgroundStart || this.stopping) return;
    const { firstMs, maxMs } = this.options.startBackoff ?? { firstMs: 1_000, maxMs: 30_000 };
    this.waitingForBroker = 'starting';
    this.backgroundStart = (async () => {
      let delay = firstMs;
      for (let attempt = 1; !this.stopping; attempt++) {
        try {
          await this.start();
          if (this.stopping) return;
          if (attempt > 1) this.options.logger.info({ attempt }, 'Kafka reached: event bus started');
          this.waitingForBroker = null;
          return;
        } catch (err) {
          if (this.stopping) return;
          this.waitingForBroker = (err as Error).message;
          this.options.logger.warn(
            { attempt, retryInMs: delay, err: (err as Error).message },
            'Kafka not reachable: serving without it (events wait in the outbox); retrying',
          );
          await Promise.race([sleep(delay), this.stopSignal]);
          delay = Math.min(delay * 2, maxMs);
        }
      }
    })();
  }

  /** Settles once a background start has started the bus or given up because the bus stopped (tests). */
  async whenStarted(): Promise<boolean> {
    await this.backgroundStart;
    return this.started;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.wakeSleepers(); // a handler waiting to retry gives up now; its message stays uncommitted
    // A consumer the watchdog is building now is either disconnected below or, if it is still
    // connecting when this short wait ends, by runGroup itself once it sees the bus stopping (short,
    // so a rebuild stuck on a hung disconnect does not eat the shutdown's grace period).
    await Promise.all(
      [...this.groups.values()].map((g) =>
        g.rebuild
          ? withTimeout(g.rebuild, Math.min(REBUILD_WAIT_ON_STOP_MS, this.stallAfterMs)).catch(() => undefined)
          : null,
      ),
    );
    // What was handled is committed before the consumers leave; a handler still running commits its
    // own message before it returns (see settle), and kafkajs disconnect waits for it.
    await Promise.all(
      [...this.groups.values()].map((g) =>
        g.commits?.flush().catch((err) => this.logFailure('committing handled offsets on stop failed', err)),
      ),
    );
    // kafkajs disconnect waits for the message being handled, so in-flight work finishes first.
    await Promise.all(
      [...this.groups.values()].map((g) =>
        g.consumer?.disconnect().catch((err) => this.logFailure('consumer disconnect failed', err)),
      ),
    );
    await this.producer.disconnect().catch((err) => this.logFailure('producer disconnect failed', err));
    await this.admin.disconnect().catch((err) => this.logFailure('admin disconnect failed', err));
  }

  async ping(): Promise<void> {
    if (this.stopping) throw new Error('Event bus is stopped');
    const crashed = [...this.crashes.entries()];
    if (crashed.length > 0)
      throw new Error(`Kafka consumer crashed: ${crashed.map(([g, e]) => `${g}: ${e}`).join('; ')}`);
    if (this.stalled.size > 0)
      throw new Error(
        `Kafka consumer stalled: ${[...this.stalled.entries()]
          .map(([g, ms]) => `${g} made no progress for ${Math.round(ms / 1000)} s`)
          .join('; ')}; rebuilding it`,
      );
    if (this.waitingForBroker !== null) throw new Error(`Kafka not reachable yet: ${this.waitingForBroker}`);
    if (this.notJoined.size > 0)
      throw new Error(`Kafka consumer group not joined yet: ${[...this.notJoined].join(', ')}`);
    await this.connect();
    await this.admin.describeCluster();
  }

  /**
   * Read from the brokers on each call (the metrics endpoint caches it briefly): per partition of
   * each topic the group consumes, the end offset minus the group's committed offset (from the
   * oldest retained message when it never committed: a group's first start reads from the
   * beginning); and per topic the dead letters behind the replay cursor of `npm run dlq`.
   */
  handled(group: string): HandledCount[] {
    return [...(this.handledCounts.get(group)?.entries() ?? [])].map(([key, count]) => {
      const at = key.lastIndexOf('/');
      return { topic: key.slice(0, at), partition: Number(key.slice(at + 1)), count };
    });
  }

  async stats(group: string): Promise<BusStats> {
    if (this.stopping) throw new Error('Event bus is stopped');
    const g = this.groups.get(group);
    if (!g) return { lag: [], deadLetters: [] };
    await this.connect();
    const topics = [...g.subs.keys()];
    const [ends, committed, parked] = await Promise.all([
      Promise.all(
        topics.map(async (topic) => ({ topic, partitions: await this.admin.fetchTopicOffsets(this.name(topic)) })),
      ),
      partitionCursors(
        this.admin,
        this.name(group),
        topics.map((t) => this.name(t)),
      ),
      pendingDeadLetters(
        this.admin,
        topics.filter((t) => !t.endsWith('.dlq')).map((t) => this.name(deadLetterTopic(t))),
        this.name(DEAD_LETTER_CURSOR_GROUP),
      ),
    ]);
    const lag: ConsumerLag[] = ends.flatMap(({ topic, partitions }) =>
      partitions.map((p) => ({
        group,
        topic,
        partition: p.partition,
        lag: Number(span(committed.get(`${this.name(topic)}/${p.partition}`), p.low, p.high)),
      })),
    );
    const deadLetters = topics
      .filter((t) => !t.endsWith('.dlq'))
      .map((topic) => ({ topic, depth: parked.get(this.name(deadLetterTopic(topic))) ?? 0 }));
    return { lag, deadLetters };
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      await this.admin.connect();
      await this.producer.connect();
    })().catch((err: unknown) => {
      this.connecting = null; // let the next call try again rather than caching the failure
      throw err;
    });
    return this.connecting;
  }

  /** Creates missing topics and their dead-letter topics (idempotent; a topic that exists is kept). */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const wanted = new Set<string>();
    for (const t of topics) {
      if (!TOPIC_NAME.test(t) || t === '') throw new Error(`Bad topic name: "${t}"`);
      wanted.add(t);
      if (!t.endsWith('.dlq')) wanted.add(deadLetterTopic(t));
    }
    const missing = [...wanted].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const existing = new Set(await this.whileSettling('listing Kafka topics', () => this.admin.listTopics()));
    const toCreate = missing.filter((t) => !existing.has(this.name(t)));
    if (toCreate.length > 0) {
      await this.createTopicsWithRetry(toCreate);
      this.options.logger.info({ topics: toCreate.map((t) => this.name(t)) }, 'created Kafka topics');
    }
    // Also for topics that already existed: another service may have created them a moment ago.
    await this.waitForLeaders(missing.map((t) => this.name(t)));
    for (const t of missing) this.knownTopics.add(t);
  }

  /**
   * Returns once the broker's metadata shows a leader for every partition of these topics. Right
   * after a topic is created the broker may still answer "does not host this topic-partition" or
   * "no leader" (KRaft applies the new topic to its metadata and to its partitions a moment apart,
   * further apart on a loaded machine), and a consumer subscribing then fails outright.
   */
  private async waitForLeaders(topics: string[]): Promise<void> {
    await this.whileSettling('waiting for Kafka topic leaders', async () => {
      const { topics: found } = await this.admin.fetchTopicMetadata({ topics });
      const leaderless = topicsWithoutLeaders(topics, found);
      if (leaderless.length > 0) throw new MetadataNotSettled(leaderless);
    });
  }

  private whileSettling<T>(what: string, attempt: () => Promise<T>): Promise<T> {
    return retryWhileSettling(what, attempt, {
      logger: this.options.logger,
      policy: { ...SETTLE_DEFAULTS, ...this.options.settle },
      sleep: async (ms) => {
        await Promise.race([sleep(ms), this.stopSignal]);
        if (this.stopping) throw new Error('Event bus is stopped');
      },
    });
  }

  /**
   * Several services start together against a fresh broker: one may find a topic another is still
   * creating ("already exists"). kafkajs marks that retriable but does not retry createTopics
   * itself, so we do, then re-check. Leaders are waited for afterwards ({@link waitForLeaders}).
   */
  private async createTopicsWithRetry(toCreate: string[], attempts = 6): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = new Set(await this.admin.listTopics());
        const still = toCreate.filter((t) => !existing.has(this.name(t)));
        if (still.length === 0) return;
        await this.admin.createTopics({
          // kafkajs's own wait gives up at the first "does not host this topic-partition": ours does not.
          waitForLeaders: false,
          topics: still.map((t) => ({
            topic: this.name(t),
            numPartitions: this.options.partitions ?? 3,
            replicationFactor: -1,
          })),
        });
        return;
      } catch (err) {
        if (attempt >= attempts) throw err;
        this.options.logger.warn({ attempt, err: (err as Error).message }, 'creating Kafka topics failed, retrying');
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
      }
    }
  }

  private async runGroup(g: GroupConsumer): Promise<void> {
    g.lastProgressAt = this.now();
    await this.ensureTopics([...g.subs.keys()]);
    // stop() may come while a consumer starts (the watchdog rebuilds one whenever it must): none is
    // built after it, and one it may have missed is disconnected at the next step.
    if (this.stopping) return;
    const consumer: Consumer = this.kafka.consumer({
      groupId: this.name(g.group),
      allowAutoTopicCreation: false,
      sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 1_000,
      // A consumer the watchdog replaced must not come back on its own beside its successor.
      retry: {
        ...(this.options.retry ?? DEFAULT_RETRY),
        restartOnFailure: async () => g.consumer === consumer && !this.stopping,
      },
    });
    g.consumer = consumer;
    g.commits?.drop();
    const commits = new OffsetCommits(
      // A consumer the watchdog replaced leaves its offsets to its successor, which reads them again.
      (offsets) => (g.consumer === consumer ? this.commitWithRetry(g.group, consumer, offsets) : Promise.resolve()),
      this.options.commitEveryMs ?? COMMIT_EVERY_MS,
      (err) => this.logFailure('committing handled offsets failed; they are read again after a restart', err),
    );
    g.commits = commits;
    // Before the group hands partitions to another member: what this one handled is not read twice.
    consumer.on(consumer.events.REBALANCING, () => {
      if (g.consumer === consumer) commits.flush().catch(() => undefined);
    });
    const progressed = () => {
      if (g.consumer === consumer) this.progressed(g);
    };
    // An idle consumer still fetches once per maxWaitTime; a busy one starts handler attempts.
    consumer.on(consumer.events.FETCH_START, progressed);
    // Not ready until the group has joined: after a crash of the previous process the broker may
    // wait up to the old member's session timeout before it lets this one in.
    this.notJoined.add(g.group);
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (g.consumer !== consumer) return;
      progressed();
      this.notJoined.delete(g.group);
      this.crashes.delete(g.group);
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (g.consumer !== consumer) return;
      // Readiness fails from now until the group has rejoined (kafkajs restarts on retriable errors).
      this.crashes.set(g.group, payload.error.message);
      this.options.logger.error(
        { group: g.group, err: payload.error.message, restart: payload.restart },
        'Kafka consumer crashed',
      );
    });
    try {
      await this.takeOverOffsets(g);
      await consumer.connect();
      if (await this.leftWhenStopping(consumer)) return;
      // A group's first start reads from the beginning, so events published before it existed still arrive.
      // subscribe() loads the topics' metadata once, without retrying: a broker still settling a new
      // topic's leaders would fail the whole start.
      const topics = [...g.subs.keys()].map((t) => this.name(t));
      await this.whileSettling(`subscribing group ${this.name(g.group)}`, () =>
        consumer.subscribe({ topics, fromBeginning: true }),
      );
      if (await this.leftWhenStopping(consumer)) return;
      await consumer.run({
        autoCommit: false,
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? PARTITIONS_CONSUMED_CONCURRENTLY,
        eachMessage: (payload) => this.onMessage(g, consumer, payload),
      });
    } catch (err) {
      // The next start builds the group a new consumer: this one must not come back beside it.
      if (g.consumer === consumer) g.consumer = null;
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
    await this.leftWhenStopping(consumer);
  }

  /**
   * For each topic subscribed with `takeOverFrom`: while this group has no offset of its own there,
   * the other group's offsets become this group's, before it joins (a group with members cannot be
   * given offsets: a replica that joined first has taken them over already, so that refusal is
   * left alone). Without this the group's first start would read the topic from the beginning and
   * apply again what the other group applied, late and out of order across topics.
   */
  private async takeOverOffsets(g: GroupConsumer): Promise<void> {
    for (const sub of g.subs.values()) {
      if (!sub.takeOverFrom) continue;
      const topic = this.name(sub.topic);
      const groupId = this.name(g.group);
      const [own] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
      if (own?.partitions.some((p) => Number(p.offset) >= 0)) continue;
      const [theirs] = await this.admin.fetchOffsets({ groupId: this.name(sub.takeOverFrom), topics: [topic] });
      const partitions = (theirs?.partitions ?? [])
        .filter((p) => Number(p.offset) >= 0)
        .map((p) => ({ partition: p.partition, offset: p.offset }));
      if (partitions.length === 0) continue;
      try {
        await this.admin.setOffsets({ groupId, topic, partitions });
        this.options.logger.info(
          { group: g.group, topic: sub.topic, from: sub.takeOverFrom, partitions: partitions.length },
          'consumer group took over offsets',
        );
      } catch (err) {
        this.options.logger.warn(
          { group: g.group, topic: sub.topic, err: (err as Error).message },
          'offsets not taken over: the group has members already',
        );
      }
    }
  }

  /** Disconnects a consumer that is starting while the bus stops; true when it did. */
  private async leftWhenStopping(consumer: Consumer): Promise<boolean> {
    if (!this.stopping) return false;
    await consumer.disconnect().catch((err) => this.logFailure('consumer disconnect failed', err));
    return true;
  }

  private progressed(g: GroupConsumer): void {
    g.lastProgressAt = this.now();
    this.stalled.delete(g.group);
  }

  /**
   * The watchdog's round (a timer runs it; tests call it). kafkajs can leave a group's consumer
   * idle for good: it gives up restarting after an error it calls fatal, or a handler never
   * returns. The process would then look well while events pile up unread, so a group with no
   * progress for `stallAfterMs` fails ping (readiness's `bus` check) and gets a new consumer. Its
   * partitions come back once the broker lets the old member go (it stops heartbeating); events it
   * read but did not commit are redelivered, and handlers are idempotent.
   */
  async checkStalls(): Promise<void> {
    for (const g of this.groups.values()) {
      const idleMs = this.now() - g.lastProgressAt;
      if (this.stopping || !this.started || g.rebuild || idleMs < this.stallAfterMs) continue;
      g.rebuild = this.rebuildStalled(g, idleMs).finally(() => {
        g.rebuild = null;
      });
      await g.rebuild;
    }
  }

  private async rebuildStalled(g: GroupConsumer, idleMs: number): Promise<void> {
    this.stalled.set(g.group, idleMs);
    this.options.logger.error(
      { group: g.group, idleMs, crashed: this.crashes.get(g.group) ?? null },
      'Kafka consumer stalled: rebuilding it',
    );
    try {
      const old = g.consumer;
      g.consumer = null;
      if (old)
        await withTimeout(old.disconnect(), Math.min(STALE_DISCONNECT_MS, this.stallAfterMs)).catch((err) =>
          this.logFailure('stalled consumer did not disconnect', err),
        );
      if (!this.stopping) await this.runGroup(g);
    } catch (err) {
      // Kafka itself may be down: the next round tries again after another stall period.
      this.logFailure('rebuilding a stalled Kafka consumer failed', err);
    } finally {
      // A failed rebuild is tried again only after another full stall period.
      g.lastProgressAt = this.now();
    }
  }

  private async onMessage(
    g: GroupConsumer,
    consumer: Consumer,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    // While stopping, leave the rest of the batch uncommitted: the next start redelivers it. A
    // consumer the watchdog replaced leaves it to its successor too.
    if (this.stopping || g.consumer !== consumer) return;
    const sub = g.subs.get(this.unname(topic));
    if (!sub) return;
    const commit = () =>
      this.settle(g, consumer, { topic, partition, offset: (BigInt(message.offset) + 1n).toString() });

    const parsed = await parseEnvelope(message.value);
    if ('error' in parsed) {
      await this.deadLetter(
        g.group,
        sub,
        message.key,
        message.value,
        message.headers,
        `invalid event envelope: ${parsed.error}`,
      );
      await commit();
      return;
    }
    const event = parsed.event;
    const retries = new HandlerRetries(sub);
    for (let attempt = 0; ; attempt++) {
      if (g.consumer !== consumer) return;
      this.progressed(g);
      try {
        await sub.handler(event);
        this.countHandled(g.group, sub.topic, partition);
        break;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const pauseMs = retries.next(err);
        if (pauseMs === null) {
          await this.deadLetter(g.group, sub, message.key, message.value, message.headers, reason, event);
          break;
        }
        this.options.logger.warn(
          { group: g.group, topic: sub.topic, eventId: event.eventId, attempt, err: reason },
          'event handler failed, retrying',
        );
        await Promise.race([sleep(pauseMs), this.stopSignal]);
        if (this.stopping) return; // not committed: redelivered after restart
        await heartbeat();
      }
    }
    if (g.consumer !== consumer) return;
    await commit();
  }

  /**
   * Notes a handled message for the next batched commit. While the bus stops it is committed before
   * this returns: the consumer leaves the group right after its last handler.
   */
  private async settle(g: GroupConsumer, consumer: Consumer, offset: PartitionOffset): Promise<void> {
    if (g.consumer !== consumer || !g.commits) return;
    g.commits.add(offset);
    if (this.stopping) await g.commits.flush();
  }

  /**
   * Commits handled offsets (off the handlers' path: {@link OffsetCommits} calls it). After a
   * consumer restart (or a broker's) the group's coordinator may be moving or still loading the
   * group's offsets, and kafkajs's own retries (against the coordinator it has cached) can run out
   * before it settles on a loaded machine; such a failure is tried again within the settle bound.
   * Anything else (a rebalance, an outage) is thrown: the offsets stay noted for the next commit, and
   * a crash before it redelivers their events (handlers dedupe on eventId).
   */
  private commitWithRetry(group: string, consumer: Consumer, offsets: PartitionOffset[]): Promise<void> {
    return retryWhileSettling(
      `committing ${offsets.map((o) => `${o.topic}/${o.partition}@${o.offset}`).join(', ')} for group ${this.name(group)}`,
      () => consumer.commitOffsets(offsets),
      {
        logger: this.options.logger,
        policy: { ...SETTLE_DEFAULTS, ...this.options.settle },
        retriable: isCoordinatorSettling,
        subject: 'group coordinator',
        sleep: async (ms) => {
          await Promise.race([sleep(ms), this.stopSignal]);
          if (this.stopping) throw new Error('Event bus is stopped');
        },
      },
    );
  }

  private async deadLetter(
    group: string,
    sub: TopicSubscription,
    key: Buffer | null,
    value: Buffer | null,
    headers: IHeaders | undefined,
    reason: string,
    event?: EventEnvelope,
  ): Promise<void> {
    this.options.logger.error({ group, topic: sub.topic, eventId: event?.eventId, err: reason }, 'event dead-lettered');
    // A dead-letter topic has no dead-letter topic of its own: log and move on.
    if (sub.topic.endsWith('.dlq')) return;
    await this.producer.send({
      topic: this.name(deadLetterTopic(sub.topic)),
      acks: -1,
      messages: [
        {
          key,
          value,
          headers: {
            ...headers,
            'dlq-reason': reason.slice(0, 1000),
            'dlq-original-topic': this.name(sub.topic),
            'dlq-group': this.name(group),
          },
        },
      ],
    });
  }

  private countHandled(group: string, topic: string, partition: number): void {
    let counts = this.handledCounts.get(group);
    if (!counts) {
      counts = new Map();
      this.handledCounts.set(group, counts);
    }
    const key = `${topic}/${partition}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  private name(topicOrGroup: string): string {
    return this.ns + topicOrGroup;
  }

  private unname(topic: string): string {
    return this.ns && topic.startsWith(this.ns) ? topic.slice(this.ns.length) : topic;
  }

  private logFailure(msg: string, err: unknown): void {
    this.options.logger.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  }
}

async function parseEnvelope(value: Buffer | null): Promise<{ event: EventEnvelope } | { error: string }> {
  try {
    const json: unknown = JSON.parse(value?.toString('utf8') ?? '');
    await eventEnvelopeSchema.validate(json, { strict: true });
    return { event: json as EventEnvelope };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** How long, and how often, a call failing on unsettled metadata is tried again. */
export interface SettlePolicy {
  /** No new attempt starts after this long since the first one; the last error is then thrown. */
  withinMs: number;
  firstDelayMs: number;
  /** The delay doubles after each failure up to this. */
  maxDelayMs: number;
}

export const SETTLE_DEFAULTS: SettlePolicy = { withinMs: 30_000, firstDelayMs: 100, maxDelayMs: 2_000 };

/** The kafkajs error types that mean "this topic's metadata is not settled yet" (all retriable). */
const SETTLING_TYPES = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE', 'NOT_LEADER_FOR_PARTITION']);
const SETTLING_NAMES = new Set(['KafkaJSMetadataNotLoaded', 'KafkaJSTopicMetadataNotLoaded']);

/** A topic partition without a leader in metadata that otherwise loaded. */
export class MetadataNotSettled extends Error {
  readonly type = 'LEADER_NOT_AVAILABLE';
  constructor(readonly partitions: string[]) {
    super(
      `no leader yet for ${partitions.slice(0, 5).join(', ')}${partitions.length > 5 ? ` and ${partitions.length - 5} more` : ''}`,
    );
    this.name = 'MetadataNotSettled';
  }
}

/**
 * Whether an error (or the error it wraps: kafkajs gives up with KafkaJSNumberOfRetriesExceeded
 * around the last one, and groups some in a KafkaJSAggregateError) says that a topic's leaders are
 * still being elected, as opposed to an outage or a refusal, which are not worth waiting out.
 */
export function isMetadataSettling(err: unknown): boolean {
  return isKafkaErrorOf(err, SETTLING_TYPES, SETTLING_NAMES);
}

/**
 * The group coordinator errors, under the broker's names and kafkajs's older ones for the same
 * codes (14, 15, 16): the coordinator is loading the group, not available, or another broker now.
 */
const COORDINATOR_TYPES = new Set([
  'COORDINATOR_LOAD_IN_PROGRESS',
  'GROUP_LOAD_IN_PROGRESS',
  'COORDINATOR_NOT_AVAILABLE',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'NOT_COORDINATOR',
  'NOT_COORDINATOR_FOR_GROUP',
]);

/** Whether an error (or the one it wraps) says the group coordinator is moving or loading: worth waiting out. */
export function isCoordinatorSettling(err: unknown): boolean {
  return isKafkaErrorOf(err, COORDINATOR_TYPES, new Set());
}

function isKafkaErrorOf(err: unknown, types: ReadonlySet<string>, names: ReadonlySet<string>, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { type?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.type === 'string' && types.has(e.type)) return true;
  if (typeof e.name === 'string' && names.has(e.name)) return true;
  if (
    Array.isArray(e.errors) &&
    e.errors.length > 0 &&
    e.errors.every((x) => isKafkaErrorOf(x, types, names, depth + 1))
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isKafkaErrorOf(e.cause, types, names, depth + 1);
}

export interface SettleContext {
  logger: Logger;
  policy: SettlePolicy;
  /** Waits between attempts; may throw to give up (the bus throws once it is stopping). */
  sleep: (ms: number) => Promise<void>;
  now?: () => number;
  /** Which failures are worth waiting out; {@link isMetadataSettling} unless given. */
  retriable?: (err: unknown) => boolean;
  /** What is settling, for the log lines: "metadata" unless given. */
  subject?: string;
}

/**
 * Runs `attempt`, and while it fails only because topic metadata has not settled (see
 * {@link isMetadataSettling}), runs it again with a doubling delay, each retry logged, until
 * `policy.withinMs` has passed; then the last error is thrown, wrapped with what was being done.
 * Any other error (a broker that does not answer, a refusal) is thrown at once, so an outage
 * still surfaces after kafkajs's own bounded retries.
 */
export async function retryWhileSettling<T>(what: string, attempt: () => Promise<T>, ctx: SettleContext): Promise<T> {
  const now = ctx.now ?? Date.now;
  const { withinMs, firstDelayMs, maxDelayMs } = ctx.policy;
  const startedAt = now();
  const subject = ctx.subject ?? 'metadata';
  for (let n = 1; ; n++) {
    try {
      const result = await attempt();
      if (n > 1) ctx.logger.info({ what, attempts: n, waitedMs: now() - startedAt }, `Kafka ${subject} settled`);
      return result;
    } catch (err) {
      if (!(ctx.retriable ?? isMetadataSettling)(err)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const elapsed = now() - startedAt;
      if (elapsed >= withinMs) {
        ctx.logger.error(
          { what, attempts: n, waitedMs: elapsed, err: message },
          `Kafka ${subject} did not settle; giving up`,
        );
        throw new Error(`${what}: Kafka ${subject} did not settle within ${withinMs} ms (${n} attempts): ${message}`, {
          cause: err,
        });
      }
      const delay = Math.min(firstDelayMs * 2 ** (n - 1), maxDelayMs, Math.max(withinMs - elapsed, 0));
      ctx.logger.warn(
        { what, attempt: n, retryInMs: delay, err: message },
        ctx.subject
          ? `Kafka ${subject} not settled yet, retrying`
          : 'Kafka metadata not settled yet (leader election?), retrying',
      );
      await ctx.sleep(delay);
    }
  }
}

/** The partitions (or whole topics) of `wanted` that metadata shows without a leader. */
export function topicsWithoutLeaders(
  wanted: readonly string[],
  found: readonly {
    name: string;
    partitions: readonly { partitionId: number; leader: number; partitionErrorCode?: number }[];
  }[],
): string[] {
  const byName = new Map(found.map((t) => [t.name, t]));
  return wanted.flatMap((name) => {
    const t = byName.get(name);
    if (!t || t.partitions.length === 0) return [name];
    return t.partitions
      .filter((p) => p.leader < 0 || (p.partitionErrorCode ?? 0) !== 0)
      .map((p) => `${name}/${p.partitionId}`);
  });
}

function logKafka(logger: Logger, { level, log }: LogEntry, logLevel: KafkaJs['logLevel']): void {
  const { message, ...rest } = log;
  const obj = { kafka: rest };
  if (level === logLevel.ERROR || level === logLevel.NOTHING) logger.error(obj, message);
  else if (level === logLevel.WARN) logger.warn(obj, message);
  else if (level === logLevel.INFO) logger.info(obj, message);
  else logger.debug(obj, message);
}
