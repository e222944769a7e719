import { DRIVER_CHOICE_MSG, poundsToPence, type FreeDriversView, type MyMoveView } from '@vanhop/contracts';
import { ConflictError } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { CHANGED_MEANWHILE, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import type { FollowDriverJobs } from './follow-driver-jobs.js';
import { myMoveView } from './view-my-move.js';
import type { DriverChoicePort } from '../domain/ports.js';

/**
 * After a change of driver, the customer may choose another driver free for their move from My
 * move, while the change is open (not kept, inside its window). Each driver is shown at what the
 * customer would pay: their own price, never more than the booking's (the office bears a dearer
 * driver's difference). The choice offers the job to that driver as a reassignment does; the booking
 * names them at once (FollowDriverJobs, as the event's delivery would, which then changes nothing).
 */
export class ChooseDriver {
  constructor(
    private readonly deps: { lifecycle: BookingLifecycleWriter; quote: DriverChoicePort; follow: FollowDriverJobs },
  ) {}

  async freeDrivers(token: unknown): Promise<FreeDriversView> {
    const record = await this.openChange(token);
    const bookedPence = poundsToPence(record.quote.totalPrice);
    const drivers = await this.deps.quote.freeDrivers(record._id);
    return {
      bookedPence,
      drivers: drivers.map((d) => ({
        driverId: d.driverId,
        name: d.name,
        pricePence: Math.min(d.pricePence, bookedPence),
        chargesOnTheDay: d.chargesOnTheDay,
      })),
    };
  }

  async choose(token: unknown, driverId: string): Promise<MyMoveView> {
    const record = await this.openChange(token);
    const reassigned = await this.deps.quote.choose(record._id, driverId);
    await this.deps.follow.reassigned(reassigned);
    const after = await this.deps.lifecycle.reload(record._id);
    if (!after) throw new ConflictError(CHANGED_MEANWHILE);
    return myMoveView(after, this.deps.lifecycle.now());
  }

  /** The booking behind the link, with a change of driver the customer may still answer. */
  private async openChange(token: unknown): Promise<StoredBooking> {
    const record = await this.deps.lifecycle.byToken(token);
    if (!myMoveView(record, this.deps.lifecycle.now()).driverChange) throw new ConflictError(DRIVER_CHOICE_MSG.closed);
    return record;
  }
}
