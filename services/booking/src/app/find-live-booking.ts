import type { StoredBooking } from '../domain/booking-record.js';
import type { BookingRepository } from '../domain/ports.js';

/** A booking record that has not been deleted, by id or by retrieve code; null when there is none. */
export class FindLiveBooking {
  constructor(private readonly bookings: BookingRepository) {}

  byId(id: string): Promise<StoredBooking | null> {
    return this.bookings.liveById(id);
  }

  byCode(code: number): Promise<StoredBooking | null> {
    return this.bookings.liveByCode(code);
  }
}
