import {
  addDays,
  JOB_RECONFIRM_TEXT,
  londonDayOf,
  mondayOf,
  WEEKDAYS,
  type DriverCalendarJob,
  type DriverCalendarWeek,
} from '@vanhop/contracts';
import { NotFoundError, type Clock } from '@vanhop/platform';
import type { DriverRepository, JobDoc, JobRepository } from '../domain/ports.js';
import { isReconfirming } from './driver-jobs.js';

/** A job's standing in the office's words (the portal's jobStateText speaks to the driver). */
function staffJobText(job: JobDoc): string {
  if (job.bookingState === 'postponed') return 'Postponed by the customer';
  if (isReconfirming(job)) return JOB_RECONFIRM_TEXT.staff;
  if (job.status === 'offered') return 'Waiting for the driver to accept';
  if (job.status === 'accepted') return 'Accepted';
  return 'Needs a driver: back with the office';
}

const calendarJob = (job: JobDoc): DriverCalendarJob => ({
  bookingId: job._id,
  randomNumber: job.randomNumber,
  start: job.move.date,
  hours: job.move.totalHour,
  status: job.status,
  stateText: staffJobText(job),
  from: job.move.addresses[0]?.location ?? '',
  to: job.move.addresses.at(-1)?.location ?? '',
});

/**
 * One driver's week as staff plan it (Monday to Sunday, London days): each day's working hours or
 * day off, and the jobs that keep their time (cancelled bookings gave it back and are left out).
 */
export class DriverCalendar {
  constructor(
    private readonly deps: {
      drivers: Pick<DriverRepository, 'findById'>;
      jobs: Pick<JobRepository, 'forDriverFrom'>;
      clock: Clock;
    },
  ) {}

  async week(driverId: string, anyDay?: string): Promise<DriverCalendarWeek> {
    const driver = await this.deps.drivers.findById(driverId);
    if (!driver) throw new NotFoundError('No driver with that id');
    const weekStart = mondayOf(anyDay ?? londonDayOf(this.deps.clock.now()));
    const dates = WEEKDAYS.map((_, i) => addDays(weekStart, i));
    const byDay = new Map<string, DriverCalendarJob[]>(dates.map((d) => [d, []]));
    // The week's moves by London day, read with a day to spare each side (the ISO dates are UTC).
    const from = new Date(Date.parse(`${addDays(weekStart, -1)}T00:00:00Z`)).toISOString();
    const to = new Date(Date.parse(`${addDays(weekStart, 8)}T00:00:00Z`)).toISOString();
    for (const job of await this.deps.jobs.forDriverFrom(driverId, from, to)) {
      if (job.bookingState === 'cancelled' || Number.isNaN(Date.parse(job.move.date))) continue;
      byDay.get(londonDayOf(new Date(job.move.date)))?.push(calendarJob(job));
    }
    const a = driver.availability;
    const daysOff = new Set(a?.daysOff ?? []);
    return {
      driverId,
      weekStart,
      previousWeek: addDays(weekStart, -7),
      nextWeek: addDays(weekStart, 7),
      days: dates.map((date, i) => ({
        date,
        dayOff: daysOff.has(date),
        hours: a ? a.weekly[WEEKDAYS[i]!].map((p) => ({ from: p.from, to: p.to })) : null,
        jobs: byDay.get(date)!.sort((x, y) => Date.parse(x.start) - Date.parse(y.start)),
      })),
    };
  }
}
