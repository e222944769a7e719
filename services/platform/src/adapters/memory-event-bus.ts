import { deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@vanhop/contracts';
import type { EventBus, EventHandler, SubscribeOptions } from '../ports/event-bus.js';
import type { Logger } from '../logger.js';

interface Subscription {
  group: string;
  topic: string;
  handler: EventHandler;
  maxRetries: number;
  retryBackoffMs: number;
  queue: EventEnvelope[];
  running: Promise<void> | null;
}

/**
 * In-process bus with the Kafka adapter's semantics: every consumer group gets its own ordered
 * queue per topic, a failing handler is retried with exponential backoff and then parked on
 * `<topic>.dlq`. Messages live in memory only: the transactional outbox is what makes publishing
 * survive a restart.
 */
export class MemoryEventBus implements EventBus {
  private readonly subs: Subscription[] = [];
  private stopped = false;
  private readonly wakers = new Set<() => void>();
  private readonly deadLetters: { topic: string; event: EventEnvelope; error: string }[] = [];

  constructor(private readonly logger?: Logger, private readonly defaults: Required<SubscribeOptions> = { maxRetries: 5, retryBackoffMs: 100 }) {}

  async publish(topic: string, event: EventEnvelope, _key?: string): Promise<void> {
    if (this.stopped) throw new Error('Event bus is stopped');
    await eventEnvelopeSchema.validate(event);
    for (const sub of this.subs) {
      if (sub.topic !== topic) continue;
      sub.queue.push(structuredClone(event));
      this.drain(sub);
    }
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

  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of [...this.wakers]) wake();
    await this.idle();
  }

  async ping(): Promise<void> {
    if (this.stopped) throw new Error('Event bus is stopped');
  }

  /** Resolves once every queue is empty and no handler runs: lets tests wait without sleeping. */
  async idle(): Promise<void> {
    for (;;) {
      const busy = this.subs.filter((s) => s.running);
      if (busy.length === 0) return;
      await Promise.all(busy.map((s) => s.running));
    }
  }

  /** Messages parked after their retries ran out (also published to the `.dlq` topic). */
  deadLettered(): ReadonlyArray<{ topic: string; event: EventEnvelope; error: string }> {
    return this.deadLetters;
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
    if (sub.running) return;
    sub.running = (async () => {
      while (sub.queue.length > 0 && !this.stopped) {
        const event = sub.queue[0];
        if (!(await this.deliver(sub, event))) break;
        sub.queue.shift();
      }
      sub.running = null;
    })();
  }

  /** Resolves false when the bus stopped mid-retry: the message stays queued, undelivered. */
  private async deliver(sub: Subscription, event: EventEnvelope): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      if (this.stopped && attempt > 0) return false;
      try {
        await sub.handler(event);
        return true;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (attempt >= sub.maxRetries) {
          this.logger?.error({ group: sub.group, topic: sub.topic, eventId: event.eventId, err: message }, 'event dead-lettered');
          this.deadLetters.push({ topic: sub.topic, event, error: message });
          const dlq = deadLetterTopic(sub.topic);
          for (const d of this.subs.filter((s) => s.topic === dlq)) {
            d.queue.push(event);
            this.drain(d);
          }
          return true;
        }
        this.logger?.warn({ group: sub.group, topic: sub.topic, eventId: event.eventId, attempt, err: message }, 'event handler failed, retrying');
        await this.pause(sub.retryBackoffMs * 2 ** attempt);
      }
    }
  }
}
