import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';

export const SUPPLY_BACKFILLS = 'supply_backfills';
/** One backfill so far: the cards and time stored before the supply events existed. */
const FIRST = 'before-supply-events';

/**
 * Whether this store's drivers, holds and jobs stored before the supply events were published once.
 * The backfill reads every driver and every slot and job still to come, a cost that grows with the
 * fleet and the bookings: once one start completed it, later starts (every replica, every deploy)
 * skip it, as every write since publishes its own events. A start that fails midway records
 * nothing, so the next one runs it again (it is idempotent).
 */
export class SupplyBackfillMark {
  private readonly col: Collection<{ _id: string; doneAt: string }>;

  constructor(store: DocumentStore) {
    this.col = store.collection(SUPPLY_BACKFILLS);
  }

  /** Runs `backfill` unless a start already completed it; true when it ran. */
  async once(at: () => Date, backfill: () => Promise<void>): Promise<boolean> {
    if (await this.done()) return false;
    await backfill();
    await this.record(at());
    return true;
  }

  /** Whether a backfill of this store completed. */
  async done(): Promise<boolean> {
    return (await this.col.findOne({ _id: FIRST })) !== null;
  }

  /** Records the backfill completed (at `at`). */
  async record(at: Date): Promise<void> {
    await insertUnique(this.col, { _id: FIRST, doneAt: at.toISOString() });
  }
}
