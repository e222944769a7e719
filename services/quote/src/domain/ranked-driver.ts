import type { Driver } from '@vanhop/contracts';

/** A driver who can take the move, with what ranking needs: their total and when they are free. */
export interface RankedDriver {
  driver: Driver;
  totalPence: number;
  /** When the driver is free (ms since the epoch; smaller is sooner): see PriceMove's soonestFree. */
  freeAt: number;
  /**
   * What the customer also pays this driver on the day that is known in advance (ULEZ for a van
   * that is not compliant, the congestion charge); tolls and parking are unknown and not counted.
   */
  onTheDayPence?: number;
}
