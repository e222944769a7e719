import { JOB_PROGRESS_LINE, type JobProgressed } from '@vanhop/contracts';
import type { Logger } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';

/**
 * The booking follows its driver's day: each step is a line on My move ("Your driver is on the
 * way", ...), written once per step (a redelivery matches nothing); "done" also marks the booking
 * done (`jobDoneAt`), which files it under the staff's Past jobs even on the day of the move.
 */
export class FollowJobProgress {
  constructor(private readonly deps: { bookings: BookingRepository; logger: Logger }) {}

  async progressed(j: JobProgressed): Promise<void> {
    const line = { at: j.at, kind: 'driver' as const, text: JOB_PROGRESS_LINE[j.step](j.driver.name) };
    const written = await this.deps.bookings.markJobProgress(j.bookingId, j.driver.id, j.step, j.at, line, j.signedFor);
    if (written)
      this.deps.logger.info(
        { bookingId: j.bookingId, driverId: j.driver.id, step: j.step },
        'driver progress on the day recorded',
      );
  }
}
