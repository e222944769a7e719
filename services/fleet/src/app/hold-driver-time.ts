import { DRIVER_TAKEN_MESSAGE, type DriverHold } from '@vanhop/contracts';
import { ConflictError, NotFoundError, ValidationError, type Clock } from '@vanhop/platform';
import { availabilityCovers, moveWindow } from '@vanhop/contracts';
import type { DriverRepository, DriverSlots } from '../domain/ports.js';

/** A hold longer than a move could be (20.5 hours, the longest of docs/PRICING.md) plus margin is a mistake. */
const MAX_WINDOW_MS = 24 * 3_600_000;

/**
 * An unpaid checkout holds a driver for its own life: 30 minutes, Stripe's shortest session, plus
 * the few minutes of payment's grid (docs/BOOKING-LIFECYCLE.md). Anything longer is a mistake.
 */
const MAX_HOLD_MS = 40 * 60_000;

/**
 * Holds a driver's time for a booking's checkout (payment asks when one starts), and gives it back.
 * The driver must exist, be active and work the whole window, and no other booking may hold any of it.
 */
export class HoldDriverTime {
  constructor(
    private readonly drivers: Pick<DriverRepository, 'findById'>,
    private readonly slots: Pick<DriverSlots, 'hold' | 'release'>,
    private readonly clock: Clock,
  ) {}

  /** `body` as validated; the window is its end, or its start and hours; the hold lapses at its `expiresAt`. */
  async hold(driverId: string, body: DriverHold): Promise<{ holdId: string; slots: number }> {
    const expiresAt = new Date(body.expiresAt);
    const now = this.clock.now().getTime();
    if (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_HOLD_MS)
      throw new ValidationError('expiresAt must be within the next 40 minutes', {
        expiresAt: 'expiresAt must be within the next 40 minutes',
      });
    const driver = await this.drivers.findById(driverId);
    if (!driver) throw new NotFoundError('No driver with that id');
    const start = new Date(body.start);
    const window =
      body.end !== undefined
        ? { start, end: new Date(body.end) }
        : moveWindow(start, body.hours, driver.card.minimumHours);
    const span = window.end.getTime() - window.start.getTime();
    if (span <= 0 || span > MAX_WINDOW_MS)
      throw new ValidationError('end must be after start, within 24 hours', {
        end: 'end must be after start, within 24 hours',
      });
    if (!driver.active || !availabilityCovers(driver.availability, window))
      throw new ConflictError(DRIVER_TAKEN_MESSAGE);
    return this.slots.hold(driverId, body.bookingId, window, expiresAt, body.holder, body.supersedes);
  }

  /** Frees every slot the booking holds; how many there were. */
  release(bookingId: string): Promise<number> {
    return this.slots.release(bookingId);
  }
}
