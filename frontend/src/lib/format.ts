/** Small display helpers of the Drivers pages and the driver portal (times on the London clock). */

const DATE_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};
const TIME_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const LONDON_DATE_TIME = new Intl.DateTimeFormat('en-GB', { ...DATE_PARTS, ...TIME_PARTS });
const LONDON_TIME = new Intl.DateTimeFormat('en-GB', TIME_PARTS);

/** Writes an ISO string with `format`, or '' for no or a bad date. */
const isoFormatter =
  (format: Intl.DateTimeFormat) =>
  (iso: string | null | undefined): string => {
    if (!iso) return '';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '' : format.format(d);
  };

/** "Sat, 31 Jan 2026, 09:30" in Europe/London, or '' for no or a bad date. */
export const londonDateTime = isoFormatter(LONDON_DATE_TIME);

export const londonTime = isoFormatter(LONDON_TIME);

/** A calendar date (2026-01-31) as "Sat, 31 Jan 2026" with no time-zone shift. */
export function calendarDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(d);
}

/** "AM" for "Alice Mover": the stand-in for a driver without a photo. */
export { initialsOf as initials } from '../ui';
