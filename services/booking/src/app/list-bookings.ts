import type { BookingRecord } from '@vanhop/contracts';
import type { DocumentStore } from '@vanhop/platform';
import { BOOKINGS } from '../http/internal-routes.js';

/** A booking as staff see it (SPEC "Booking record (admin)"), without internal fields such as `outbox` or `request`. */
export type AdminBookingView = Pick<
  BookingRecord,
  '_id' | 'randomNumber' | 'date' | 'paymentStatus' | 'OutstandingBalance' | 'percentage' | 'reviewRequest' | 'quote' | 'driver'
>;

/** Copies only the listed fields, so anything added to stored records later stays private by default. */
export function toAdminView(record: BookingRecord): AdminBookingView {
  return {
    _id: record._id,
    randomNumber: record.randomNumber,
    date: record.date,
    paymentStatus: record.paymentStatus,
    OutstandingBalance: record.OutstandingBalance,
    percentage: record.percentage ?? null,
    reviewRequest: record.reviewRequest,
    quote: record.quote,
    driver: record.driver ?? null,
  };
}

/** Every live (not deleted) booking record, oldest first; the dashboard sorts and filters further. */
export class ListBookings {
  constructor(private readonly store: DocumentStore) {}

  async execute(): Promise<AdminBookingView[]> {
    const records = await this.store.collection<BookingRecord>(BOOKINGS).find({ deletedAt: null }, { sort: { date: 1 } });
    return records.map(toAdminView);
  }
}
