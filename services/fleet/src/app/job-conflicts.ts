import {
  type Availability,
  documentsAllowWork,
  JOB_CONFLICT_TEXT,
  londonDayOf,
  type JobConflict,
  type JobOutsideHours,
} from '@vanhop/contracts';
import { NotFoundError, type Clock } from '@vanhop/platform';
import { availabilityCovers, moveWindow } from '@vanhop/contracts';
import type { DocumentedDriver } from '@vanhop/contracts';
import type { DriverRepository, DriverSlots, JobRepository } from '../domain/ports.js';

/**
 * What stands in the way of a job as booked, read when staff look (nothing is stored, so a flag is
 * never stale): the driver's hours no longer cover an upcoming move (a day off added over it), an
 * insurance or licence that expires before the move, or a job its suspended driver left that
 * still holds their time.
 */
export class JobConflicts {
  constructor(
    private readonly deps: {
      jobs: Pick<JobRepository, 'findById' | 'forDriverFrom'>;
      drivers: Pick<DriverRepository, 'findById'>;
      clock: Clock;
      /** Whether a returned job still holds its suspended driver's time (jobs returned before it was given back do). */
      slots?: Pick<DriverSlots, 'heldBy'>;
    },
  ) {}

  /**
   * The driver's upcoming offered or accepted jobs their hours do not cover: told before they save
   * hours (`proposed`: the hours they are about to save) and again once saved.
   */
  async outsideHoursFor(driverId: string, proposed?: Availability): Promise<JobOutsideHours[]> {
    const found = await this.deps.drivers.findById(driverId);
    const driver = found && proposed ? { ...found, availability: proposed } : found;
    if (!driver?.availability) return [];
    const now = this.deps.clock.now().getTime();
    // Only moves still ahead can conflict: the driver's past years are not read.
    return (await this.deps.jobs.forDriverFrom(driverId, new Date(now).toISOString()))
      .filter(
        (j) =>
          j.status !== 'returned-to-staff' &&
          (j.bookingState ?? 'active') === 'active' &&
          Date.parse(j.move.date) > now &&
          !availabilityCovers(
            driver.availability,
            moveWindow(new Date(j.move.date), j.move.totalHour, driver.card.minimumHours),
          ),
      )
      .map((j) => ({ bookingId: j.bookingId, randomNumber: j.randomNumber, date: j.move.date }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  private async holdsTime(bookingId: string, driverId: string): Promise<boolean> {
    return this.deps.slots ? this.deps.slots.heldBy(bookingId, driverId) : true;
  }

  async of(bookingId: string): Promise<JobConflict[]> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) throw new NotFoundError('No such job');
    if ((job.bookingState ?? 'active') === 'cancelled') return [];
    const driver = (await this.deps.drivers.findById(job.driverId)) as DocumentedDriver | null;
    const name = driver?.name ?? job.driverContact.name;
    if (job.status === 'returned-to-staff')
      return job.returnedBecause === 'suspended' && (await this.holdsTime(job.bookingId, job.driverId))
        ? [{ kind: 'suspended-holds-time', text: JOB_CONFLICT_TEXT.suspendedHoldsTime(name) }]
        : [];
    const start = new Date(job.move.date);
    if (!driver || job.bookingState === 'postponed' || !(start.getTime() > this.deps.clock.now().getTime())) return [];
    const found: JobConflict[] = [];
    const window = moveWindow(start, job.move.totalHour, driver.card.minimumHours);
    if (!availabilityCovers(driver.availability, window))
      found.push({ kind: 'outside-hours', text: JOB_CONFLICT_TEXT.outsideHours(name) });
    const day = londonDayOf(start);
    if (!documentsAllowWork(driver.documents, day))
      found.push({ kind: 'document-expires', text: JOB_CONFLICT_TEXT.documentExpires(name, day) });
    return found;
  }
}
