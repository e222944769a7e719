import { TOPICS, UNCONFIRMED_ALERT_HOURS } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { JobDoc, JobRepository } from '../domain/ports.js';

/**
 * No booking sits unconfirmed unnoticed: a move starting within UNCONFIRMED_ALERT_HOURS with no
 * accepted driver (an offer still waiting, or the job back with the office) alerts the office once
 * per booking and move date (JobUnconfirmedSoon: a mail to OFFICE_EMAIL) and flags the job for
 * staff (`unconfirmedAlertAt`). The claim is one conditional write carrying the event, so replicas
 * and repeated sweeps alert once.
 */
export class UnconfirmedAlerts {
  constructor(private readonly deps: { jobs: JobRepository; clock: Clock; logger: Logger; relay?: OutboxRelay }) {}

  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + UNCONFIRMED_ALERT_HOURS * 60 * 60_000);
    const alerted: string[] = [];
    for (const job of await this.deps.jobs.unacceptedStartingBetween(now.toISOString(), until.toISOString())) {
      if ((job.bookingState ?? 'active') !== 'active' || job.unconfirmedAlertFor === job.move.date) continue;
      const set: Partial<JobDoc> = { unconfirmedAlertFor: job.move.date, unconfirmedAlertAt: now.toISOString() };
      const alert = await this.alert(job, now);
      if (await this.deps.jobs.claimUnconfirmedAlert(job._id, job.move.date, set, alert)) {
        alerted.push(alert.eventId);
        this.deps.logger.warn(
          { bookingId: job.bookingId, status: job.status, moveDate: job.move.date },
          'move within hours has no accepted driver: office alerted',
        );
      }
    }
    if (alerted.length > 0) void this.deps.relay?.kick(alerted);
    return alerted.length;
  }

  /** Jobs flagged for the office whose move has not started, soonest first (staff's list). */
  async flagged(): Promise<JobDoc[]> {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + UNCONFIRMED_ALERT_HOURS * 60 * 60_000);
    return (await this.deps.jobs.unacceptedStartingBetween(now.toISOString(), until.toISOString()))
      .filter((j) => (j.bookingState ?? 'active') === 'active' && j.unconfirmedAlertFor === j.move.date)
      .sort((a, b) => a.move.date.localeCompare(b.move.date));
  }

  private async alert(job: JobDoc, now: Date) {
    const event = await createEvent(
      TOPICS.jobUnconfirmedSoon,
      {
        bookingId: job.bookingId,
        randomNumber: job.randomNumber,
        status: job.status as 'offered' | 'returned-to-staff',
        driver: { id: job.driverId, name: job.driverContact.name },
        ...(job.status === 'offered' ? { respondBy: job.respondBy } : {}),
        move: { ...job.move },
        at: now.toISOString(),
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: job.bookingId },
    );
    return outboxEntry(TOPICS.jobUnconfirmedSoon, event, job.bookingId);
  }
}
