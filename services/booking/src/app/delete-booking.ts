import type { BookingRecord } from '@vanhop/contracts';
import { NotFoundError, type Clock, type DocumentStore } from '@vanhop/platform';
import { BOOKINGS } from '../http/internal-routes.js';

/** Who removed a record and when; the record itself stays in the store. */
export interface SoftDeletion { deletedAt: string | null; deletedBy?: string }

export const DELETED_MESSAGE = 'Booking record deleted';

/**
 * Soft delete: the record is marked, not removed, so a mis-click loses nothing (staff can restore
 * it by clearing `deletedAt`). Marked records disappear from the admin list and from retrieve.
 */
export class DeleteBooking {
  constructor(private readonly store: DocumentStore, private readonly clock: Clock) {}

  async execute(id: string, deletedBy: string): Promise<{ message: string }> {
    const bookings = this.store.collection<BookingRecord & SoftDeletion>(BOOKINGS);
    // One atomic conditional update: two clicks cannot both succeed, the second gets 404.
    const updated = await bookings.findOneAndUpdate(
      { _id: id, deletedAt: null },
      { $set: { deletedAt: this.clock.now().toISOString(), deletedBy } },
    );
    if (!updated) throw new NotFoundError('No booking record with that id');
    return { message: DELETED_MESSAGE };
  }
}
