/**
 * What the driver's hours mean, in pricing's own terms (availabilityCovers in
 * contracts/src/supply/availability.ts): a driver who never saved hours is not limited at all
 * (any time, any day); once hours are saved, a day without periods is a day they are offered nothing.
 * The Availability page says this of the week being edited, so each day reads what saving it would do.
 */
import { WEEKDAYS, type Availability, type Weekday } from '@vanhop/contracts';

type Week = Record<Weekday, readonly unknown[]>;

export const ANY_TIME_TEXT = 'Any time (no hours set)';
export const NOT_WORKING_TEXT = 'Not working';
export const NO_HOURS_NOTE =
  'No hours set: you can be offered any time, every day. Add periods to set your hours; once they are saved, a day without periods is a day you do not work.';
export const NO_WORK_NOTE =
  'No periods on any day: once saved, you will not be offered any work. Add periods to the days you work.';
export const NOTHING_TO_SAVE = 'Nothing to save: with no hours set you can be offered any time.';

const hasPeriods = (week: Week) => WEEKDAYS.some((d) => week[d].length > 0);

/**
 * Whether the driver stays "no hours set": none were ever saved and the page adds none (no period,
 * no day off). Saving anything else stores hours, and then only their periods are worked.
 */
export const staysUnset = (saved: Availability | null, week: Week, daysOff: readonly string[]) =>
  saved === null && !hasPeriods(week) && daysOff.length === 0;

/** The words under a day without periods: any time while no hours are set, else not working. */
export const emptyDayText = (unset: boolean) => (unset ? ANY_TIME_TEXT : NOT_WORKING_TEXT);

/** Hours that would be (or are) saved with no period on any day: the driver is offered nothing. */
export const offeredNothing = (unset: boolean, week: Week) => !unset && !hasPeriods(week);
