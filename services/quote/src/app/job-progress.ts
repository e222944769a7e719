import { JOB_PROGRESS_MSG, TOPICS, type JobProgressStep, type JobView } from '@vanhop/contracts';
import { ConflictError, createEvent, NotFoundError, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { JobDoc, JobRepository } from '../adapters/job-repository.js';
import { progressRefusal } from '../domain/job-progress.js';
import { toView } from './driver-jobs.js';

/**
 * The driver's day of the move: on my way, arrived, done, marked from the portal. Each step is one
 * conditional write on the job (still accepted, still live, still at the step read) carrying its
 * JobProgressed: booking adds the My move line (and on done counts the booking done), notification
 * texts the customer, review asks for a review the next morning.
 */
export class JobProgress {
  constructor(private readonly deps: { jobs: JobRepository; clock: Clock; logger: Logger; relay?: OutboxRelay }) {}

  async mark(driverId: string, bookingId: string, step: JobProgressStep): Promise<JobView> {
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    const now = this.deps.clock.now();
    const from = job.progress ?? null;
    const refusal = progressRefusal({ status: job.status, bookingState: job.bookingState ?? 'active', moveDate: job.move.date, progress: from }, step, now);
    if (refusal) throw new ConflictError(refusal);
    const at = now.toISOString();
    const event = await createEvent(
      TOPICS.jobProgressed,
      {
        bookingId,
        randomNumber: job.randomNumber,
        step,
        at,
        driver: { id: job.driverId, name: job.driverContact.name },
        customer: { name: job.customer.name, phone: job.customer.phone },
        ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
      },
      { producer: 'quote', clock: this.deps.clock, correlationId: bookingId },
    );
    const set: Partial<JobDoc> = { progress: step, progressAt: at };
    if (!(await this.deps.jobs.advanceProgress(bookingId, driverId, from, set, outboxEntry(TOPICS.jobProgressed, event, bookingId)))) {
      throw new ConflictError(JOB_PROGRESS_MSG.changed);
    }
    void this.deps.relay?.kick();
    this.deps.logger.info({ bookingId, driverId, step }, 'driver marked a step of the move');
    return toView({ ...job, ...set });
  }
}
