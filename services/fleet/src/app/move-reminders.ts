import { reminderDue, TOPICS } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { DriverRepository, JobDoc, JobRepository } from '../domain/ports.js';

/** How often the reminder sweep runs (and once at start-up): a reminder is at most this late. */
export const REMINDER_SWEEP_MS = 60_000;

/**
 * The day-before reminder: the customer and the driver are mailed and texted once per booking and
 * move date. Its state is the job itself: the sweep claims a due job with one conditional write
 * (`remindedFor` still not this date) that parks JobReminded on it, so two replicas, a restart
 * mid-sweep or a second sweep cannot send it twice, and a reminder claimed before a crash is still
 * published by the outbox relay after it. A new date (reactivated, amended) gets its own reminder.
 */
export class MoveReminders {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      clock: Clock;
      logger: Logger;
      relay?: OutboxRelay;
      drivers?: Pick<DriverRepository, 'findById'>;
    },
  ) {}

  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    const sent: string[] = [];
    for (const job of await this.deps.jobs.acceptedUpcoming(now.toISOString())) {
      const facts = {
        moveDate: job.move.date,
        status: job.status,
        bookingState: job.bookingState ?? 'active',
        offeredAt: job.offeredAt,
        remindedFor: job.remindedFor ?? null,
      };
      if (!reminderDue(facts, now)) continue;
      const reminder = await this.reminder(job, now);
      if (
        await this.deps.jobs.claimReminder(
          job._id,
          job.move.date,
          { remindedFor: job.move.date, remindedAt: now.toISOString() },
          reminder,
        )
      ) {
        sent.push(reminder.eventId);
        this.deps.logger.info(
          { bookingId: job.bookingId, driverId: job.driverId, moveDate: job.move.date },
          'day-before reminder claimed',
        );
      }
    }
    if (sent.length > 0) void this.deps.relay?.kick(sent);
    return sent.length;
  }

  private async reminder(job: JobDoc, now: Date) {
    const phone = job.driverContact.phone ?? (await this.deps.drivers?.findById(job.driverId))?.phone;
    const event = await createEvent(
      TOPICS.jobReminded,
      {
        bookingId: job.bookingId,
        randomNumber: job.randomNumber,
        driver: {
          id: job.driverId,
          name: job.driverContact.name,
          email: job.driverContact.email,
          ...(phone ? { phone } : {}),
        },
        customer: job.customer,
        move: { ...job.move },
        ...(job.balancePence !== undefined ? { cashToCollectPence: job.balancePence } : {}),
        ...(job.myMovePath ? { myMovePath: job.myMovePath } : {}),
        at: now.toISOString(),
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: job.bookingId },
    );
    return outboxEntry(TOPICS.jobReminded, event, job.bookingId);
  }
}
