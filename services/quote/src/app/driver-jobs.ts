import { londonClock, TOPICS, type BookingConfirmed, type DriverJobsResponse, type JobView } from '@vanhop/contracts';
import { ConflictError, createEvent, NotFoundError, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { DriverSlots } from '../adapters/driver-slots.js';
import type { JobDoc, JobRepository } from '../adapters/job-repository.js';

const toView = ({ _id, outbox, driverContact, ...job }: JobDoc): JobView => job;
const eventMove = (j: JobDoc) => ({ ...j.move });
const londonDay = (d: Date) => {
  const c = londonClock(d);
  return `${c.year}-${c.month}-${c.day}`;
};

/**
 * The offer's deadline: JOB_RESPONSE_MINUTES from now, but never after the move starts (a move
 * booked for this afternoon cannot wait two hours for its driver's answer).
 */
export function respondByFor(now: Date, responseMinutes: number, moveDate: string): string {
  const limit = now.getTime() + responseMinutes * 60_000;
  const start = Date.parse(moveDate);
  return new Date(Number.isFinite(start) && start > now.getTime() ? Math.min(limit, start) : limit).toISOString();
}

/**
 * Jobs: a paid booking offered to its driver, who accepts or declines within
 * JOB_RESPONSE_MINUTES. Declined and unanswered jobs go back to staff and free the driver's time.
 */
export class DriverJobs {
  constructor(
    private readonly deps: { jobs: JobRepository; slots: DriverSlots; clock: Clock; logger: Logger; responseMinutes: number; relay?: OutboxRelay },
  ) {}

  /** BookingConfirmed → the job, offered to the booked driver (nothing for a booking without one). */
  async offer(b: BookingConfirmed): Promise<JobView | null> {
    if (!b.driver) return null;
    const now = this.deps.clock.now();
    const job: JobDoc = {
      _id: b.bookingId,
      bookingId: b.bookingId,
      randomNumber: b.randomNumber,
      driverId: b.driver.id,
      status: 'offered',
      offeredAt: now.toISOString(),
      respondBy: respondByFor(now, this.deps.responseMinutes, b.move.date),
      respondedAt: null,
      returnedBecause: null,
      move: {
        date: b.move.date,
        totalHour: b.move.totalHour,
        addresses: b.move.addresses.map((a) => ({ location: a.location, physicalAddress: a.physicalAddress ?? '', stair: a.stair ?? 0 })),
        typeofVan: b.move.typeofVan,
        typeOfWorker: b.move.typeOfWorker,
        description: b.move.description ?? '',
      },
      customer: { name: b.customer.name, email: b.customer.email, phone: b.customer.phone },
      driverContact: { name: b.driver.name, email: b.driver.email },
    };
    const offered = await createEvent(
      TOPICS.jobOffered,
      { bookingId: job.bookingId, randomNumber: job.randomNumber, driver: { id: job.driverId, ...job.driverContact }, move: eventMove(job), respondBy: job.respondBy },
      { producer: 'quote', clock: this.deps.clock, correlationId: job.bookingId },
    );
    job.outbox = [outboxEntry(TOPICS.jobOffered, offered, job.bookingId)];
    if (!(await this.deps.jobs.insert(job))) return null;
    void this.deps.relay?.kick();
    return toView(job);
  }

  /** The driver's jobs by the London day of the move: upcoming (soonest first), today, past (latest first). */
  async forDriver(driverId: string): Promise<DriverJobsResponse> {
    await this.sweep();
    const now = this.deps.clock.now();
    const today = londonDay(now);
    const mine = (await this.deps.jobs.forDriver(driverId)).filter((j) => j.status !== 'returned-to-staff').map(toView);
    mine.sort((a, b) => a.move.date.localeCompare(b.move.date));
    const day = (j: JobView) => londonDay(new Date(j.move.date));
    return {
      upcoming: mine.filter((j) => day(j) !== today && j.move.date > now.toISOString()),
      today: mine.filter((j) => day(j) === today),
      past: mine.filter((j) => day(j) !== today && j.move.date <= now.toISOString()).reverse(),
    };
  }

  accept(driverId: string, bookingId: string): Promise<JobView> {
    return this.respond(driverId, bookingId, 'accepted');
  }

  decline(driverId: string, bookingId: string): Promise<JobView> {
    return this.respond(driverId, bookingId, 'returned-to-staff');
  }

  /** Jobs waiting for staff: declined or never answered. */
  async returned(): Promise<JobView[]> {
    await this.sweep();
    return (await this.deps.jobs.byStatus('returned-to-staff')).map(toView).sort((a, b) => a.move.date.localeCompare(b.move.date));
  }

  /** Offers past their respond-by time go back to staff. Idempotent; safe on every replica. */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    let expired = 0;
    for (const job of await this.deps.jobs.byStatus('offered')) {
      if (job.respondBy > now) continue;
      if (await this.deps.jobs.transition(job._id, 'offered', { status: 'returned-to-staff', returnedBecause: 'expired' })) {
        await this.deps.slots.release(job.bookingId);
        this.deps.logger.info({ bookingId: job.bookingId, driverId: job.driverId }, 'job offer expired: back to staff');
        expired++;
      }
    }
    return expired;
  }

  private async respond(driverId: string, bookingId: string, to: 'accepted' | 'returned-to-staff'): Promise<JobView> {
    await this.sweep();
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    if (job.status !== 'offered') throw new ConflictError(job.returnedBecause === 'expired' ? 'The time to answer this job has passed: it went back to the office.' : 'This job has already been answered.');
    const respondedAt = this.deps.clock.now().toISOString();
    const set: Partial<JobDoc> = to === 'accepted' ? { status: 'accepted', respondedAt } : { status: 'returned-to-staff', respondedAt, returnedBecause: 'declined' };
    const accepted =
      to === 'accepted'
        ? outboxEntry(
            TOPICS.jobAccepted,
            await createEvent(
              TOPICS.jobAccepted,
              { bookingId, randomNumber: job.randomNumber, driver: { id: job.driverId, ...job.driverContact }, move: eventMove(job), acceptedAt: respondedAt },
              { producer: 'quote', clock: this.deps.clock, correlationId: bookingId },
            ),
            bookingId,
          )
        : undefined;
    if (!(await this.deps.jobs.transition(bookingId, 'offered', set, accepted))) throw new ConflictError('This job has already been answered.');
    if (accepted) void this.deps.relay?.kick();
    if (to === 'returned-to-staff') await this.deps.slots.release(bookingId);
    return toView({ ...job, ...set } as JobDoc);
  }
}
