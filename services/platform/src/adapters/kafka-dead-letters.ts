import { randomUUID } from 'node:crypto';
import { mendKafkaJsRequestQueueTimer } from './kafkajs-request-queue-timer.js';
import type { Admin, Kafka, Producer } from 'kafkajs';
import { ALL_TOPICS, deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@vanhop/contracts';

/**
 * The consumer group whose committed offsets say how far each `<topic>.dlq` partition has been
 * replayed. Nothing consumes with it: `npm run dlq` moves it, `/metrics` reads it. A dead letter is
 * pending while its offset is at or past this cursor.
 */
export const DEAD_LETTER_CURSOR_GROUP = 'dlq-replayed';

/**
 * Dead letters not replayed yet per dead-letter topic (names as given, i.e. namespaced): for each
 * partition, from the replay cursor (or the oldest message still retained, when the cursor is
 * behind it or unset) to the end.
 */
export async function pendingDeadLetters(
  admin: Admin,
  dlqTopics: readonly string[],
  cursorGroup: string,
): Promise<Map<string, number>> {
  const ends = await Promise.all(
    dlqTopics.map(async (topic) => ({ topic, partitions: await admin.fetchTopicOffsets(topic) })),
  );
  const cursors = await partitionCursors(admin, cursorGroup, dlqTopics);
  const pending = new Map<string, number>();
  for (const { topic, partitions } of ends) {
    let depth = 0n;
    for (const p of partitions) depth += span(cursors.get(`${topic}/${p.partition}`), p.low, p.high);
    pending.set(topic, Number(depth));
  }
  return pending;
}

/** Messages from `committed` (when set and not behind `low`) or `low` up to `high`. */
export function span(committed: string | undefined, low: string, high: string): bigint {
  const from = committed !== undefined && BigInt(committed) >= BigInt(low) ? BigInt(committed) : BigInt(low);
  const n = BigInt(high) - from;
  return n > 0n ? n : 0n;
}

/** A group's committed offsets as `topic/partition` → offset; partitions it never committed are absent. */
export async function partitionCursors(
  admin: Admin,
  groupId: string,
  topics: readonly string[],
): Promise<Map<string, string>> {
  const cursors = new Map<string, string>();
  if (topics.length === 0) return cursors;
  for (const t of await admin.fetchOffsets({ groupId, topics: [...topics] })) {
    for (const p of t.partitions) if (BigInt(p.offset) >= 0n) cursors.set(`${t.topic}/${p.partition}`, p.offset);
  }
  return cursors;
}

export interface DeadLetterRecord {
  /** The event's id; for a message that is no valid event, its location. */
  id: string;
  /** `<dlq topic>/<partition>/<offset>`, without the namespace: unique even when an event was parked twice. */
  location: string;
  /** The topic it was consumed from (and is replayed to), without the namespace. */
  topic: string;
  partition: number;
  offset: string;
  parkedAt: string;
  reason: string;
  /** Offset behind the replay cursor: replayed (or skipped past by `replay --all`). */
  replayed: boolean;
  key: string | null;
  /** The parked envelope; null when the message was not a valid event (it cannot be replayed). */
  event: EventEnvelope | null;
  value: string;
  headers: Record<string, string>;
}

export interface DeadLettersOptions {
  brokers: string[];
  namespace?: string;
  clientId?: string;
  /** Topics whose `.dlq` is inspected; every contract topic by default. */
  topics?: readonly string[];
  /** Longest a listing waits to read the messages it knows are there. */
  readTimeoutMs?: number;
}

export interface ReplayResult {
  /** Events published again to their topic (one per distinct event id). */
  replayed: DeadLetterRecord[];
  /** Dead letters that are no valid event: nothing to publish (the cursor passes them only with `skipInvalid`). */
  refused: DeadLetterRecord[];
}

/**
 * Reads and re-drives the dead-letter topics on Kafka. A replay publishes the parked envelope, with
 * its key, unchanged to the topic it came from: every group consuming that topic receives it again
 * and skips it if it handled that event id before (the idempotent consumer), so only the group that
 * gave up on it applies it, and replaying twice applies it once. Then the replay cursor moves past it.
 */
export class KafkaDeadLetters {
  private readonly admin: Admin;
  private readonly producer: Producer;
  private readonly ns: string;
  private readonly dlqTopics: string[];

  static async connect(options: DeadLettersOptions): Promise<KafkaDeadLetters> {
    mendKafkaJsRequestQueueTimer();
    const { Kafka, logLevel } = await import('kafkajs');
    const kafka = new Kafka({
      clientId: options.clientId ?? 'vanhop-dlq',
      brokers: options.brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 5 },
    });
    const dl = new KafkaDeadLetters(kafka, options);
    await dl.admin.connect();
    await dl.producer.connect();
    return dl;
  }

  private constructor(
    private readonly kafka: Kafka,
    private readonly options: DeadLettersOptions,
  ) {
    this.ns = options.namespace ?? '';
    this.admin = kafka.admin();
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    this.dlqTopics = (options.topics ?? ALL_TOPICS)
      .filter((t) => !t.endsWith('.dlq'))
      .map((t) => this.ns + deadLetterTopic(t));
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  /** Dead letters not replayed yet, per original topic (the figure `/metrics` exports). */
  async pending(): Promise<Map<string, number>> {
    const existing = await this.existingDlqTopics();
    const byDlq = await pendingDeadLetters(this.admin, existing, this.cursorGroup());
    return new Map([...byDlq].map(([dlq, n]) => [this.originalTopic(dlq), n]));
  }

  /** Every dead letter still retained, oldest first per partition. */
  async list(): Promise<DeadLetterRecord[]> {
    const topics = await this.existingDlqTopics();
    const ends = await Promise.all(
      topics.map(async (topic) => ({ topic, partitions: await this.admin.fetchTopicOffsets(topic) })),
    );
    const cursors = await partitionCursors(this.admin, this.cursorGroup(), topics);
    // Where each non-empty partition ends: reading stops once every one has been reached.
    const waiting = new Map<string, bigint>();
    for (const { topic, partitions } of ends) {
      for (const p of partitions)
        if (BigInt(p.high) > BigInt(p.low)) waiting.set(`${topic}/${p.partition}`, BigInt(p.high) - 1n);
    }
    if (waiting.size === 0) return [];
    const records: DeadLetterRecord[] = [];
    // A group of its own for this read, never committed: the listing moves no cursor.
    const consumer = this.kafka.consumer({
      groupId: `${this.ns}dlq-reader-${randomUUID()}`,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: 200,
    });
    await consumer.connect();
    try {
      await consumer.subscribe({
        topics: [...new Set([...waiting.keys()].map((k) => k.slice(0, k.lastIndexOf('/'))))],
        fromBeginning: true,
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`could not read every dead letter within ${this.options.readTimeoutMs ?? 30_000} ms`)),
          this.options.readTimeoutMs ?? 30_000,
        );
        consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ topic, partition, message }) => {
              const key = `${topic}/${partition}`;
              const last = waiting.get(key);
              if (last === undefined || BigInt(message.offset) > last) return;
              const cursor = cursors.get(key);
              records.push(
                await this.record(
                  topic,
                  partition,
                  message,
                  cursor !== undefined && BigInt(message.offset) < BigInt(cursor),
                ),
              );
              if (BigInt(message.offset) >= last) waiting.delete(key);
              if (waiting.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect();
    }
    return records.sort((a, b) => a.location.localeCompare(b.location, undefined, { numeric: true }));
  }

  /** The dead letters with this event id or location (an event parked by two groups is there twice). */
  async find(id: string): Promise<DeadLetterRecord[]> {
    return (await this.list()).filter((r) => r.id === id || r.location === id);
  }

  /**
   * Publishes each distinct event of `records` again to its topic, then moves the replay cursor of
   * each partition over the replayed offsets that directly follow it (a dead letter replayed behind
   * an older pending one stays counted until that one is replayed too, or `replay --all`).
   */
  async replay(records: DeadLetterRecord[], options: { skipInvalid?: boolean } = {}): Promise<ReplayResult> {
    const refused = records.filter((r) => r.event === null);
    const replayable = records.filter((r) => r.event !== null);
    const published = new Set<string>();
    for (const r of replayable) {
      if (published.has(r.id)) continue;
      await this.producer.send({
        topic: this.ns + r.topic,
        acks: -1,
        messages: [
          {
            key: r.key ?? r.id,
            value: JSON.stringify(r.event),
            headers: { eventId: r.id, type: r.event!.type, 'dlq-replayed-from': r.location },
          },
        ],
      });
      published.add(r.id);
    }
    await this.advanceCursor(options.skipInvalid ? records : replayable);
    return { replayed: replayable, refused };
  }

  private async advanceCursor(replayed: DeadLetterRecord[]): Promise<void> {
    const byPartition = new Map<string, { topic: string; partition: number; offsets: Set<bigint> }>();
    for (const r of replayed) {
      const topic = this.ns + deadLetterTopic(r.topic);
      const k = `${topic}/${r.partition}`;
      if (!byPartition.has(k)) byPartition.set(k, { topic, partition: r.partition, offsets: new Set() });
      byPartition.get(k)!.offsets.add(BigInt(r.offset));
    }
    if (byPartition.size === 0) return;
    const topics = [...new Set([...byPartition.values()].map((p) => p.topic))];
    const cursors = await partitionCursors(this.admin, this.cursorGroup(), topics);
    const lows = new Map<string, string>();
    for (const t of topics)
      for (const p of await this.admin.fetchTopicOffsets(t)) lows.set(`${t}/${p.partition}`, p.low);
    const moves = new Map<string, { partition: number; offset: string }[]>();
    for (const [k, { topic, partition, offsets }] of byPartition) {
      const low = BigInt(lows.get(k) ?? '0');
      const committed = cursors.get(k);
      let next = committed !== undefined && BigInt(committed) > low ? BigInt(committed) : low;
      const start = next;
      while (offsets.has(next)) next++;
      if (next === start) continue;
      moves.set(topic, [...(moves.get(topic) ?? []), { partition, offset: next.toString() }]);
    }
    for (const [topic, partitions] of moves)
      await this.admin.setOffsets({ groupId: this.cursorGroup(), topic, partitions });
  }

  private async record(
    topic: string,
    partition: number,
    message: {
      offset: string;
      key: Buffer | null;
      value: Buffer | null;
      timestamp: string;
      headers?: Record<string, unknown>;
    },
    replayed: boolean,
  ): Promise<DeadLetterRecord> {
    const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, headerText(v)]));
    const value = message.value?.toString('utf8') ?? '';
    let event: EventEnvelope | null = null;
    try {
      const json: unknown = JSON.parse(value);
      await eventEnvelopeSchema.validate(json, { strict: true });
      event = json as EventEnvelope;
    } catch {
      event = null;
    }
    const location = `${this.unname(topic)}/${partition}/${message.offset}`;
    const original = headers['dlq-original-topic']
      ? this.unname(headers['dlq-original-topic'])
      : this.originalTopic(topic);
    return {
      id: event?.eventId ?? location,
      location,
      topic: original,
      partition,
      offset: message.offset,
      parkedAt: new Date(Number(message.timestamp)).toISOString(),
      reason: headers['dlq-reason'] ?? '',
      replayed,
      key: message.key?.toString('utf8') ?? null,
      event,
      value,
      headers,
    };
  }

  private async existingDlqTopics(): Promise<string[]> {
    const existing = new Set(await this.admin.listTopics());
    return this.dlqTopics.filter((t) => existing.has(t));
  }

  private cursorGroup(): string {
    return this.ns + DEAD_LETTER_CURSOR_GROUP;
  }

  private unname(name: string): string {
    return this.ns && name.startsWith(this.ns) ? name.slice(this.ns.length) : name;
  }

  private originalTopic(dlqTopic: string): string {
    return this.unname(dlqTopic).replace(/\.dlq$/, '');
  }
}

function headerText(v: unknown): string {
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (Array.isArray(v)) return v.map(headerText).join(',');
  return v === undefined || v === null ? '' : String(v);
}
