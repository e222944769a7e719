import { createRequire } from 'node:module';

/** What the mend reads and writes of kafkajs's internal RequestQueue (one per broker connection). */
interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking requests that wait behind the in-flight limit. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/**
 * kafkajs 2.2.4 arms a timer for "now" at the end of every check of a connection's queue, whether
 * any request waits or not; the timer's check arms the next one, so every connection a client has
 * ever used ran a check every millisecond for as long as it stayed open. An idle service spent
 * about 2 % of a core on it, and a busy one handed the event loop a timer per millisecond per
 * connection (docs/BENCHMARKS.md, "Events"). A check is needed only while a request waits: one
 * that arrives while nothing waits arms it here (`push` calls this), and an answered request checks
 * the queue itself.
 */
export function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttledForMs = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledForMs > 0 ? throttledForMs : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

let mended = false;

/**
 * Replaces kafkajs's RequestQueue.scheduleCheckPendingRequests with the one above, once per
 * process, before the first client connects. A kafkajs without that method is left alone.
 */
export function mendKafkaJsRequestQueueTimer(): void {
  if (mended) return;
  mended = true;
  const require = createRequire(import.meta.url);
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as { prototype?: RequestQueueState };
  if (typeof RequestQueue?.prototype?.scheduleCheckPendingRequests === 'function')
    RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}
