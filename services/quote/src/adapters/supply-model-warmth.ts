import type { DocumentStore } from '@vanhop/platform';
import { DRIVERS } from './driver-repository.js';
import { SUPPLY_CARDS } from './supply-cards.js';

/** While the model is not caught up, how often its counts are read again. */
export const WARMTH_RECHECK_MS = 1_000;

/**
 * Whether the supply read model has caught up with the drivers' first publications: a card for
 * every driver stored. On a new store (the demo drivers just seeded) or after the upgrade that
 * brings these events (the backfill), the events take a few seconds to reach the model, and
 * offers priced from an empty model would show the house price, which the booking's own pricing
 * (from the drivers) then refuses as changed. Until then offers are priced from the drivers; once
 * caught up, the model only follows changes, so this process never asks again.
 */
export class SupplyModelWarmth {
  private warm = false;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: DocumentStore,
    /** Milliseconds from a clock that always runs (default: the process's monotonic clock). */
    private readonly elapsed: () => number = () => performance.now(),
  ) {}

  async caughtUp(): Promise<boolean> {
    if (this.warm) return true;
    const now = this.elapsed();
    if (now - this.checkedAt < WARMTH_RECHECK_MS) return false;
    this.checkedAt = now;
    const [drivers, cards] = await Promise.all([
      this.store.collection(DRIVERS).count({}),
      this.store.collection(SUPPLY_CARDS).count({}),
    ]);
    // No driver yet: nothing to catch up with, but a first one may be on its way (seeding).
    this.warm = drivers > 0 && cards >= drivers;
    return this.warm;
  }
}
