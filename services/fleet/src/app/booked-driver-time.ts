import type { Logger } from '@vanhop/platform';
import { ConflictError } from '@vanhop/platform';
import type { DriverRepository, DriverSlots } from '../domain/ports.js';
import { moveWindow } from '@vanhop/contracts';

/** What the booking events tell quote about a booked move (a subset of their `data`). */
export interface BookedMove {
  bookingId: string;
  driver?: { id: string } | null;
  move: { date: string; totalHour: number };
}

/**
 * Keeps driver_slots in step with the booking's life: a paid booking keeps its driver's time, a
 * cancelled or postponed one gives it back, a new date or new hours move it. These are facts that
 * already happened in the booking service, so a conflict cannot refuse them: the answer says the
 * booking holds none of its driver's time, and its job goes back to the office (DriverJobs).
 */
export class BookedDriverTime {
  constructor(private readonly deps: { drivers: DriverRepository; slots: DriverSlots; logger: Logger }) {}

  /**
   * Paid: the whole window is the booking's for good. The checkout's hold is kept; a booking paid
   * after its hold lapsed takes the time now. False when another booking holds any of it (the hold
   * lapsed and someone else booked the driver), or a part of it: then it holds nothing.
   */
  confirmed(b: BookedMove): Promise<boolean> {
    return this.holdWhole(b);
  }

  async released(bookingId: string): Promise<void> {
    await this.deps.slots.release(bookingId);
  }

  /** Reactivated or amended: the booking's slots follow the move to its new window; false as for confirmed. */
  moved(b: BookedMove): Promise<boolean> {
    return this.holdWhole(b);
  }

  /**
   * The move's whole window for the booking, kept (a repeat for the same booking changes nothing).
   * Without a driver or a date there is nothing to hold: whatever it had is given back.
   */
  private async holdWhole(b: BookedMove): Promise<boolean> {
    const driverId = b.driver?.id;
    const start = new Date(b.move.date);
    if (!driverId || Number.isNaN(start.getTime())) {
      await this.deps.slots.release(b.bookingId);
      return true;
    }
    const driver = await this.deps.drivers.findById(driverId);
    const window = moveWindow(start, b.move.totalHour, driver?.card.minimumHours ?? 0);
    try {
      await this.deps.slots.hold(driverId, b.bookingId, window, null);
      return true;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      // A part of a window is no use to the move: it goes back, and staff find the move a driver.
      await this.deps.slots.release(b.bookingId);
      this.deps.logger.error(
        { bookingId: b.bookingId, driverId, start: window.start.toISOString() },
        'booked driver is already taken for this window: the job goes back to the office',
      );
      return false;
    }
  }
}
