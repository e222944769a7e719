import { callWindow, JOB_CALL_MSG, type JobCallResponse } from '@vanhop/contracts';
import { ConflictError, NotFoundError, UpstreamError, type Clock, type Logger, type Telephony } from '@vanhop/platform';
import type { DriverRepository, JobRepository } from '../domain/ports.js';
import { callRefusal } from '../domain/job-call.js';

/**
 * The card's "Call customer": a masked session between the driver's and the customer's phones,
 * answered with the provider's proxy number only, so neither learns the other's number. Without a
 * provider the answer is the stand-in's words (nothing dialled, nothing shared).
 */
export class JobCall {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      drivers: DriverRepository;
      clock: Clock;
      logger: Logger;
      telephony?: Telephony;
    },
  ) {}

  async call(driverId: string, bookingId: string): Promise<JobCallResponse> {
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    const now = this.deps.clock.now();
    const refusal = callRefusal(
      { status: job.status, bookingState: job.bookingState ?? 'active', moveDate: job.move.date },
      now,
    );
    if (refusal) throw new ConflictError(refusal);
    if (!this.deps.telephony) return { connected: false, message: JOB_CALL_MSG.standIn };
    // Jobs stored before the driver's phone rode on them read it from the driver.
    const driverPhone = job.driverContact.phone ?? (await this.deps.drivers.findById(driverId))?.phone;
    if (!driverPhone) throw new ConflictError(JOB_CALL_MSG.noDriverPhone);
    const expiresAt = callWindow(job.move.date)!.closes.toISOString();
    try {
      const { proxyNumber } = await this.deps.telephony.maskedCall({
        reference: bookingId,
        caller: driverPhone,
        callee: job.customer.phone,
        expiresAt,
      });
      this.deps.logger.info({ bookingId, driverId }, 'masked call set up for the driver');
      return { connected: true, dial: proxyNumber, expiresAt };
    } catch (err) {
      this.deps.logger.warn({ bookingId, err: String(err) }, 'telephony provider failed');
      throw new UpstreamError(JOB_CALL_MSG.providerDown);
    }
  }
}
