import { BOOKING_HOURS } from '@vanhop/contracts';

/** History lines are shown to customers as they are stored: dates and hours in their words (money: contracts' formatPence). */

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
const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const moveWhen = (iso: string): string => londonDateTime.format(new Date(iso));
export const dayOf = (iso: string): string => londonDay.format(new Date(iso));

/** Booked hours as "2 h 30 min". */
export function hoursWords(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 h';
}

/** The stops of a move in order, each as its building address and place. */
export const routeWords = (addresses: { location: string; physicalAddress: string }[]): string =>
  addresses.map((a) => [a.physicalAddress, a.location].filter(Boolean).join(', ')).join(' / ');
