import {
  AUTOMATIC_FALLBACK,
  CUSTOMER_CHOICE,
  DRIVER_CHOICE_MSG,
  formatPence,
  type InternalFreeDriver,
  type JobReassigned,
  REASSIGN_MSG,
  TOPICS,
  type BookingDraft,
  type JobCandidate,
  type JobReturnReason,
  type JobView,
  type HelpLevel,
  type LatLng,
  type VanSize,
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
import type {
  CandidateRanking,
  DriverDoc,
  DriverPortalAccounts,
  DriverRepository,
  DriverSlots,
  JobDoc,
  JobRepository,
} from '../domain/ports.js';
import { moveWindow } from '@vanhop/contracts';
import { stillCanTake } from '../domain/pick-recheck.js';
import { respondByFor, toView } from './driver-jobs.js';

/** The booked move as a pricing request (the job keeps what the driver needs to know, which is what pricing reads). */
const draftOf = (job: JobDoc): BookingDraft => ({
  addresses: job.move.addresses.map((a, i) => ({
    id: `stop-${i}`,
    location: a.location,
    physicalAddress: a.physicalAddress,
    stair: a.stair,
  })),
  vanSize: job.move.typeofVan as BookingDraft['vanSize'],
  driverHelp: job.move.typeOfWorker as BookingDraft['driverHelp'],
  hour: job.move.totalHour,
  date: job.move.date,
  description: job.move.description,
  email: job.customer.email,
});

/**
 * A new driver cheaper than the booked price: the customer pays no more than their own price (the
 * booking lowers it and refunds the rest), so the job follows, and what is collected on the day
 * comes down by the same difference.
 */
function cheaperDriverMoney(job: JobDoc, pricePence: number): Partial<JobDoc> {
  if (job.bookedTotalPence === undefined || pricePence >= job.bookedTotalPence) return {};
  const lower = job.bookedTotalPence - pricePence;
  return {
    bookedTotalPence: pricePence,
    customerCeilingPence: Math.max(job.customerCeilingPence ?? 0, job.bookedTotalPence),
    ...(job.balancePence !== undefined ? { balancePence: Math.max(0, job.balancePence - lower) } : {}),
  };
}

/**
 * A driver free for the move and their own price for it, with their known charges on the day, and
 * where the move starts as pricing read it (the re-check of the driver's radius measures from it).
 */
type Candidate = JobCandidate & { chargesOnTheDay?: { label: string; amountPence: number }[]; pickup: LatLng };

/**
 * Staff give a job that came back (declined, not answered, or its driver suspended) to another
 * driver: only drivers free for the whole move, priced by the same pricing as a quote; a price above
 * what the customer booked needs staff's confirmation (the customer never pays more). The platform
 * does the same at once when a driver declines or lets the offer lapse, with the free driver
 * cheapest in all (own price and known charges on the day) whose own price is no more than the
 * booked price (`fallback`). The new driver's time is taken before the
 * old driver's is given back, so the booking always holds one.
 */
export class ReassignJob {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      drivers: DriverRepository;
      slots: DriverSlots;
      /** Pricing's ranking of who can take the move (quote); each pick is re-checked against `drivers`. */
      ranking: CandidateRanking;
      clock: Clock;
      logger: Logger;
      responseMinutes: number;
      relay?: OutboxRelay;
      /** Who can answer offers online: the automatic hand-on skips the others, staff confirm them. */
      accounts: DriverPortalAccounts;
    },
  ) {}

  async candidates(bookingId: string): Promise<JobCandidate[]> {
    return (await this.candidatesFor(await this.reassignable(bookingId))).map(
      ({ chargesOnTheDay: _, pickup: __, ...c }) => c,
    );
  }

  /**
   * Staff give the job to another driver: one back with the office, or one still offered to or
   * accepted by its driver (who is told, and whose time is freed), while the move has not started.
   */
  async reassign(
    bookingId: string,
    driverId: string,
    acceptDifference: boolean,
    by: string,
    confirmNoAccount = false,
  ): Promise<JobView> {
    const job = await this.reassignable(bookingId);
    if (driverId === job.driverId || job.previousDriverIds?.includes(driverId))
      throw new ConflictError(REASSIGN_MSG.sameDriver);
    const candidate = (await this.candidatesFor(job)).find((c) => c.driverId === driverId);
    if (!candidate) throw new ConflictError(REASSIGN_MSG.notFree);
    if (candidate.overBookedPence > 0 && !acceptDifference) {
      throw new ConflictError(
        REASSIGN_MSG.overBooked(candidate.name, formatPence(candidate.pricePence), formatPence(candidate.bookedPence)),
      );
    }
    if (!candidate.portalAccount && !confirmNoAccount) throw new ConflictError(REASSIGN_MSG.noAccount(candidate.name));
    const moved = await this.handOver(job, candidate, { by, from: job.status, staff: true });
    if (moved === 'not-free') throw new ConflictError(REASSIGN_MSG.notFree);
    if (!moved) throw new ConflictError(REASSIGN_MSG.changed);
    this.deps.logger.info({ bookingId, from: job.driverId, to: driverId, by }, 'job reassigned');
    return moved;
  }

  /**
   * The drivers a customer may choose after their driver changed: free for the whole move, able to
   * answer online, not one who gave this move back, each with their own price, the booking's price
   * and their charges on the day. Ordered by what the customer would pay with each: never more than
   * the booked price (the office bears a dearer driver's difference) plus the charges on the day, so
   * a driver dearer in all but above the booked price anyway may come first; ties keep the offers' order.
   */
  async freeForCustomer(bookingId: string): Promise<InternalFreeDriver[]> {
    const job = await this.customerChoosable(bookingId);
    const customerPays = (c: {
      pricePence: number;
      bookedPence: number;
      chargesOnTheDay?: { amountPence: number }[];
    }) => Math.min(c.pricePence, c.bookedPence) + (c.chargesOnTheDay ?? []).reduce((sum, x) => sum + x.amountPence, 0);
    return (await this.candidatesFor(job))
      .filter((c) => c.portalAccount)
      .sort((a, b) => customerPays(a) - customerPays(b))
      .map((c) => ({
        driverId: c.driverId,
        name: c.name,
        pricePence: c.pricePence,
        bookedPence: c.bookedPence,
        chargesOnTheDay: c.chargesOnTheDay ?? [],
      }));
  }

  /**
   * The customer chose another free driver on My move: the job is offered to them as on a staff
   * reassignment (their time held first, the previous driver told and freed). A dearer driver costs
   * the customer nothing more: the office bears the difference. Answers the JobReassigned payload so
   * the booking can name the driver at once (the event's later delivery then changes nothing).
   */
  async chooseForCustomer(bookingId: string, driverId: string): Promise<JobReassigned> {
    const job = await this.customerChoosable(bookingId);
    if (driverId === job.driverId || job.previousDriverIds?.includes(driverId))
      throw new ConflictError(DRIVER_CHOICE_MSG.sameDriver);
    const candidate = (await this.candidatesFor(job)).find((c) => c.driverId === driverId && c.portalAccount);
    if (!candidate) throw new ConflictError(DRIVER_CHOICE_MSG.notFree);
    let payload: JobReassigned | undefined;
    const moved = await this.handOver(job, candidate, {
      by: CUSTOMER_CHOICE,
      from: job.status,
      tellPrevious: true,
      onReassigned: (p) => {
        payload = p;
      },
    });
    if (moved === 'not-free') throw new ConflictError(DRIVER_CHOICE_MSG.notFree);
    if (!moved || !payload) throw new ConflictError(REASSIGN_MSG.changed);
    this.deps.logger.info({ bookingId, from: job.driverId, to: driverId }, 'customer chose another driver');
    return payload;
  }

  /** A job the customer may give to another driver: with a driver (offered or accepted), live, not started. */
  private async customerChoosable(bookingId: string): Promise<JobDoc> {
    const job = await this.reassignable(bookingId);
    if (job.status === 'returned-to-staff' || job.bookingState === 'postponed')
      throw new ConflictError(DRIVER_CHOICE_MSG.closed);
    if (!(Date.parse(job.move.date) > this.deps.clock.now().getTime())) throw new ConflictError(REASSIGN_MSG.started);
    return job;
  }

  /**
   * A driver declined an offer, let it lapse, or was suspended (their job offered or accepted): the
   * job is offered at once to the other driver free for the whole move who is cheapest in all the
   * customer pays (own price and known charges on the day) and whose own price is no more than the
   * customer booked, trying the next when one is taken meanwhile. Null when none can take it (the
   * job then goes back to the office). The write is conditional on the job still being as read (an
   * offer: that very offer), so a late answer, the sweep and a suspension cannot both move it.
   */
  async fallback(
    job: JobDoc,
    because: Extract<JobReturnReason, 'declined' | 'expired' | 'suspended'>,
    at: string,
  ): Promise<JobView | null> {
    // A move already under way is the office's to sort out with the customer.
    if (!(Date.parse(job.move.date) > this.deps.clock.now().getTime())) return null;
    let candidates: Candidate[];
    try {
      candidates = await this.candidatesFor(job);
    } catch (err) {
      // A move the pricing cannot read any more (a place no longer geocoded...) goes to the office: never fail the answer or the read that swept it.
      if (!(err instanceof ValidationError)) throw err;
      this.deps.logger.warn(
        { bookingId: job.bookingId, err: err.message },
        'no automatic fallback: the move cannot be priced',
      );
      return null;
    }
    // Up to what the customer first booked: a price lowered to a cheaper driver's who then gave it
    // up does not send the job to the office; the customer keeps paying the lower price (the office
    // bears the rest). Only drivers who can answer online: one without a portal account would just
    // let the offer lapse.
    const ceiling = Math.max(job.customerCeilingPence ?? 0, job.bookedTotalPence ?? 0);
    const affordable = candidates.filter((c) => c.pricePence <= ceiling && c.portalAccount);
    for (const candidate of affordable) {
      const moved = await this.handOver(job, candidate, {
        by: AUTOMATIC_FALLBACK,
        because,
        from: job.status,
        respondedAt: at,
      });
      if (moved === 'not-free') continue;
      if (!moved) return null;
      this.deps.logger.info(
        { bookingId: job.bookingId, from: job.driverId, to: candidate.driverId, because },
        'job offered to the next free driver',
      );
      return moved;
    }
    return null;
  }

  private async candidatesFor(job: JobDoc): Promise<Candidate[]> {
    // Every driver who can take it, not only the page of offers a customer is shown, cheapest in
    // all the customer pays first (the quote's own rule: own price and known charges on the day),
    // so the hand-on, staff's picker and the customer's list agree with the offers' order.
    const { pickup, candidates } = await this.deps.ranking.rank(draftOf(job));
    const booked = job.bookedTotalPence ?? 0;
    const gaveBack = new Set([job.driverId, ...(job.previousDriverIds ?? [])]);
    const free = candidates.filter((c) => !gaveBack.has(c.driverId));
    const withAccount = await this.deps.accounts.withAccount(free.map((c) => c.driverId));
    return free.map((c) => ({
      driverId: c.driverId,
      name: c.name,
      pricePence: c.totalPence,
      bookedPence: booked,
      overBookedPence: Math.max(0, c.totalPence - booked),
      portalAccount: withAccount.has(c.driverId),
      chargesOnTheDay: c.chargesOnTheDay,
      pickup,
    }));
  }

  /**
   * Moves the job to `candidate`: their time first ('not-free' when taken meanwhile: nothing
   * changed), then the job, conditional on it still being in `from` under the driver read (false
   * when it is not: two staff, or a staff member and the sweep, cannot both move it), and only then
   * the old driver's time back.
   */
  private async handOver(
    job: JobDoc,
    candidate: Candidate,
    how: {
      by: string;
      from: JobDoc['status'];
      because?: JobReturnReason;
      respondedAt?: string;
      staff?: boolean;
      /** The driver the job is taken from is told their time is free (as on a staff reassignment). */
      tellPrevious?: boolean;
      /** Sees the JobReassigned payload written with the change. */
      onReassigned?: (payload: JobReassigned) => void;
    },
  ): Promise<JobView | false | 'not-free'> {
    const { bookingId } = job;
    const driver = await this.holdIfStillFree(job, candidate);
    if (driver === 'not-free') return 'not-free';

    const now = this.deps.clock.now();
    const at = now.toISOString();
    const respondBy = respondByFor(now, this.deps.responseMinutes, job.move.date);
    const contact = { name: driver.name, email: driver.email, phone: driver.phone };
    const set: Partial<JobDoc> = {
      driverId: candidate.driverId,
      driverContact: contact,
      status: 'offered',
      offeredAt: at,
      respondBy,
      respondedAt: null,
      returnedBecause: null,
      previousDriverIds: [...(job.previousDriverIds ?? []), job.driverId],
      ...cheaperDriverMoney(job, candidate.pricePence),
    };
    const meta = { producer: 'fleet', clock: this.deps.clock, correlationId: bookingId };
    const reassigned = await createEvent(
      TOPICS.jobReassigned,
      {
        bookingId,
        randomNumber: job.randomNumber,
        driver: { id: candidate.driverId, ...contact },
        previousDriverId: job.driverId,
        // Staff took it from a driver who still has it: they are told their time is free.
        ...((how.staff || how.tellPrevious) && job.status !== 'returned-to-staff'
          ? {
              previousDriver: {
                name: job.driverContact.name,
                email: job.driverContact.email,
                ...(job.driverContact.phone ? { phone: job.driverContact.phone } : {}),
                had: job.status,
              },
            }
          : {}),
        customer: {
          name: job.customer.name,
          email: job.customer.email,
          ...(job.customer.phone ? { phone: job.customer.phone } : {}),
        },
        ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
        move: { ...job.move },
        driverPricePence: candidate.pricePence,
        ...(job.bookedTotalPence !== undefined ? { bookedPence: job.bookedTotalPence } : {}),
        ...(candidate.chargesOnTheDay ? { chargesOnTheDay: candidate.chargesOnTheDay } : {}),
        // Only a staff reassignment confirmed above the booked price gets here with a difference: the office pays it.
        ...(candidate.overBookedPence > 0 ? { officeBearsPence: candidate.overBookedPence } : {}),
        reassignedBy: how.by,
        ...(how.because ? { because: how.because } : {}),
        at,
      },
      meta,
    );
    const offered = await createEvent(
      TOPICS.jobOffered,
      {
        bookingId,
        randomNumber: job.randomNumber,
        driver: { id: candidate.driverId, ...contact },
        move: { ...job.move },
        respondBy,
      },
      meta,
    );
    const changed = await this.deps.jobs.reassign(
      bookingId,
      job.driverId,
      how.from,
      set,
      [outboxEntry(TOPICS.jobReassigned, reassigned, bookingId), outboxEntry(TOPICS.jobOffered, offered, bookingId)],
      // An offer moves on only while it is still the offer read (a sweep on another replica may have moved it).
      how.from === 'offered' ? job : undefined,
    );
    if (!changed) {
      // The hold is idempotent per booking: when another replica gave the job to this same driver
      // meanwhile, the time just held is theirs, and must stay.
      if ((await this.deps.jobs.findById(bookingId))?.driverId !== candidate.driverId)
        await this.deps.slots.releaseDriver(bookingId, candidate.driverId);
      return false;
    }
    await this.deps.slots.releaseDriver(bookingId, job.driverId);
    how.onReassigned?.(reassigned.data);
    void this.deps.relay?.kick([reassigned.eventId, offered.eventId]);
    return toView({ ...job, ...set } as JobDoc);
  }

  /**
   * The candidate's time held for the job, when they can still take it by the drivers as stored:
   * pricing ranked from its copy of the drivers, which may not have seen a suspension or a change
   * yet; then the hold decides who is free (the unique slot index). 'not-free' when either refuses.
   */
  private async holdIfStillFree(job: JobDoc, candidate: Candidate): Promise<DriverDoc | 'not-free'> {
    const driver = await this.deps.drivers.findById(candidate.driverId);
    if (!driver) return 'not-free';
    const window = moveWindow(new Date(job.move.date), job.move.totalHour, driver.card.minimumHours);
    const move = {
      vanSize: job.move.typeofVan as VanSize,
      helpLevel: job.move.typeOfWorker as HelpLevel,
      pickup: candidate.pickup,
      window,
    };
    if (!stillCanTake(driver, move, this.deps.clock.now())) return 'not-free';
    try {
      await this.deps.slots.hold(candidate.driverId, job.bookingId, window, null);
    } catch (err) {
      if (err instanceof ConflictError) return 'not-free';
      throw err;
    }
    return driver;
  }

  /**
   * A job staff may give to another driver: not cancelled; a returned one at any time (as before);
   * an offered or accepted one while its booking is live and the move has not started.
   */
  private async reassignable(bookingId: string): Promise<JobDoc> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) throw new NotFoundError('No such job');
    if (job.bookingState === 'cancelled') throw new ConflictError(REASSIGN_MSG.cancelled);
    if (job.status === 'returned-to-staff') return job;
    if (job.bookingState === 'postponed') throw new ConflictError(REASSIGN_MSG.postponed);
    if (!(Date.parse(job.move.date) > this.deps.clock.now().getTime())) throw new ConflictError(REASSIGN_MSG.started);
    return job;
  }
}
