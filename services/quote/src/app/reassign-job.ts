import { formatPence, REASSIGN_MSG, TOPICS, type BookingDraft, type JobCandidate, type JobView } from '@vanhop/contracts';
import { ConflictError, createEvent, NotFoundError, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { DriverRepository } from '../adapters/driver-repository.js';
import type { DriverSlots } from '../adapters/driver-slots.js';
import type { JobDoc, JobRepository } from '../adapters/job-repository.js';
import { moveWindow } from '../domain/availability.js';
import type { PriceMove } from './price-move.js';
import { respondByFor, toView } from './driver-jobs.js';

/** The booked move as a pricing request (the job keeps what the driver needs to know, which is what pricing reads). */
const draftOf = (job: JobDoc): BookingDraft => ({
  addresses: job.move.addresses.map((a, i) => ({ id: `stop-${i}`, location: a.location, physicalAddress: a.physicalAddress, stair: a.stair })),
  vanSize: job.move.typeofVan as BookingDraft['vanSize'],
  driverHelp: job.move.typeOfWorker as BookingDraft['driverHelp'],
  hour: job.move.totalHour,
  date: job.move.date,
  description: job.move.description,
  email: job.customer.email,
});

/**
 * Staff give a job that came back (declined, not answered, or its driver suspended) to another
 * driver: only drivers free for the whole move, priced by the same pricing as a quote; a price above
 * what the customer booked needs staff's confirmation (the customer never pays more). The new
 * driver's time is taken before the old driver's is given back, so the booking always holds one.
 */
export class ReassignJob {
  constructor(
    private readonly deps: { jobs: JobRepository; drivers: DriverRepository; slots: DriverSlots; priceMove: PriceMove; clock: Clock; logger: Logger; responseMinutes: number; relay?: OutboxRelay },
  ) {}

  async candidates(bookingId: string): Promise<JobCandidate[]> {
    const job = await this.reassignable(bookingId);
    const priced = await this.deps.priceMove.run(draftOf(job), { checkBusy: true });
    const booked = job.bookedTotalPence ?? 0;
    const gaveBack = new Set([job.driverId, ...(job.previousDriverIds ?? [])]);
    return priced.offers
      .filter((o) => !gaveBack.has(o.driverId))
      .map((o) => {
        const pricePence = Math.round(o.totalPrice * 100);
        return { driverId: o.driverId, name: o.driverName, pricePence, bookedPence: booked, overBookedPence: Math.max(0, pricePence - booked) };
      })
      .sort((a, b) => a.pricePence - b.pricePence);
  }

  async reassign(bookingId: string, driverId: string, acceptDifference: boolean, by: string): Promise<JobView> {
    const job = await this.reassignable(bookingId);
    if (driverId === job.driverId || job.previousDriverIds?.includes(driverId)) throw new ConflictError(REASSIGN_MSG.sameDriver);
    const candidate = (await this.candidates(bookingId)).find((c) => c.driverId === driverId);
    const driver = await this.deps.drivers.findById(driverId);
    if (!candidate || !driver) throw new ConflictError(REASSIGN_MSG.notFree);
    if (candidate.overBookedPence > 0 && !acceptDifference) {
      throw new ConflictError(REASSIGN_MSG.overBooked(driver.name, formatPence(candidate.pricePence), formatPence(candidate.bookedPence)));
    }

    // The new driver's time first (409 when taken meanwhile: nothing changed), then the old driver's back.
    const window = moveWindow(new Date(job.move.date), job.move.totalHour, driver.card.minimumHours);
    await this.deps.slots.hold(driverId, bookingId, window, null);
    await this.deps.slots.releaseDriver(bookingId, job.driverId);

    const now = this.deps.clock.now();
    const at = now.toISOString();
    const respondBy = respondByFor(now, this.deps.responseMinutes, job.move.date);
    const contact = { name: driver.name, email: driver.email };
    const set: Partial<JobDoc> = {
      driverId,
      driverContact: contact,
      status: 'offered',
      offeredAt: at,
      respondBy,
      respondedAt: null,
      returnedBecause: null,
      previousDriverIds: [...(job.previousDriverIds ?? []), job.driverId],
    };
    const meta = { producer: 'quote', clock: this.deps.clock, correlationId: bookingId };
    const reassigned = await createEvent(
      TOPICS.jobReassigned,
      {
        bookingId,
        randomNumber: job.randomNumber,
        driver: { id: driverId, ...contact, phone: driver.phone },
        previousDriverId: job.driverId,
        customer: { name: job.customer.name, email: job.customer.email },
        ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
        move: { ...job.move },
        driverPricePence: candidate.pricePence,
        reassignedBy: by,
        at,
      },
      meta,
    );
    const offered = await createEvent(TOPICS.jobOffered, { bookingId, randomNumber: job.randomNumber, driver: { id: driverId, ...contact }, move: { ...job.move }, respondBy }, meta);
    // Conditional on the job still being back with the office under the driver read: two staff cannot both reassign it.
    const changed = await this.deps.jobs.reassign(bookingId, job.driverId, set, [outboxEntry(TOPICS.jobReassigned, reassigned, bookingId), outboxEntry(TOPICS.jobOffered, offered, bookingId)]);
    if (!changed) {
      await this.deps.slots.releaseDriver(bookingId, driverId);
      throw new ConflictError(REASSIGN_MSG.notReturned);
    }
    void this.deps.relay?.kick();
    this.deps.logger.info({ bookingId, from: job.driverId, to: driverId, by }, 'job reassigned');
    return toView({ ...job, ...set } as JobDoc);
  }

  private async reassignable(bookingId: string): Promise<JobDoc> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) throw new NotFoundError('No such job');
    if (job.bookingState === 'cancelled') throw new ConflictError(REASSIGN_MSG.cancelled);
    if (job.status !== 'returned-to-staff') throw new ConflictError(REASSIGN_MSG.notReturned);
    return job;
  }
}
