import { NotFoundError, type Clock } from '@vanhop/platform';
import type { BookingRepository } from '../adapters/booking-repository.js';

export const DELETED_MESSAGE = 'Booking record deleted';

/**
 * Soft delete: the record is marked, not removed, so a mis-click loses nothing (staff can restore
 * it by clearing `deletedAt`). Marked records disappear from the admin list and from retrieve.
 */
export class DeleteBooking {
  constructor(private readonly bookings: BookingRepository, private readonly clock: Clock) {}

  async execute(id: string, deletedBy: string): Promise<{ message: string }> {
    // One atomic conditional update: two clicks cannot both succeed, the second gets 404.
    if (!(await this.bookings.softDelete(id, this.clock.now().toISOString(), deletedBy))) throw new NotFoundError('No booking record with that id');
    return { message: DELETED_MESSAGE };
  }
}
