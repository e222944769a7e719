/**
 * How the after-booking pages put the booking's facts into a customer's words: money from pence,
 * dates on the London clock (docs/SCREENS.md: Europe/London, en-GB), stairs, hours and statuses.
 * The wire keeps the contract's stored values ("30percentage"); only what is shown changes.
 */
import {
  formatPence,
  BOOKING_HOURS,
  HELP_LEVEL_OPTIONS,
  LONDON_MOVE_DATE_TIME,
  PAYMENT_STATUS_TEXT,
  STAIR_OPTIONS,
  type PaymentStatus,
} from '@vanhop/contracts';

/** A bad, tampered or expired My move link (the server answers 404 for all three alike). */
export const NOT_FOUND_TEXT = 'This link is not valid or has expired';

export const penceText = (pence: number): string => formatPence(pence);

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const stampFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "Saturday 12 December 2026 at 10:00": the move's date and start time (built from parts: ICU versions punctuate differently). */
export function moveWhenText(iso: string | null | undefined): string {
  const d = valid(iso);
  if (!d) return 'Not chosen yet';
  const p = Object.fromEntries(LONDON_MOVE_DATE_TIME.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year} at ${p.hour}:${p.minute}`;
}

/** "12 December 2026". */
export const dayText = (iso: string | null | undefined): string => {
  const d = valid(iso);
  return d ? dayFormat.format(d) : '';
};

/** "12 Dec 2026, 10:00": when something happened (history lines, receipts). */
export const stampText = (iso: string | null | undefined): string => {
  const d = valid(iso);
  return d ? stampFormat.format(d) : '';
};

export const stairText = (flights: number | null | undefined): string =>
  typeof flights === 'number'
    ? (STAIR_OPTIONS.find((o) => o.value === flights)?.label ?? `${flights} flights of stairs`)
    : 'Not given';

/** Booked hours (in half-hour steps) as "2 hours 30 minutes". */
export function hoursText(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return 'Not given';
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  const parts = [];
  if (whole > 0) parts.push(`${whole} hour${whole === 1 ? '' : 's'}`);
  if (minutes > 0) parts.push(`${minutes} minutes`);
  return parts.join(' ');
}

export const helpText = (level: string): string => {
  const about = HELP_LEVEL_OPTIONS.find((o) => o.value === level)?.about;
  return about ? `${level}: ${about}` : level;
};

/** "30 % deposit paid": a stored payment status as a customer reads it (unknown values as they are). */
export const paymentStatusText = (status: string): string => PAYMENT_STATUS_TEXT[status as PaymentStatus] ?? status;

const PAID_FOR: Partial<Record<PaymentStatus, string>> = {
  '30percentage': 'a 30 % deposit',
  '50percentage': 'a 50 % deposit',
  paid: 'the whole move',
};

/** What fills the retrieve page's "You have Already paid for {status}": "a 30 % deposit", "the whole move". */
export const paidForText = (status: string): string => PAID_FOR[status as PaymentStatus] ?? paymentStatusText(status);
