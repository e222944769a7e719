import { randomUUID } from 'node:crypto';
import type { Clock } from './clock.js';
import { DuplicateKeyError, ServiceUnavailableError } from './errors.js';
import type { Collection } from './ports/document-store.js';

export interface LeaseDoc {
  _id: string;
  owner: string;
  /** ISO time after which the lease is free to take (its holder crashed or hung). */
  until: string;
}

export interface StoreLeasesOptions {
  clock: Clock;
  /** How long a lease lasts if its holder never gives it back: longer than the work it guards. */
  ttlMs: number;
  /** How long a caller waits for a busy lease before its request is refused (503, try again). */
  waitMs: number;
  /** Pause between tries while waiting. */
  pollMs?: number;
  /** Real time for the waiting itself (the clock may be a test's fixed one). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Named leases in the store: one caller at a time runs the work guarded by a name, across every
 * replica, so a check and the write that depends on it ("fewer than 2 open holds" → hold a third
 * driver) cannot interleave with another request's. Taking a lease is one conditional write (an
 * insert, or taking over one that lapsed), so two callers never both hold it; a crashed holder's
 * lease lapses after `ttlMs`.
 */
export class StoreLeases {
  private readonly sleep: (ms: number) => Promise<void>;
  /** This process's callers waiting for a name, woken as soon as this process gives it back. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly leases: Collection<LeaseDoc>,
    private readonly options: StoreLeasesOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /**
   * Runs `work` holding every lease in `names` (taken in sorted order, so two callers needing
   * overlapping names never wait on each other in a circle), and gives them back after.
   */
  async withLeases<T>(names: string[], work: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    const taken: string[] = [];
    try {
      for (const name of [...new Set(names)].sort()) {
        await this.acquire(name, owner);
        taken.push(name);
      }
      return await work();
    } finally {
      await Promise.all(taken.map((name) => this.leases.deleteOne({ _id: name, owner }).catch(() => 0)));
      for (const name of taken) for (const wake of [...(this.waiting.get(name) ?? [])]) wake();
    }
  }

  private async acquire(name: string, owner: string): Promise<void> {
    const waitUntil = Date.now() + this.options.waitMs;
    for (;;) {
      // Watching before trying: a give-back between a failed try and the wait still wakes it.
      const givenBack = this.watch(name);
      try {
        if (await this.tryAcquire(name, owner)) return;
        if (Date.now() >= waitUntil)
          throw new ServiceUnavailableError(
            'Another request of yours is still being handled, please try again shortly.',
          );
        // A double click waits for the first click's work, not for the rest of a poll interval; a
        // lease given back by another replica is seen at the next poll.
        await Promise.race([givenBack.promise, this.sleep(this.options.pollMs ?? 50)]);
      } finally {
        givenBack.stop();
      }
    }
  }

  /** Resolves when this process gives `name` back. */
  private watch(name: string): { promise: Promise<void>; stop: () => void } {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const waiters = this.waiting.get(name) ?? new Set<() => void>();
    this.waiting.set(name, waiters);
    waiters.add(wake);
    const stop = () => {
      waiters.delete(wake);
      if (waiters.size === 0 && this.waiting.get(name) === waiters) this.waiting.delete(name);
    };
    return { promise, stop };
  }

  private async tryAcquire(name: string, owner: string): Promise<boolean> {
    const claim = { name, owner, now: this.options.clock.now(), ttlMs: this.options.ttlMs };
    return (await claimLease(this.leases, claim)) !== 'refused';
  }
}

/**
 * What a claim did: `renewed` the lease `owner` held already (nobody else held it since),
 * `took` one that was free or whose holder's time ran out, or was `refused` (another holds it).
 */
export type LeaseClaim = 'renewed' | 'took' | 'refused';

/**
 * Conditional writes: takes the lease `name` for `owner` when nobody holds it or its holder's
 * time ran out; with `renew`, also when `owner` holds it already (pushing its end on), which is
 * tried first so a holder renewing writes once. Each write is conditional on its own, so two
 * callers never both take it.
 */
export async function claimLease(
  leases: Collection<LeaseDoc>,
  claim: { name: string; owner: string; now: Date; ttlMs: number; renew?: boolean },
): Promise<LeaseClaim> {
  const { name, owner, now } = claim;
  const until = new Date(now.getTime() + claim.ttlMs).toISOString();
  if (claim.renew && (await leases.updateOne({ _id: name, owner }, { $set: { until } })).matched === 1)
    return 'renewed';
  try {
    await leases.insertOne({ _id: name, owner, until });
    return 'took';
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  const lapsed = { _id: name, until: { $lte: now.toISOString() } };
  return (await leases.updateOne(lapsed, { $set: { owner, until } })).matched === 1 ? 'took' : 'refused';
}
