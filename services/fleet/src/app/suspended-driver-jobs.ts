import type { JobView } from '@vanhop/contracts';
import type { Clock, Logger, OutboxRelay } from '@vanhop/platform';
import type { DriverSlots, JobDoc, JobRepository } from '../domain/ports.js';
import { jobReturnedEntry, toView } from './driver-jobs.js';
import type { ReassignJob } from './reassign-job.js';

/**
 * A job a suspension takes from its driver: still theirs (offered or accepted), on a booking not
 * cancelled, whose move is still ahead. A postponed move counts whatever its old date: it comes
 * back with a new one, and must not come back to a driver who can no longer sign in.
 */
export function isUpcoming(job: JobDoc, now: Date): boolean {
  if (job.status === 'returned-to-staff') return false;
  const state = job.bookingState ?? 'active';
  if (state === 'cancelled') return false;
  return state === 'postponed' || Date.parse(job.move.date) > now.getTime();
}

/**
 * What suspending a driver does to their work: staff first see the upcoming jobs it takes from them,
 * then each goes on exactly as a declined job does: offered at once to the cheapest other driver
 * free for the whole move at no more than the customer booked (`JobReassigned` with `because:
 * 'suspended'`: the customer is mailed who their new driver is, the suspended driver's time is given
 * back), or, when nobody is, back to the office (its own JobReturned with `because: 'suspended'`, so
 * the booking needs a driver, the office is mailed and the customer told no other driver is free
 * for the price; the suspended driver's time is given back, as they cannot work it). A postponed move has
 * no date to find a driver for: it goes to the office. Idempotent: a job already handed on or
 * returned is left alone, so a suspension interrupted half way is finished by running it again
 * (fleet's own DriverUpdated consumer does).
 */
export class SuspendedDriverJobs {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      clock: Clock;
      logger: Logger;
      relay?: OutboxRelay;
      /** Offers each job to the next free driver (ReassignJob.fallback); without it every job goes to the office. */
      fallback?: Pick<ReassignJob, 'fallback'>;
      /** Gives the suspended driver's time back on each job that goes to the office. */
      slots?: Pick<DriverSlots, 'releaseDriver'>;
    },
  ) {}

  /** The jobs suspending this driver would take from them, soonest first. */
  async upcoming(driverId: string): Promise<JobView[]> {
    return (await this.upcomingDocs(driverId)).map((j) => toView(j));
  }

  /**
   * Takes every upcoming job from the (now suspended) driver: each to the next free driver, else to
   * the office. Answers the jobs it took, as they are now.
   */
  async returnAll(driverId: string): Promise<JobView[]> {
    const at = this.deps.clock.now().toISOString();
    const returned: JobView[] = [];
    const handedOn: JobView[] = [];
    const returnedEvents: string[] = [];
    for (const job of await this.upcomingDocs(driverId)) {
      const next = (job.bookingState ?? 'active') === 'active' ? await this.handOn(job, at) : null;
      if (next) {
        handedOn.push(next);
        continue;
      }
      const set: Partial<JobDoc> = { status: 'returned-to-staff', returnedBecause: 'suspended' };
      const entry = await jobReturnedEntry(job, 'suspended', at, this.deps.clock);
      if (await this.deps.jobs.takeFromDriver(job._id, driverId, job.status, set, entry)) {
        returnedEvents.push(entry.eventId);
        // A suspended driver cannot work it: the job no longer holds their time (staff's reassignment takes the new driver's).
        await this.deps.slots?.releaseDriver(job.bookingId, driverId);
        returned.push(toView({ ...job, ...set }));
      }
    }
    if (handedOn.length > 0)
      this.deps.logger.info(
        { driverId, bookingIds: handedOn.map((j) => j.bookingId) },
        'driver suspended: upcoming jobs offered to the next free drivers',
      );
    if (returned.length > 0) {
      void this.deps.relay?.kick(returnedEvents);
      this.deps.logger.info(
        { driverId, bookingIds: returned.map((j) => j.bookingId) },
        'driver suspended: upcoming jobs nobody else is free for back with the office',
      );
    }
    return [...handedOn, ...returned];
  }

  /** The job offered to the next free driver, or null when nobody is (or the move cannot be priced). */
  private async handOn(job: JobDoc, at: string): Promise<JobView | null> {
    return (await this.deps.fallback?.fallback(job, 'suspended', at)) ?? null;
  }

  /** The moves still ahead, and the postponed ones whatever their old date: not the driver's past years. */
  private async upcomingDocs(driverId: string): Promise<JobDoc[]> {
    const now = this.deps.clock.now();
    const [ahead, postponed] = await Promise.all([
      this.deps.jobs.forDriverFrom(driverId, now.toISOString()),
      this.deps.jobs.postponedOf(driverId),
    ]);
    const byId = new Map([...ahead, ...postponed].map((j) => [j._id, j]));
    return [...byId.values()].filter((j) => isUpcoming(j, now)).sort((a, b) => a.move.date.localeCompare(b.move.date));
  }
}
