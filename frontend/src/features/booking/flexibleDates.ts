import { formatPence, poundsToPence, type FlexibleDate } from '@vanhop/contracts';

export interface FlexibleDay {
  day: string;
  date: string;
  /** "Tue 20 Jan" (London). */
  label: string;
  /** "£12.00 less", "£3.50 more", "Same price", "No driver free". */
  difference: string;
  /** The day's price in words, or null when nobody is free. */
  price: string | null;
  /** The cheapest of the days shown, and cheaper than the day quoted. */
  cheapest: boolean;
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * The days either side of a quote (the server lists only days that can still be booked), with what
 * each costs against the quoted price (pounds).
 */
export function flexibleDays(dates: readonly FlexibleDate[], quotedPrice: number): FlexibleDay[] {
  const quoted = poundsToPence(quotedPrice);
  const priced = dates.filter((d) => d.lowestPrice !== null).map((d) => poundsToPence(d.lowestPrice!));
  const lowest = priced.length > 0 ? Math.min(...priced) : null;
  return dates.map((d) => {
    if (d.lowestPrice === null)
      return {
        day: d.day,
        date: d.date,
        label: dayLabel(d.day),
        difference: 'No driver free',
        price: null,
        cheapest: false,
      };
    const pence = poundsToPence(d.lowestPrice);
    const diff = pence - quoted;
    return {
      day: d.day,
      date: d.date,
      label: dayLabel(d.day),
      difference: diff === 0 ? 'Same price' : diff < 0 ? `${formatPence(-diff)} less` : `${formatPence(diff)} more`,
      price: formatPence(pence),
      cheapest: pence === lowest && pence < quoted,
    };
  });
}
