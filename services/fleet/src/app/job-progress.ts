import {
  DAY_SETTLEMENT_MSG,
  formatPence,
  JOB_PROGRESS_MSG,
  JOB_PROOF_MSG,
  TOPICS,
  type JobProgressStep,
  type JobProofView,
  type DayExtras,
  type DaySettlement,
  type JobView,
  type MoveTimes,
} from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  NotFoundError,
  outboxEntry,
  ValidationError,
  type Clock,
  type Logger,
  type OutboxRelay,
} from '@vanhop/platform';
import type { JobDoc, JobProofRepository, JobRepository } from '../domain/ports.js';
import { progressRefusal } from '../domain/job-progress.js';
import { proofProblems, type DoneProof } from '../domain/job-done-proof.js';
import { toView } from './driver-jobs.js';

/** What the driver records of the day at "done" beside the proof: what was collected, and the actual times. */
export interface DayAtDone {
  collected?: DaySettlement;
  /** Overtime and extras the customer agreed (their consent already checked by the wire schema). */
  extras?: DayExtras;
  times?: MoveTimes;
}

/**
 * What was collected on the day, checked against what the customer owed: required when there was
 * anything to collect (a 400 naming `collected.method`), never more than that (naming
 * `collected.amountPence`). A job with nothing to collect records that nothing was collected.
 */
function settlementOf(
  job: JobDoc,
  collected: DaySettlement | undefined,
  extrasPence: number,
): DaySettlement | undefined {
  // Extras agreed on the day are owed on top of what was left of the booked price.
  const owed = job.balancePence === undefined ? undefined : job.balancePence + extrasPence;
  if (!collected) {
    if (owed !== undefined && owed > 0)
      throw new ValidationError(DAY_SETTLEMENT_MSG.methodRequired, {
        'collected.method': DAY_SETTLEMENT_MSG.methodRequired,
      });
    // Nothing was owed: the record says so, so money given back later is never read as cash on the day.
    return owed === 0 ? { method: 'none', amountPence: 0 } : undefined;
  }
  if (owed !== undefined && collected.amountPence > owed) {
    const message = DAY_SETTLEMENT_MSG.moreThanOwed(formatPence(owed));
    throw new ValidationError(message, { 'collected.amountPence': message });
  }
  return { method: collected.method, amountPence: collected.method === 'none' ? 0 : collected.amountPence };
}

/**
 * The driver's day of the move: on my way, arrived, done, marked from the portal. Each step is one
 * conditional write on the job (still accepted, still live, still at the step read) carrying its
 * JobProgressed: booking adds the My move line (and on done counts the booking done), notification
 * texts the customer, review asks for a review the next morning. "Done" comes with its proof (photos
 * of the load, the customer's signature), saved first: a refused "done" leaves a proof that the
 * next attempt replaces, and staff see it only once the job is done.
 */
export class JobProgress {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      proofs: JobProofRepository;
      clock: Clock;
      logger: Logger;
      relay?: OutboxRelay;
      /** The van has reached the pickup (or finished): its live position is dropped (VanLocation.forget). */
      offTheRoad?: (bookingId: string) => Promise<void>;
    },
  ) {}

  async mark(
    driverId: string,
    bookingId: string,
    step: JobProgressStep,
    proof?: DoneProof,
    day: DayAtDone = {},
  ): Promise<JobView> {
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    const now = this.deps.clock.now();
    const from = job.progress ?? null;
    const refusal = progressRefusal(
      { status: job.status, bookingState: job.bookingState ?? 'active', moveDate: job.move.date, progress: from },
      step,
      now,
    );
    if (refusal) throw new ConflictError(refusal);
    const at = now.toISOString();
    const signedFor = step === 'done' ? await this.saveProof(driverId, bookingId, proof, at) : undefined;
    const extras = step === 'done' && day.extras && day.extras.amountPence > 0 ? day.extras : undefined;
    const collected = step === 'done' ? settlementOf(job, day.collected, extras?.amountPence ?? 0) : undefined;
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
        ...(signedFor ? { signedFor } : {}),
        ...(collected ? { collected } : {}),
        ...(extras ? { extras: { amountPence: extras.amountPence, reason: extras.reason } } : {}),
        ...(step === 'done' && day.times && (day.times.startedAt || day.times.finishedAt) ? { times: day.times } : {}),
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: bookingId },
    );
    const set: Partial<JobDoc> = {
      progress: step,
      progressAt: at,
      ...(signedFor ? { signedFor } : {}),
      ...(collected ? { collected } : {}),
      // The card's cash to collect is what is left once the day's money (and any extra) is counted.
      ...(collected && job.balancePence !== undefined
        ? {
            balancePence: Math.max(0, job.balancePence + (extras?.amountPence ?? 0) - collected.amountPence),
          }
        : {}),
    };
    if (
      !(await this.deps.jobs.advanceProgress(
        bookingId,
        driverId,
        from,
        set,
        outboxEntry(TOPICS.jobProgressed, event, bookingId),
      ))
    ) {
      throw new ConflictError(JOB_PROGRESS_MSG.changed);
    }
    void this.deps.relay?.kick([event.eventId]);
    if (step !== 'on-my-way') await this.forgetVan(bookingId);
    this.deps.logger.info({ bookingId, driverId, step }, 'driver marked a step of the move');
    return toView({ ...job, ...set });
  }

  /** The position is not kept after arrival; a cache that fails here still expires it shortly. */
  private async forgetVan(bookingId: string): Promise<void> {
    try {
      await this.deps.offTheRoad?.(bookingId);
    } catch (err) {
      this.deps.logger.warn({ bookingId, err: String(err) }, 'van position not dropped at arrival');
    }
  }

  /** Staff: the photos and signature given with "done" (none before the job is done). */
  async proof(bookingId: string): Promise<JobProofView> {
    const job = await this.deps.jobs.findById(bookingId);
    const proof = job?.progress === 'done' ? await this.deps.proofs.findById(bookingId) : null;
    if (!proof) throw new NotFoundError('No proof of delivery for that job');
    return {
      bookingId,
      driverId: proof.driverId,
      signedFor: proof.signedFor,
      photos: proof.photos,
      signature: proof.signature,
    };
  }

  private async saveProof(driverId: string, bookingId: string, proof: DoneProof | undefined, at: string) {
    if (!proof)
      throw new ValidationError(JOB_PROOF_MSG.photosRequired, {
        photos: JOB_PROOF_MSG.photosRequired,
        signature: JOB_PROOF_MSG.signatureRequired,
      });
    const problems = proofProblems(proof);
    if (problems) throw new ValidationError(Object.values(problems)[0]!, problems);
    const signedFor = { name: proof.signedBy, at };
    await this.deps.proofs.save({
      _id: bookingId,
      driverId,
      photos: proof.photos,
      signature: proof.signature,
      signedFor,
    });
    return signedFor;
  }
}
