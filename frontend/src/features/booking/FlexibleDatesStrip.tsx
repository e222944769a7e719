/**
 * Under the moving date once a quote is in: the same move on the 7 days either side, each with what
 * it costs against the day quoted ("£12.00 less"). Choosing a day moves the date there (at the same
 * time) and gets quotes again.
 */
import type { FlexibleDate } from '@vanhop/contracts';
import { flexibleDays } from './flexibleDates';

export function FlexibleDatesStrip({
  dates,
  quotedPrice,
  onChoose,
  disabled,
}: {
  dates: readonly FlexibleDate[];
  quotedPrice: number;
  onChoose: (isoDate: string) => void;
  disabled?: boolean;
}) {
  const days = flexibleDays(dates, quotedPrice);
  if (days.every((d) => d.price === null)) return null;
  return (
    <section className="flexible-dates" aria-labelledby="flexible-dates-title" data-testid="flexible-dates">
      <h3 id="flexible-dates-title">Other days, same move</h3>
      <ul>
        {days.map((d) => (
          <li key={d.day}>
            <button
              type="button"
              className={`flexible-day${d.cheapest ? ' cheapest' : ''}`}
              disabled={disabled || d.price === null}
              aria-label={`${d.label}: ${d.price ? `${d.price}, ${d.difference.toLowerCase()}` : 'no driver free'}`}
              onClick={() => onChoose(d.date)}
            >
              <span className="flexible-day-label">{d.label}</span>
              <span className="flexible-day-diff">{d.difference}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
