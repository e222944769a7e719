import type { Collection, DocumentStore } from '@vanhop/platform';
import { SUPPLY_CARDS } from './supply-cards.js';
import { SUPPLY_TIME } from './supply-time.js';

/** How long a quote waits at most for the read model to apply this replica's own writes. */
export const OWN_WRITES_WAIT_MS = 2_000;
/** How often, while waiting, the model is read again (its events may be applied by another replica). */
const RECHECK_MS = 20;
/** After a wait ran out, how long quotes go without waiting unless an event is applied here first. */
export const STALL_RETRY_MS = 30_000;

type Kind = 'card' | 'time';

/**
 * Read-your-writes for the offers, which read the supply read model: the revisions this replica
 * published (a driver edited, a hold taken here) are noted, and a quote first waits until the model
 * holds them, so a customer who quotes after a checkout here is not offered the driver just taken,
 * nor a card from before an edit here. The events may be applied by another replica, so the model
 * itself is read (by id) to find them applied; the wait is bounded (the bus may be away), after
 * which the quote is answered from what the model has (the hold at checkout is the one truth).
 */
export class SupplyFreshness {
  private readonly pending = new Map<string, { kind: Kind; id: string; revision: number }>();
  /**
   * Since when a wait ran out (the bus away, or no event applied in time): until an event is applied
   * here again, or STALL_RETRY_MS later, quotes do not wait at all, so a broker outage does not add
   * the whole bound to every quote after a write.
   */
  private stalledAt: number | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly cols: Record<Kind, Collection<{ _id: string; cardRevision?: number; revision?: number }>>;

  /**
   * `caughtUp`: told each key this replica wrote once the model holds it, however that was found (applied
   * here, or read from the model after another replica applied it): the pricing model reads it again.
   */
  constructor(
    store: DocumentStore,
    private readonly options: {
      waitMs?: number;
      caughtUp?: (kind: Kind, id: string) => void;
      /** Milliseconds from a clock that always runs (default: the process's monotonic clock), for the bound. */
      elapsed?: () => number;
    } = {},
  ) {
    this.cols = { card: store.collection(SUPPLY_CARDS), time: store.collection(SUPPLY_TIME) };
  }

  /** This replica published `revision` of a card (id: the driver) or of a booking's time (id: `booking:driver`). */
  published(kind: Kind, id: string, revision: number): void {
    const key = `${kind}\u0000${id}`;
    if ((this.pending.get(key)?.revision ?? 0) < revision) this.pending.set(key, { kind, id, revision });
  }

  /** The model holds `revision` (or a later one) of this key: applied here. */
  applied(kind: Kind, id: string, revision: number): void {
    // An event applied here: the bus delivers again.
    this.stalledAt = null;
    const key = `${kind}\u0000${id}`;
    const p = this.pending.get(key);
    if (p && p.revision <= revision) {
      this.pending.delete(key);
      this.options.caughtUp?.(kind, id);
      for (const wake of [...this.waiters]) wake();
    }
  }

  /** Resolves once the model holds every revision this replica published so far, or after the bounded wait. */
  async settled(): Promise<void> {
    if (this.pending.size === 0) return;
    const elapsed = this.options.elapsed ?? (() => performance.now());
    if (this.stalledAt !== null && elapsed() - this.stalledAt < STALL_RETRY_MS) {
      this.pending.clear();
      return;
    }
    const deadline = elapsed() + (this.options.waitMs ?? OWN_WRITES_WAIT_MS);
    const wanted = new Map(this.pending);
    while (elapsed() < deadline) {
      for (const [key, p] of wanted) {
        if (!this.pending.has(key)) wanted.delete(key);
        else {
          const doc = await this.cols[p.kind].findOne({ _id: p.id });
          if (((p.kind === 'card' ? doc?.cardRevision : doc?.revision) ?? 0) >= p.revision) {
            wanted.delete(key);
            this.applied(p.kind, p.id, p.revision);
          }
        }
      }
      if (wanted.size === 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, RECHECK_MS);
        this.waiters.add(wake);
      });
    }
    // Not applied in time (the bus away): forget them, so later quotes do not wait on them again.
    for (const key of wanted.keys()) this.pending.delete(key);
    this.stalledAt = elapsed();
  }
}
