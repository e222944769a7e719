import { deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@vanhop/contracts';
import type { EventBus, EventHandler, PublishReceipt, SubscribeOptions } from '../ports/event-bus.js';
import type { BusStats, BusStatsSource, HandledCount } from '../ports/bus-stats.js';
import { HandlerRetries } from '../handler-retries.js';
import type { Logger } from '../logger.js';

/** One published event's delivery to all the groups it was queued for. */
class DeliveryTicket {
  readonly durable: Promise<void>;
  private resolve!: () => void;
  private reject!: (err: Error) => void;

  constructor(private outstanding: number) {
    this.durable = new Promise<void>((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
    // A publisher that ignores the receipt must not turn a stop into an unhandled rejection.
    this.durable.catch(() => undefined);
    if (outstanding === 0) this.resolve();
  }

  handled(): void {
    if (--this.outstanding === 0) this.resolve();
  }

  abandoned(): void {
    this.reject(new Error('Event bus stopped before the event was delivered'));
  }
}

interface Queued {
  event: EventEnvelope;
  ticket: DeliveryTicket;
}

export interface DeadLetter {
  group: string;
  topic: string;
  event: EventEnvelope;
  error: string;
}

interface Subscription {
  group: string;
  topic: string;
  handler: EventHandler;
  maxRetries: number;
  retryBackoffMs: number;
  queue: Queued[];
  running: Promise<void> | null;
}

/**
 * In-process bus with the Kafka adapter's semantics: every consumer group gets its own ordered
 * queue per topic, a failing handler is retried with exponential backoff and then parked on
 * `<topic>.dlq`. Messages live in memory only, so a publish is durable only once every group has
 * handled it: the receipt says when, and the transactional outbox keeps the event until then, which
 * is what makes publishing survive a stop or a crash.
 */
export class MemoryEventBus implements EventBus, BusStatsSource {
  private readonly subs: Subscription[] = [];
  /** Publishing work under way that idle() waits for (see publishing()). */
  private readonly underWay = new Set<Promise<unknown>>();
  private stopped = false;
  private readonly wakers = new Set<() => void>();
  private readonly deadLetters: DeadLetter[] = [];
  /** "group\ntopic" → events handled. */
  private readonly handledCounts = new Map<string, number>();

  constructor(
    private readonly logger?: Logger,
    private readonly defaults: Required<Pick<SubscribeOptions, 'maxRetries' | 'retryBackoffMs'>> = {
      maxRetries: 5,
      retryBackoffMs: 100,
    },
  ) {}

  async publish(topic: string, event: EventEnvelope, _key?: string): Promise<PublishReceipt> {
    if (this.stopped) throw new Error('Event bus is stopped');
    await eventEnvelopeSchema.validate(event);
    const targets = this.subs.filter((s) => s.topic === topic);
    const ticket = new DeliveryTicket(targets.length);
    for (const sub of targets) {
      sub.queue.push({ event: structuredClone(event), ticket });
      this.drain(sub);
    }
    return { durable: ticket.durable };
  }

  async subscribe(group: string, topic: string, handler: EventHandler, options: SubscribeOptions = {}): Promise<void> {
    if (this.subs.some((s) => s.group === group && s.topic === topic)) {
      throw new Error(`Group ${group} already subscribed to ${topic}`);
    }
    this.subs.push({
      group,
      topic,
      handler,
      maxRetries: options.maxRetries ?? this.defaults.maxRetries,
      retryBackoffMs: options.retryBackoffMs ?? this.defaults.retryBackoffMs,
      queue: [],
      running: null,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const sub of this.subs) if (sub.queue.length > 0) this.drain(sub);
  }

  /**
   * Lets in-flight handlers finish, then drops what is still queued: those receipts reject, so
   * each event stays in its publisher's outbox and is delivered after the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of [...this.wakers]) wake();
    await this.idle();
    for (const sub of this.subs) {
      for (const queued of sub.queue.splice(0)) queued.ticket.abandoned();
    }
  }

  async ping(): Promise<void> {
    if (this.stopped) throw new Error('Event bus is stopped');
  }

  publishing(work: Promise<unknown>): void {
    const settled: Promise<unknown> = work
      .catch(() => undefined)
      .finally(() => {
        this.underWay.delete(settled);
      });
    this.underWay.add(settled);
  }

  /**
   * Resolves once every queue is empty, no handler runs and no publishing work is under way (an
   * outbox pass a write started): lets tests wait without sleeping.
   */
  async idle(): Promise<void> {
    for (;;) {
      const busy = this.subs.filter((s) => s.running !== null);
      if (busy.length === 0 && this.underWay.size === 0) return;
      await Promise.all([...busy.map((s) => s.running), ...this.underWay]);
    }
  }

  /** Messages parked after their retries ran out (also published to the `.dlq` topic). */
  deadLettered(): ReadonlyArray<DeadLetter> {
    return this.deadLetters;
  }

  /** One partition per topic in process. */
  handled(group: string): HandledCount[] {
    return [...this.handledCounts.entries()]
      .filter(([key]) => key.startsWith(`${group}\n`))
      .map(([key, count]) => ({ topic: key.slice(group.length + 1), partition: 0, count }));
  }

  /**
   * The group's lag is what is queued for it and not yet handled (one queue per topic, reported as
   * partition 0); its dead letters are those it parked since this process started, for they live in
   * memory only and nothing replays them.
   */
  async stats(group: string): Promise<BusStats> {
    const own = this.subs.filter((s) => s.group === group);
    return {
      lag: own.map((s) => ({ group, topic: s.topic, partition: 0, lag: s.queue.length })),
      deadLetters: own
        .filter((s) => !s.topic.endsWith('.dlq'))
        .map((s) => ({
          topic: s.topic,
          depth: this.deadLetters.filter((d) => d.group === group && d.topic === s.topic).length,
        })),
    };
  }

  /** A backoff wait that stop() cuts short, so shutdown never waits out a long retry schedule. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private drain(sub: Subscription): void {
    if (sub.running !== null) return;
    sub.running = (async () => {
      while (sub.queue.length > 0 && !this.stopped) {
        const queued = sub.queue[0]!; // the loop runs while the queue is not empty
        if (!(await this.deliver(sub, queued.event))) break;
        sub.queue.shift();
        queued.ticket.handled();
      }
      sub.running = null;
    })();
  }

  /** Resolves false when the bus stopped mid-retry: the message stays queued, undelivered. */
  private async deliver(sub: Subscription, event: EventEnvelope): Promise<boolean> {
    const retries = new HandlerRetries(sub);
    for (let attempt = 0; ; attempt++) {
      if (this.stopped && attempt > 0) return false;
      try {
        await sub.handler(event);
        this.handledCounts.set(
          `${sub.group}\n${sub.topic}`,
          (this.handledCounts.get(`${sub.group}\n${sub.topic}`) ?? 0) + 1,
        );
        return true;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const pauseMs = retries.next(err);
        if (pauseMs === null) {
          this.logger?.error(
            { group: sub.group, topic: sub.topic, eventId: event.eventId, err: message },
            'event dead-lettered',
          );
          this.deadLetters.push({ group: sub.group, topic: sub.topic, event, error: message });
          const dlq = deadLetterTopic(sub.topic);
          const parked = this.subs.filter((s) => s.topic === dlq);
          const ticket = new DeliveryTicket(parked.length);
          for (const d of parked) {
            d.queue.push({ event, ticket });
            this.drain(d);
          }
          return true;
        }
        this.logger?.warn(
          { group: sub.group, topic: sub.topic, eventId: event.eventId, attempt, err: message },
          'event handler failed, retrying',
        );
        await this.pause(pauseMs);
      }
    }
  }
}
