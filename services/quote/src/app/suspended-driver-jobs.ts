import type { JobView } from '@vanhop/contracts';
import type { Clock, Logger, OutboxRelay } from '@vanhop/platform';
import type { JobDoc, JobRepository } from '../domain/ports.js';
import { jobReturnedEntry, toView } from './driver-jobs.js';

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
 * What suspending a driver does to their work: staff first see the upcoming jobs it puts back with
 * the office, then each goes back exactly as a declined job does (its own JobReturned, here with
 * `because: 'suspended'`, so the booking needs a driver and the office is mailed). The driver's time
 * stays taken until staff reassign the job, as for a decline: the booking still names them until then.
 * Idempotent: a job already returned is left alone, so a suspension interrupted half way is finished
 * by running it again (quote's own DriverUpdated consumer does).
 */
export class SuspendedDriverJobs {
  constructor(private readonly deps: { jobs: JobRepository; clock: Clock; logger: Logger; relay?: OutboxRelay }) {}

  /** The jobs suspending this driver would put back with the office, soonest first. */
  async upcoming(driverId: string): Promise<JobView[]> {
    return (await this.upcomingDocs(driverId)).map((j) => toView(j));
  }

  /** Puts every upcoming job of the (now suspended) driver back with the office; answers those it returned. */
  async returnAll(driverId: string): Promise<JobView[]> {
    const at = this.deps.clock.now().toISOString();
    const returned: JobView[] = [];
    for (const job of await this.upcomingDocs(driverId)) {
      const set: Partial<JobDoc> = { status: 'returned-to-staff', returnedBecause: 'suspended' };
      if (
        await this.deps.jobs.takeFromDriver(
          job._id,
          driverId,
          job.status,
          set,
          await jobReturnedEntry(job, 'suspended', at, this.deps.clock),
        )
      ) {
        returned.push(toView({ ...job, ...set }));
      }
    }
    if (returned.length > 0) {
      void this.deps.relay?.kick();
      this.deps.logger.info(
        { driverId, bookingIds: returned.map((j) => j.bookingId) },
        'driver suspended: upcoming jobs back with the office',
      );
    }
    return returned;
  }

  private async upcomingDocs(driverId: string): Promise<JobDoc[]> {
    const now = this.deps.clock.now();
    return (await this.deps.jobs.forDriver(driverId))
      .filter((j) => isUpcoming(j, now))
      .sort((a, b) => a.move.date.localeCompare(b.move.date));
  }
}
