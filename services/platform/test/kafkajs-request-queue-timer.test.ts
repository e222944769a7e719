import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { mendKafkaJsRequestQueueTimer } from '../src/adapters/kafkajs-request-queue-timer.js';

interface Queue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}

const require = createRequire(import.meta.url);
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as new (options: object) => Queue;
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** kafkajs's own queue of one broker connection: at most one request in flight, as the producer has. */
const newQueue = (): Queue =>
  new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: quiet,
  });

describe("kafkajs's connection queue after the mend", () => {
  const queues: Queue[] = [];
  const queue = () => {
    const q = newQueue();
    queues.push(q);
    return q;
  };
  afterEach(() => {
    for (const q of queues.splice(0)) q.destroy();
  });

  it('arms no timer once a check finds nothing waiting (unmended, every check armed the next one)', () => {
    mendKafkaJsRequestQueueTimer();
    const q = queue();
    q.checkPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks again later while a request waits behind the one in flight, or behind a throttle', () => {
    mendKafkaJsRequestQueueTimer();
    const waiting = queue();
    waiting.inflight.set(1, {});
    waiting.pending.push({});
    waiting.checkPendingRequests();
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();

    const throttled = queue();
    throttled.maybeThrottle(60_000);
    throttled.pending.push({});
    throttled.checkPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();
  });
});
