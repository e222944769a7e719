import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from './clock.js';
import type { DocumentStore } from './ports/document-store.js';
import { claimLease, type LeaseClaim, type LeaseDoc } from './store-leases.js';

/** Where the replicas of a service record which of them sweeps its outbox. */
export const OUTBOX_SWEEPS = 'outbox_sweeps';

/** How long a sweeper that stopped answering keeps the sweep from the other replicas. */
export const DEFAULT_SWEEP_LEASE_MS = 30_000;

/**
 * Which replica of a service sweeps an outbox for stale entries. After a broker outage every
 * replica's safety poll finds the same backlog, and without this each one published all of it:
 * every event went out once per replica. The first replica to find stale entries takes the lease
 * and keeps it while it keeps finding some (each sweep pushes its end on); the others leave the
 * backlog to it. A sweeper that stops gives the lease back; one that dies holds it until it runs out.
 *
 * The lease's end is in real time by default, not the service's clock: a clock pinned by a demo or
 * a test would otherwise keep a dead sweeper's lease forever.
 */
export class OutboxSweepLease {
  private readonly owner = randomUUID();
  private readonly name: string;
  /**
   * Whether this replica may hold the lease: set when it takes or renews it (or when a claim
   * failed midway and may have landed), cleared when it gives it back. A replica that never swept
   * stops without a write to the store.
   */
  private held = false;

  constructor(
    private readonly store: DocumentStore,
    collectionNames: readonly string[],
    private readonly options: { ttlMs?: number; clock?: Clock } = {},
  ) {
    this.name = `outbox:${[...collectionNames].sort().join(',')}`;
  }

  /**
   * Whether this replica sweeps now: it `renewed` its own lease (nobody else swept since its last
   * sweep), `took` a free one or one that lapsed (another sweeper may have been midway), or was
   * `refused` (another replica sweeps).
   */
  async lead(): Promise<LeaseClaim> {
    let claim: LeaseClaim;
    try {
      claim = await claimLease(this.leases(), {
        name: this.name,
        owner: this.owner,
        now: (this.options.clock ?? systemClock).now(),
        ttlMs: this.options.ttlMs ?? DEFAULT_SWEEP_LEASE_MS,
        renew: true,
      });
    } catch (err) {
      // The write may have landed before the error: give it back at the stop rather than leave it to lapse.
      this.held = true;
      throw err;
    }
    this.held = claim !== 'refused';
    return claim;
  }

  /**
   * Gives the lease back if this replica holds it, so another sweeps at once rather than after it
   * lapses. The delete names this replica as the holder: a lease another replica took over since
   * stays theirs.
   */
  async giveUp(): Promise<void> {
    if (!this.held) return;
    await this.leases().deleteOne({ _id: this.name, owner: this.owner });
    this.held = false;
  }

  private leases() {
    return this.store.collection<LeaseDoc>(OUTBOX_SWEEPS);
  }
}
