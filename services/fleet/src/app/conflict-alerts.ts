import { TOPICS, type JobConflict } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { JobDoc, JobRepository } from '../domain/ports.js';
import type { JobConflicts } from './job-conflicts.js';

/** The causes the office is mailed about where they arise (a suspended driver's job is the office's already). */
export type AlertedKind = 'outside-hours' | 'document-expires';
const ALERTED_KINDS: readonly AlertedKind[] = ['outside-hours', 'document-expires'];

/**
 * One alert per job, driver, cause and move date: a field name on the job (no dots or dollars, which
 * a store's field names cannot hold), so saving the same hours twice mails the office once, and a
 * new date or another driver is news again.
 */
export const conflictAlertKey = (kind: AlertedKind, job: Pick<JobDoc, 'driverId' | 'move'>): string =>
  `${kind} ${job.driverId} ${job.move.date}`.replace(/[^\w-]/g, '_');

/**
 * Conflicts flagged where they arise: after a driver saves hours (a day off over a job they have) or
 * staff record a document that lapses before one of their moves, each upcoming job of the driver
 * that now has such a conflict alerts the office (JobConflictFound: a mail to OFFICE_EMAIL). The
 * staff record reads the same conflicts (JobConflicts). The claim is one conditional write carrying
 * the event, so a repeated save or two replicas alert once.
 */
export class ConflictAlerts {
  constructor(
    private readonly deps: {
      jobs: Pick<JobRepository, 'forDriverFrom' | 'claimConflictAlert'>;
      conflicts: Pick<JobConflicts, 'of'>;
      clock: Clock;
      logger: Logger;
      relay?: OutboxRelay;
    },
  ) {}

  /**
   * Alerts the office of each new conflict of the driver's upcoming jobs (only of `kinds`, given);
   * answers how many it alerted.
   */
  async check(driverId: string, kinds: readonly AlertedKind[] = ALERTED_KINDS): Promise<number> {
    const now = this.deps.clock.now();
    const alerted: string[] = [];
    for (const job of await this.deps.jobs.forDriverFrom(driverId, now.toISOString())) {
      if (!isHeld(job, now)) continue;
      for (const conflict of await this.deps.conflicts.of(job.bookingId)) {
        if (!(kinds as readonly string[]).includes(conflict.kind)) continue;
        const kind = conflict.kind as AlertedKind;
        const entry = await this.alert(job, kind, conflict, now);
        if (
          await this.deps.jobs.claimConflictAlert(
            job._id,
            driverId,
            conflictAlertKey(kind, job),
            now.toISOString(),
            entry,
          )
        ) {
          alerted.push(entry.eventId);
          this.deps.logger.warn({ bookingId: job.bookingId, driverId, kind }, 'job conflict found: office alerted');
        }
      }
    }
    if (alerted.length > 0) void this.deps.relay?.kick(alerted);
    return alerted.length;
  }

  private async alert(job: JobDoc, kind: AlertedKind, conflict: JobConflict, now: Date) {
    const event = await createEvent(
      TOPICS.jobConflictFound,
      {
        bookingId: job.bookingId,
        randomNumber: job.randomNumber,
        kind,
        text: conflict.text,
        status: job.status as 'offered' | 'accepted',
        driver: { id: job.driverId, name: job.driverContact.name },
        move: { ...job.move },
        at: now.toISOString(),
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: job.bookingId },
    );
    return outboxEntry(TOPICS.jobConflictFound, event, job.bookingId);
  }
}

/** A job its driver still has (offered or accepted) on a live booking whose move is ahead. */
const isHeld = (job: JobDoc, now: Date): boolean =>
  (job.status === 'offered' || job.status === 'accepted') &&
  (job.bookingState ?? 'active') === 'active' &&
  Date.parse(job.move.date) > now.getTime();
