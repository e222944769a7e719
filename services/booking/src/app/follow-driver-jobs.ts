import {
  CUSTOMER_CHOICE,
  DRIVER_CHANGE_TEXT,
  driverChosenText,
  driverChangeChoiceUntil,
  type JobAccepted,
  type JobOffered,
  type JobReassigned,
  type JobReturned,
} from '@vanhop/contracts';
import type { Logger } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import type { PriceToNewDriver } from './price-to-new-driver.js';

/**
 * The booking follows its driver's job: an acceptance is recorded (My move stops saying it waits for
 * it); a job given back (declined, not answered in time, driver suspended) leaves the booking needing
 * a driver, which staff see and My move says; a reassignment names the new one.
 */
export class FollowDriverJobs {
  constructor(
    private readonly deps: { bookings: BookingRepository; logger: Logger; priceToNewDriver?: PriceToNewDriver },
  ) {}

  async returned(j: JobReturned): Promise<void> {
    const marked = await this.deps.bookings.markNeedsDriver(
      j.bookingId,
      { because: j.because, driverId: j.driver.id, since: j.at },
      { at: j.at, kind: 'driver', text: DRIVER_CHANGE_TEXT.lost },
    );
    if (marked)
      this.deps.logger.info(
        { bookingId: j.bookingId, driverId: j.driver.id, because: j.because },
        'booking needs a driver',
      );
  }

  /** The driver accepted: My move says so instead of "waiting for them to accept". */
  async accepted(j: JobAccepted): Promise<void> {
    const marked = await this.deps.bookings.markDriverAccepted(j.bookingId, j.driver.id, j.acceptedAt, {
      at: j.acceptedAt,
      kind: 'driver',
      text: DRIVER_CHANGE_TEXT.accepted(j.driver.name),
    });
    if (marked) this.deps.logger.info({ bookingId: j.bookingId, driverId: j.driver.id }, 'driver accepted the booking');
  }

  /**
   * The driver is asked to confirm a new time (a change took the move outside their hours): until
   * they do, the booking no longer says they accepted. A first offer changes nothing here.
   */
  async offered(j: JobOffered, at: string): Promise<void> {
    if (!j.reconfirm) return;
    const marked = await this.deps.bookings.markDriverToConfirm(
      j.bookingId,
      j.driver.id,
      { since: at, respondBy: j.respondBy },
      { at, kind: 'driver', text: DRIVER_CHANGE_TEXT.toConfirm(j.driver.name) },
    );
    if (marked)
      this.deps.logger.info(
        { bookingId: j.bookingId, driverId: j.driver.id, respondBy: j.respondBy },
        'driver asked to confirm the new time',
      );
  }

  async reassigned(j: JobReassigned): Promise<void> {
    const chosen = j.reassignedBy === CUSTOMER_CHOICE ? await this.chosenByCustomer(j) : null;
    const named = await this.deps.bookings.nameNewDriver(
      j.bookingId,
      j.previousDriverId,
      j.driver,
      {
        at: j.at,
        kind: 'driver',
        text: chosen ? driverChosenText(j.driver.name) : DRIVER_CHANGE_TEXT.newDriver(j.driver.name),
      },
      {
        at: j.at,
        driverName: j.driver.name,
        driverPricePence: j.driverPricePence,
        chargesOnTheDay: j.chargesOnTheDay ?? [],
        until: chosen?.until ?? driverChangeChoiceUntil(j.at, j.move.date),
        kept: chosen !== null,
      },
      chosen?.changedAt,
    );
    if (named)
      this.deps.logger.info(
        { bookingId: j.bookingId, driverId: j.driver.id, by: j.reassignedBy },
        'booking reassigned to another driver',
      );
    // After the naming (the price follows only the driver the booking names); a redelivery finds it lowered.
    await this.deps.priceToNewDriver?.apply(j);
  }

  /**
   * The customer chose this driver on My move: the choice is theirs (kept, not offered again), and
   * the free window to cancel runs on from the change that opened it, not from their own choice.
   */
  private async chosenByCustomer(j: JobReassigned): Promise<{ until: string; changedAt: string } | null> {
    const record = await this.deps.bookings.byId(j.bookingId);
    const open = record?.driverChange;
    if (!open || !record?.driverChangedAt) return null;
    return { until: open.until, changedAt: record.driverChangedAt };
  }
}
