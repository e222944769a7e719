import {
  JOB_CLOSED_MSG,
  jobStateText,
  londonClock,
  progressOpensAt,
  STAFF_LEGACY_LIST_MAX,
  TOPICS,
  type BookingConfirmed,
  type DriverJobsResponse,
  type JobReturnReason,
  type JobView,
} from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  NotFoundError,
  outboxEntry,
  type Clock,
  type Logger,
  type OutboxRelay,
} from '@vanhop/platform';
import { availabilityCovers, moveWindow } from '@vanhop/contracts';
import { offerDeadline } from '../domain/offer-deadline.js';
import type { DriverRepository, DriverSlots, JobDoc, JobRepository } from '../domain/ports.js';
import type { UnconfirmedAlerts } from './unconfirmed-alerts.js';

/**
 * A job as shown: its state in words, the customer's details only while the move is on, and the
 * money the driver needs on the day (the price, and what is left to collect) when it is known.
 */
/** Hands a declined, lapsed or suspended driver's job to the next free driver (ReassignJob does); null when none. */
export interface NextDriverFallback {
  fallback(
    job: JobDoc,
    because: Extract<JobReturnReason, 'declined' | 'expired' | 'suspended'>,
    at: string,
  ): Promise<JobView | null>;
}

export const toView = (
  {
    _id,
    outbox,
    driverContact,
    bookedTotalPence,
    balancePence,
    myMovePath,
    previousDriverIds,
    remindedFor,
    remindedAt,
    reconfirm,
    unconfirmedAlertFor,
    customerCeilingPence,
    ...job
  }: JobDoc,
  options: { callsMasked?: boolean } = {},
): JobView => {
  const bookingState = job.bookingState ?? 'active';
  const reconfirming = isReconfirming({ ...job, reconfirm });
  return {
    ...job,
    bookingState,
    reconfirming,
    // Contact only once the driver accepted (the customer is told so); the name while the move is on.
    // Where calls are relayed, the number stays with VanHop: the card's Call button rings through.
    customer:
      bookingState === 'active' && job.status === 'accepted'
        ? { ...job.customer, phone: options.callsMasked ? null : job.customer.phone }
        : null,
    customerName: bookingState === 'active' ? job.customer.name : null,
    stateText: jobStateText({ ...job, bookingState, reconfirming }),
    ...(bookedTotalPence !== undefined ? { pricePence: bookedTotalPence } : {}),
    ...(balancePence !== undefined ? { cashToCollectPence: balancePence } : {}),
    // The day of the move: from when "On my way" may be marked (the portal shows the buttons then).
    ...(Number.isNaN(Date.parse(job.move.date))
      ? {}
      : { progressOpensAt: progressOpensAt(job.move.date).toISOString() }),
  };
};
/** The standing offer asks its driver to confirm a new time (see JobDoc.reconfirm). */
export const isReconfirming = (j: Pick<JobDoc, 'status' | 'driverId' | 'offeredAt' | 'reconfirm'>): boolean =>
  j.status === 'offered' &&
  !!j.reconfirm &&
  j.reconfirm.driverId === j.driverId &&
  j.reconfirm.offeredAt === j.offeredAt;
const eventMove = (j: JobDoc) => ({ ...j.move });
type EventMove = BookingConfirmed['move'];
export const jobMove = (m: EventMove): JobDoc['move'] => ({
  date: m.date,
  totalHour: m.totalHour,
  addresses: m.addresses.map((a) => ({
    location: a.location,
    physicalAddress: a.physicalAddress ?? '',
    stair: a.stair ?? 0,
  })),
  typeofVan: m.typeofVan,
  typeOfWorker: m.typeOfWorker,
  description: m.description ?? '',
  ...(m.items && m.items.length > 0
    ? { items: m.items.map((l) => ({ id: l.id, count: l.count, ...(l.name ? { name: l.name } : {}) })) }
    : {}),
});
const londonDay = (d: Date) => {
  const c = londonClock(d);
  return `${c.year}-${c.month}-${c.day}`;
};

/**
 * The JobReturned of a job going back to the office, for the outbox of the job's own write: the
 * booking service marks the booking needing a driver and the office is mailed, whatever the reason.
 */
export async function jobReturnedEntry(job: JobDoc, because: JobReturnReason, at: string, clock: Clock) {
  const e = await createEvent(
    TOPICS.jobReturned,
    {
      bookingId: job.bookingId,
      randomNumber: job.randomNumber,
      driver: { id: job.driverId, name: job.driverContact.name, email: job.driverContact.email },
      move: eventMove(job),
      because,
      at,
      // The customer is told nobody could take it at once, and what they may choose.
      customer: {
        name: job.customer.name,
        email: job.customer.email,
        ...(job.customer.phone ? { phone: job.customer.phone } : {}),
      },
      ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
    },
    { producer: 'fleet', clock, correlationId: job.bookingId },
  );
  return outboxEntry(TOPICS.jobReturned, e, job.bookingId);
}

/**
 * The offer's deadline: JOB_RESPONSE_MINUTES from now, shrunk as the move comes closer
 * (domain/offer-deadline.ts): a move booked for this afternoon cannot wait two hours for its
 * driver's answer.
 */
export function respondByFor(now: Date, responseMinutes: number, moveDate: string): string {
  return offerDeadline(now, responseMinutes, moveDate).toISOString();
}

/** Why a job cannot be answered any more (409), by why it went back (an accepted job counts as answered). */
const NOT_OFFERED_MSG: Record<JobReturnReason, string> = {
  declined: 'This job has already been answered.',
  expired: 'The time to answer this job has passed: it went back to the office.',
  suspended: 'This job went back to the office while your account was suspended.',
  'not-free': 'This job went back to the office: you are booked for another move at that time.',
};

/**
 * Jobs: a paid booking offered to its driver, who accepts or declines within
 * JOB_RESPONSE_MINUTES. A declined or unanswered job is offered at once to the next driver free at
 * no more than the booked price; when there is none it goes back to staff, and the driver's time
 * stays taken while the booking names them (a reassignment or a cancellation frees it).
 */
/** How many past jobs the driver's own list shows, latest first. */
export const DRIVER_PAST_JOBS_SHOWN = 50;

export class DriverJobs {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      slots: DriverSlots;
      clock: Clock;
      logger: Logger;
      responseMinutes: number;
      relay?: OutboxRelay;
      /** Whether the booked driver is still active (a suspended driver is offered nothing). */
      drivers?: Pick<DriverRepository, 'findById'>;
      /** A telephony provider relays calls: drivers get no customer phone number (toView, JobAccepted). */
      callsMasked?: boolean;
      /** Offers a declined or lapsed job to the next free driver at once (see ReassignJob.fallback); without it the job goes back to the office. */
      fallback?: NextDriverFallback;
      /** Alerts the office about moves within hours with no accepted driver (run after each sweep). */
      unconfirmed?: Pick<UnconfirmedAlerts, 'sweep'>;
    },
  ) {}

  /**
   * BookingConfirmed → the job, offered to the booked driver (nothing for a booking without one).
   * A checkout can hold a driver just before staff suspend them: that job goes straight back to
   * the office, as the driver's other upcoming jobs did at the suspension.
   */
  /**
   * `holdsTime` false: the booking holds none of its driver's time (BookedDriverTime.confirmed), so
   * the job goes to the office, not to a driver who is booked elsewhere then.
   */
  async offer(b: BookingConfirmed, holdsTime = true): Promise<JobView | null> {
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
      move: jobMove(b.move),
      bookingState: 'active',
      customer: { name: b.customer.name, email: b.customer.email, phone: b.customer.phone },
      driverContact: { name: b.driver.name, email: b.driver.email, phone: b.driver.phone },
      bookedTotalPence: b.totalPricePence,
      balancePence: b.outstandingBalancePence,
      ...(b.myMovePath ? { myMovePath: b.myMovePath } : {}),
    };
    const driver = await this.deps.drivers?.findById(job.driverId);
    const notOffered: JobReturnReason | null = driver && !driver.active ? 'suspended' : holdsTime ? null : 'not-free';
    if (notOffered) {
      Object.assign(job, { status: 'returned-to-staff', returnedBecause: notOffered } satisfies Partial<JobDoc>);
      job.outbox = [await jobReturnedEntry(job, notOffered, now.toISOString(), this.deps.clock)];
    } else {
      const offered = await createEvent(
        TOPICS.jobOffered,
        {
          bookingId: job.bookingId,
          randomNumber: job.randomNumber,
          driver: { id: job.driverId, ...job.driverContact },
          move: eventMove(job),
          respondBy: job.respondBy,
        },
        { producer: 'fleet', clock: this.deps.clock, correlationId: job.bookingId },
      );
      job.outbox = [outboxEntry(TOPICS.jobOffered, offered, job.bookingId)];
    }
    if (!(await this.deps.jobs.insert(job))) return null;
    void this.deps.relay?.kick(job.outbox.map((e) => e.eventId));
    return toView(job);
  }

  /**
   * The driver's jobs by the London day of the move: upcoming (soonest first), today, past (latest
   * first, the last DRIVER_PAST_JOBS_SHOWN only: a year's work would otherwise all come back each time
   * the portal loads; their earnings are read by the week).
   */
  async forDriver(driverId: string): Promise<DriverJobsResponse> {
    await this.sweep();
    const now = this.deps.clock.now();
    const today = londonDay(now);
    // Two days back covers today's London day whatever the clocks say; older ones are read latest first.
    const since = new Date(now.getTime() - 2 * 86_400_000).toISOString();
    const [recent, older] = await Promise.all([
      this.deps.jobs.forDriverFrom(driverId, since),
      this.deps.jobs.forDriverBefore(driverId, since, DRIVER_PAST_JOBS_SHOWN),
    ]);
    const mine = [...recent, ...older].filter((j) => j.status !== 'returned-to-staff').map((j) => this.view(j));
    mine.sort((a, b) => a.move.date.localeCompare(b.move.date));
    const day = (j: JobView) => londonDay(new Date(j.move.date));
    return {
      upcoming: mine.filter((j) => day(j) !== today && j.move.date > now.toISOString()),
      today: mine.filter((j) => day(j) === today),
      past: mine
        .filter((j) => day(j) !== today && j.move.date <= now.toISOString())
        .reverse()
        .slice(0, DRIVER_PAST_JOBS_SHOWN),
    };
  }

  accept(driverId: string, bookingId: string): Promise<JobView> {
    return this.respond(driverId, bookingId, 'accepted');
  }

  decline(driverId: string, bookingId: string): Promise<JobView> {
    return this.respond(driverId, bookingId, 'returned-to-staff');
  }

  /**
   * Jobs waiting for staff: declined or never answered, on bookings not cancelled; the soonest
   * STAFF_LEGACY_LIST_MAX moves (the staff pages read GET /api/drivers/admin/jobs/page).
   */
  async returned(): Promise<JobView[]> {
    await this.sweep();
    return (await this.deps.jobs.returnedPage(null, STAFF_LEGACY_LIST_MAX)).map((j) => toView(j));
  }

  /**
   * Offers past their respond-by time go to the next free driver, else back to staff (the driver's
   * time stays taken: the booking still names them until staff reassign it or it is cancelled).
   * Idempotent; safe on every replica.
   */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    let expired = 0;
    for (const job of await this.deps.jobs.byStatus('offered')) {
      if (job.respondBy > now || (job.bookingState ?? 'active') !== 'active') continue;
      if (await this.deps.fallback?.fallback(job, 'expired', now)) {
        expired++;
        continue;
      }
      // Only this very offer lapses: another replica's sweep may have handed it on meanwhile.
      const returned = await this.returnedEvent(job, 'expired', now);
      if (
        await this.deps.jobs.settleOffer(
          job._id,
          job,
          { status: 'returned-to-staff', returnedBecause: 'expired' },
          returned,
        )
      ) {
        void this.deps.relay?.kick([returned.eventId]);
        this.deps.logger.info(
          { bookingId: job.bookingId, driverId: job.driverId },
          'job offer expired: back to staff, the booking needs a driver',
        );
        expired++;
      }
    }
    await this.deps.unconfirmed?.sweep();
    return expired;
  }

  /** BookingCancelled: the job stays in the driver's list, in words, without the customer's details. */
  async bookingCancelled(bookingId: string, refundPence: number, cancelledBy?: 'customer' | 'staff'): Promise<void> {
    await this.deps.jobs.follow(bookingId, {
      bookingState: 'cancelled',
      refundPence,
      ...(cancelledBy ? { cancelledBy } : {}),
    });
  }

  /** BookingPostponed: no answer is expected until the move has its new date. */
  async bookingPostponed(bookingId: string): Promise<void> {
    await this.deps.jobs.follow(bookingId, { bookingState: 'postponed' });
  }

  /**
   * BalancePaid: the customer paid online what was left (or part of it), so the driver collects
   * that much less on the day. A balance payment settles at most what is owed (the booking service
   * refunds the rest), hence never below nothing.
   */
  async balancePaid(
    bookingId: string,
    amountPence: number,
    totalPricePence: number,
    balanceAfterPence?: number,
  ): Promise<void> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) return;
    // What is left, as the booking decided it: a redelivery sets the same figure again. Older events
    // carry only the amount paid: then it is taken off what the job had.
    const balancePence =
      balanceAfterPence ?? (job.balancePence === undefined ? undefined : Math.max(0, job.balancePence - amountPence));
    if (balancePence === undefined) return;
    await this.deps.jobs.follow(bookingId, { balancePence, bookedTotalPence: totalPricePence });
  }

  /**
   * BookingReactivated (a new date) or BookingAmended: the job shows the move as it is now, at its
   * new price and balance. `windowChanged` (a new date or hours): an accepted job stays accepted when
   * the new window is inside the driver's hours (their availability covers it and they are free then,
   * `holdsTime`); the change's own mail tells them. Outside their hours they are asked to confirm
   * the new time with a new deadline, and the customer is told (JobOffered with `reconfirm`). An offer
   * not yet answered gets a fresh deadline for the new time. A job back with the office stays there
   * for staff to reassign. `holdsTime` false (the move could not take its driver's time at the new
   * window: BookedDriverTime.moved) sends it to the office.
   */
  async bookingMoved(
    bookingId: string,
    move: EventMove,
    money: { totalPricePence: number; balancePence: number },
    windowChanged: boolean,
    holdsTime = true,
  ): Promise<void> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) return;
    const set: Partial<JobDoc> = {
      bookingState: 'active',
      move: jobMove(move),
      bookedTotalPence: money.totalPricePence,
      balancePence: money.balancePence,
    };
    if (!holdsTime && job.status !== 'returned-to-staff') {
      const now = this.deps.clock.now().toISOString();
      const returned = { ...job, ...set, status: 'returned-to-staff' as const, returnedBecause: 'not-free' as const };
      const { _id, outbox, ...fields } = returned;
      const entry = await jobReturnedEntry(returned, 'not-free', now, this.deps.clock);
      if (await this.deps.jobs.follow(bookingId, fields, entry)) void this.deps.relay?.kick([entry.eventId]);
      return;
    }
    if (!windowChanged || job.status === 'returned-to-staff') {
      await this.deps.jobs.follow(bookingId, set);
      return;
    }
    // A driver still asked to confirm an earlier change is asked again for this one (they accepted the move before).
    const reconfirm = job.status === 'accepted' || isReconfirming(job);
    if (job.status === 'accepted' && (await this.withinDriverHours(job.driverId, move))) {
      await this.deps.jobs.follow(bookingId, set);
      return;
    }
    const now = this.deps.clock.now();
    const again = {
      ...job,
      ...set,
      status: 'offered' as const,
      offeredAt: now.toISOString(),
      respondBy: respondByFor(now, this.deps.responseMinutes, move.date),
      respondedAt: null,
      reconfirm: reconfirm ? { driverId: job.driverId, offeredAt: now.toISOString() } : null,
    };
    const offered = await createEvent(
      TOPICS.jobOffered,
      {
        bookingId,
        randomNumber: job.randomNumber,
        driver: { id: job.driverId, ...job.driverContact },
        move: eventMove(again),
        respondBy: again.respondBy,
        ...(reconfirm
          ? {
              reconfirm: {
                customer: { name: job.customer.name, email: job.customer.email, phone: job.customer.phone },
                ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
              },
            }
          : {}),
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: bookingId },
    );
    const { _id, outbox, ...fields } = again;
    // Only while the job is still as read (an answer or a lapse meanwhile wins; the change is then followed as it is).
    if (
      await this.deps.jobs.transition(bookingId, job.status, fields, outboxEntry(TOPICS.jobOffered, offered, bookingId))
    )
      void this.deps.relay?.kick([offered.eventId]);
    else await this.deps.jobs.follow(bookingId, set);
  }

  /** The driver's weekly hours and days off cover the move's new window (their other jobs: `holdsTime`). */
  private async withinDriverHours(driverId: string, move: EventMove): Promise<boolean> {
    const start = new Date(move.date);
    const driver = await this.deps.drivers?.findById(driverId);
    if (!driver || Number.isNaN(start.getTime())) return false;
    return availabilityCovers(driver.availability, moveWindow(start, move.totalHour, driver.card.minimumHours));
  }

  private returnedEvent(job: JobDoc, because: JobReturnReason, at: string) {
    return jobReturnedEntry(job, because, at, this.deps.clock);
  }

  private async respond(driverId: string, bookingId: string, to: 'accepted' | 'returned-to-staff'): Promise<JobView> {
    await this.sweep();
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    const state = job.bookingState ?? 'active';
    if (state !== 'active') throw new ConflictError(JOB_CLOSED_MSG[state]);
    if (job.status !== 'offered') throw new ConflictError(NOT_OFFERED_MSG[job.returnedBecause ?? 'declined']);
    const respondedAt = this.deps.clock.now().toISOString();
    const declined: Partial<JobDoc> = { status: 'returned-to-staff', respondedAt, returnedBecause: 'declined' };
    // The driver's answer stands either way; the job itself goes on to the next free driver when there is one.
    if (to === 'returned-to-staff' && (await this.deps.fallback?.fallback(job, 'declined', respondedAt)))
      return toView({ ...job, ...declined } as JobDoc);
    const set: Partial<JobDoc> = to === 'accepted' ? { status: 'accepted', respondedAt } : declined;
    const event =
      to === 'accepted'
        ? outboxEntry(
            TOPICS.jobAccepted,
            await createEvent(
              TOPICS.jobAccepted,
              {
                bookingId,
                randomNumber: job.randomNumber,
                driver: { id: job.driverId, ...job.driverContact },
                move: eventMove(job),
                acceptedAt: respondedAt,
                // The customer is told, and the driver gets their contact, now that the job is accepted.
                customer: job.customer,
                ...(this.deps.callsMasked ? { callsMasked: true } : {}),
                ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
              },
              { producer: 'fleet', clock: this.deps.clock, correlationId: bookingId },
            ),
            bookingId,
          )
        : await this.returnedEvent(job, 'declined', respondedAt);
    // The answer is to the offer read: one lapsed and handed on meanwhile is not this driver's to answer.
    if (!(await this.deps.jobs.settleOffer(bookingId, job, set, event)))
      throw new ConflictError('This job has already been answered.');
    void this.deps.relay?.kick([event.eventId]);
    return this.view({ ...job, ...set } as JobDoc);
  }

  /** A job as its driver sees it. */
  private view(job: JobDoc): JobView {
    return toView(job, { callsMasked: this.deps.callsMasked });
  }
}
