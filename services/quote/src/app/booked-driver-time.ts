import type { Logger } from '@vanhop/platform';
import { ConflictError } from '@vanhop/platform';
import type { DriverRepository, DriverSlots } from '../domain/ports.js';
import { moveWindow } from '../domain/availability.js';

/** What the booking events tell quote about a booked move (a subset of their `data`). */
export interface BookedMove {
  bookingId: string;
  driver?: { id: string } | null;
  move: { date: string; totalHour: number };
}

/**
 * Keeps driver_slots in step with the booking's life: a paid booking keeps its driver's time, a
 * cancelled or postponed one gives it back, a new date or new hours move it. These are facts that
 * already happened in the booking service, so a conflict cannot refuse them: it is logged for staff.
 */
export class BookedDriverTime {
  constructor(private readonly deps: { drivers: DriverRepository; slots: DriverSlots; logger: Logger }) {}

  /** Paid: the checkout's hold stops lapsing; a booking paid without a live hold takes one now. */
  async confirmed(b: BookedMove): Promise<void> {
    const kept = await this.deps.slots.keep(b.bookingId);
    if (kept === 0) await this.take(b);
  }

  async released(bookingId: string): Promise<void> {
    await this.deps.slots.release(bookingId);
  }

  /** Reactivated or amended: the booking's slots follow the move to its new window. */
  async moved(b: BookedMove): Promise<void> {
    if (!(await this.take(b))) await this.deps.slots.release(b.bookingId);
  }

  private async take(b: BookedMove): Promise<boolean> {
    const driverId = b.driver?.id;
    const start = new Date(b.move.date);
    if (!driverId || Number.isNaN(start.getTime())) return false;
    const driver = await this.deps.drivers.findById(driverId);
    const window = moveWindow(start, b.move.totalHour, driver?.card.minimumHours ?? 0);
    try {
      await this.deps.slots.hold(driverId, b.bookingId, window, null);
      return true;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      this.deps.logger.error(
        { bookingId: b.bookingId, driverId, start: window.start.toISOString() },
        'booked driver is already taken for this window: staff must reassign',
      );
      return false;
    }
  }
}
