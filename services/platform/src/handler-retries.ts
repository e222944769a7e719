import { isTransientFailure } from './errors.js';

/** The longest pause between two tries of an event whose handler meets a dependency outage. */
export const TRANSIENT_MAX_PAUSE_MS = 5_000;

/**
 * How an event bus tries a failing handler again, the same on every bus. A failure of the work
 * itself counts towards `maxRetries`, after which the event is dead-lettered. A transient failure
 * (the store restarting, a peer unreachable: isTransientFailure) does not count: the event waits,
 * with pauses growing to TRANSIENT_MAX_PAUSE_MS, for as long as the outage lasts, so an outage
 * never fills the dead-letter topics with events that were fine.
 */
export class HandlerRetries {
  private failures = 0;
  private waits = 0;

  constructor(private readonly policy: { maxRetries: number; retryBackoffMs: number }) {}

  /** The pause before the next try, or null: dead-letter it. */
  next(err: unknown): number | null {
    if (isTransientFailure(err)) {
      const pause = Math.min(this.policy.retryBackoffMs * 2 ** Math.min(this.waits, 10), TRANSIENT_MAX_PAUSE_MS);
      this.waits += 1;
      return pause;
    }
    if (this.failures >= this.policy.maxRetries) return null;
    return this.policy.retryBackoffMs * 2 ** this.failures++;
  }
}
