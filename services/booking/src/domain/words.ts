import { BOOKING_HOURS } from '@vanhop/contracts';

/** History lines are shown to customers as they are stored: money and dates in their words. */
export const pounds = (pence: number): string => `£${(pence / 100).toFixed(2)}`;

const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const londonDay = new Intl.DateTimeFormat('en-GB', { timeZone: BOOKING_HOURS.timeZone, day: 'numeric', month: 'long', year: 'numeric' });

export const moveWhen = (iso: string): string => londonDateTime.format(new Date(iso));
export const dayOf = (iso: string): string => londonDay.format(new Date(iso));
