import type { EventEnvelope } from '@vanhop/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Attempts after the first failure before the message is parked on `<topic>.dlq`. */
  maxRetries?: number;
  /** First retry delay; doubles on each attempt. */
  retryBackoffMs?: number;
}

/**
 * Publish/subscribe with consumer groups. Each group receives every message of its topics once
 * (at least once across crashes), in order per key; a handler that throws is retried with backoff,
 * then the message goes to the dead-letter topic and the group moves on.
 */
export interface EventBus {
  publish(topic: string, event: EventEnvelope, key?: string): Promise<void>;
  subscribe(group: string, topic: string, handler: EventHandler, options?: SubscribeOptions): Promise<void>;
  start(): Promise<void>;
  /** Stops delivering, lets in-flight handlers finish, disconnects. */
  stop(): Promise<void>;
  /** Throws when the bus is unreachable or a consumer has crashed. */
  ping(): Promise<void>;
}
