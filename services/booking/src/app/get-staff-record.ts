import { NotFoundError } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';

/** One live booking as staff see it: what a link to a record (`/admin/dashboard?booking=<id>`) opens. */
export class GetStaffRecord {
  constructor(private readonly bookings: BookingRepository) {}

  async execute(id: string): Promise<AdminBookingView> {
    const record = await this.bookings.liveById(id);
    if (!record) throw new NotFoundError('No booking record with that id');
    return toAdminView(record);
  }
}
