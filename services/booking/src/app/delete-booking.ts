import { deleteRefusal } from '@vanhop/contracts';
import { ConflictError, LOST_RACE, NotFoundError, retryOnConflict } from '@vanhop/platform';
import { lifecycleFacts } from '../domain/lifecycle.js';
import { CHANGED_MEANWHILE, WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';

export const DELETED_MESSAGE = 'Booking record deleted';

/**
 * Soft delete of an unpaid quotation: the record is marked, not removed, so a mis-click loses
 * nothing (staff can restore it by clearing `deletedAt`). Marked records disappear from the admin
 * list and from retrieve. A record that took money is never deleted (409: staff cancel it with its
 * refund instead), so its payments, refunds and My move link stay. BookingDeleted goes out with the
 * mark, so the quote service gives back a driver the quotation's checkout still holds.
 */
export class DeleteBooking {
  constructor(private readonly lifecycle: BookingLifecycleWriter) {}

  async execute(id: string, deletedBy: string): Promise<{ message: string }> {
    const read = async () => {
      const record = await this.lifecycle.reload(id);
      if (!record) throw new NotFoundError('No booking record with that id');
      return record;
    };
    return retryOnConflict(
      read,
      async (record) => {
        const refusal = deleteRefusal(lifecycleFacts(record));
        if (refusal) throw new ConflictError(refusal);
        const deletedAt = this.lifecycle.now().toISOString();
        const deleted = await this.lifecycle.event(
          'booking.deleted',
          { bookingId: record._id, randomNumber: record.randomNumber, deletedAt, deletedBy },
          record,
        );
        // One atomic conditional update: of two clicks the second finds it gone (404 next time round),
        // and a payment landing first makes it a booking (409 next time round).
        return (await this.lifecycle.softDelete(record._id, deletedAt, deletedBy, deleted))
          ? { message: DELETED_MESSAGE }
          : LOST_RACE;
      },
      { attempts: WRITE_ATTEMPTS, exhausted: () => new ConflictError(CHANGED_MEANWHILE) },
    );
  }
}
