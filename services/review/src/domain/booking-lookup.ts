import type { BookingRecord } from '@vanhop/contracts';

/** Reads booking records owned by the booking service. */
export interface BookingLookup {
  /** The live record, or null when there is none (unknown or deleted). */
  byId(id: string): Promise<BookingRecord | null>;
}
