/**
 * The day of the move: the reminder the evening before, and the driver's progress on the day
 * (on my way, arrived, done). Pure rules and the product's words, read alike by the fleet service
 * (which decides), the booking and notification services (which tell the customer) and the portal.
 */
import * as yup from 'yup';
import { londonClock, londonTime } from './booking-time.js';

export const JOB_PROGRESS_STEPS = ['on-my-way', 'arrived', 'done'] as const;
export type JobProgressStep = (typeof JOB_PROGRESS_STEPS)[number];

/**
 * How long before the booked start the driver may mark "on my way": a van across London can take
 * that long, and a driver setting off that early is on their way to this customer. Earlier taps
 * are refused, so a mis-tap days before cannot tell a customer their driver is coming.
 */
export const PROGRESS_OPENS_BEFORE_START_MINUTES = 120;

/**
 * The reminder goes out from this London hour the evening before the move: "tomorrow" in the
 * customer's words, at a civil hour (never at night, as "24 hours before" a 07:00 move would not
 * be for a driver finishing late), and the same hour for every move, so a driver gets all of
 * tomorrow's reminders together.
 */
export const REMINDER_FROM_LONDON_HOUR = 18;

/** After "done", the review request goes out at this London hour the next morning. */
export const REVIEW_REQUEST_LONDON_HOUR = 9;

/** The step that may follow `current` (none yet: on my way), or null once the job is done. */
export function nextProgressStep(current: JobProgressStep | null | undefined): JobProgressStep | null {
  if (!current) return 'on-my-way';
  const i = JOB_PROGRESS_STEPS.indexOf(current);
  return JOB_PROGRESS_STEPS[i + 1] ?? null;
}

/** The first instant "on my way" may be marked. */
export const progressOpensAt = (moveDate: string): Date =>
  new Date(Date.parse(moveDate) - PROGRESS_OPENS_BEFORE_START_MINUTES * 60_000);

/** The London calendar day before `instant`, at `hour`. */
function londonHourOnDayBefore(instant: Date, hour: number): Date {
  const c = londonClock(instant);
  const before = new Date(Date.UTC(c.year, c.month - 1, c.day - 1));
  return londonTime(before.getUTCFullYear(), before.getUTCMonth() + 1, before.getUTCDate(), hour);
}

/** The London calendar day after `instant`, at `hour`. */
export function londonHourOnDayAfter(instant: Date, hour: number): Date {
  const c = londonClock(instant);
  const after = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return londonTime(after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate(), hour);
}

/** When the day-before reminder of a move starting at `moveDate` is due (REMINDER_FROM_LONDON_HOUR the evening before). */
export const reminderOpensAt = (moveDate: string): Date =>
  londonHourOnDayBefore(new Date(moveDate), REMINDER_FROM_LONDON_HOUR);

/** When the automatic review request of a move done at `doneAt` goes out: the next London morning. */
export const reviewRequestDueAt = (doneAt: string): Date =>
  londonHourOnDayAfter(new Date(doneAt), REVIEW_REQUEST_LONDON_HOUR);

/** What a job's reminder reads: the move's date, its state, who it is offered to and when it was (re)offered. */
export interface ReminderFacts {
  moveDate: string;
  status: 'offered' | 'accepted' | 'returned-to-staff';
  bookingState: 'active' | 'postponed' | 'cancelled';
  /** When the job was offered for its current date (a new date offers it again). */
  offeredAt: string;
  /** The move date a reminder was already sent for (a new date gets its own). */
  remindedFor?: string | null;
}

/**
 * Whether the day-before reminder is due now: a live booking whose driver accepted, from
 * REMINDER_FROM_LONDON_HOUR the evening before until the move starts, once per move date. A
 * booking placed (or re-dated) after the reminder time gets none: its confirmation, sent minutes
 * before, already said everything a reminder would.
 */
export function reminderDue(j: ReminderFacts, now: Date): boolean {
  if (j.bookingState !== 'active' || j.status !== 'accepted') return false;
  if (j.remindedFor === j.moveDate) return false;
  const start = Date.parse(j.moveDate);
  const opens = reminderOpensAt(j.moveDate).getTime();
  if (Number.isNaN(start) || Number.isNaN(opens)) return false;
  if (Date.parse(j.offeredAt) >= opens) return false;
  return now.getTime() >= opens && now.getTime() < start;
}

/** The portal's button for each step. */
export const JOB_PROGRESS_BUTTON: Record<JobProgressStep, string> = {
  'on-my-way': 'On my way',
  arrived: 'Arrived',
  done: 'Done',
};

/** The portal's line once a step is marked. */
export const JOB_PROGRESS_DONE_TEXT: Record<JobProgressStep, string> = {
  'on-my-way': 'You are on your way',
  arrived: 'You have arrived',
  done: 'Job done: thank you',
};

/** The customer's My move line (and text message) for each step. */
export const JOB_PROGRESS_LINE: Record<JobProgressStep, (driverName: string) => string> = {
  'on-my-way': (name) => `Your driver ${name} is on the way`,
  arrived: (name) => `${name} has arrived`,
  done: () => 'Your move is done: thank you for moving with VanHop',
};

/** Why a step is refused (409), in the driver's words. */
export const JOB_PROGRESS_MSG = {
  notAccepted: 'Accept this job first: only an accepted job can be started.',
  tooEarly: (opensAtLondon: string) =>
    `It is too early to start this job: you can mark "On my way" from ${opensAtLondon}.`,
  outOfOrder: (expected: JobProgressStep | null) =>
    expected ? `Mark "${JOB_PROGRESS_BUTTON[expected]}" next.` : 'This job is already done.',
  changed: 'This job changed meanwhile: reload your jobs.',
  cancelled: 'This move was cancelled: there is nothing to start.',
  postponed: 'This move is postponed: it comes back to you with its new date.',
} as const;

/** POST /api/driver/me/jobs/:id/progress: the step the driver marks. */
export const jobProgressRequestSchema = yup.object({
  step: yup.string().required('step is required').oneOf(JOB_PROGRESS_STEPS, 'step must be on-my-way, arrived or done'),
});
export type JobProgressRequest = yup.InferType<typeof jobProgressRequestSchema>;
