import type { EventEnvelope } from '@vanhop/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Attempts after the first failure before the message is parked on `<topic>.dlq`. */
  maxRetries?: number;
  /** First retry delay; doubles on each attempt. */
  retryBackoffMs?: number;
  /**
   * The consumer group that handled this topic before this group took its work over (a service
   * split off another): while this group has no offset of its own for the topic, it starts where
   * that group got to, so it does not handle again what the other already did. Ignored by the
   * in-process bus, which keeps no history.
   */
  takeOverFrom?: string;
}

/**
 * What publish() hands back. `durable` settles once the publisher may forget the event: at once
 * for Kafka (the brokers acked it), and for the in-process bus (memory only) once every group
 * subscribed to the topic handled or parked it; it rejects when the bus stops first, so an outbox
 * keeps what was not delivered and publishes it again after a restart.
 */
export interface PublishReceipt {
  durable: Promise<void>;
}

export const DURABLE: PublishReceipt = Object.freeze({ durable: Promise.resolve() });

/**
 * Publish/subscribe with consumer groups. Each group receives every message of its topics once
 * (at least once across crashes), in order per key; a handler that throws is retried with backoff,
 * then the message goes to the dead-letter topic and the group moves on.
 */
export interface EventBus {
  publish(topic: string, event: EventEnvelope, key?: string): Promise<PublishReceipt>;
  subscribe(group: string, topic: string, handler: EventHandler, options?: SubscribeOptions): Promise<void>;
  start(): Promise<void>;
  /**
   * Starts without waiting for a broker that is away, trying again in the background (a bus on a
   * remote broker has it; the in-process bus starts at once with start()). Until it is started,
   * publish fails fast (the outbox keeps the events) and ping reports the bus down.
   */
  startInBackground?(): void;
  /**
   * Work under way that will publish (an outbox relay's pass after a write): the in-process bus
   * counts it as busy until it settles, so waiting for the bus to be idle waits for those events
   * too. A bus on a remote broker has no use for it.
   */
  publishing?(work: Promise<unknown>): void;
  /** Stops delivering, lets in-flight handlers finish, disconnects. */
  stop(): Promise<void>;
  /** Throws when the bus is unreachable or a consumer has crashed. */
  ping(): Promise<void>;
}
