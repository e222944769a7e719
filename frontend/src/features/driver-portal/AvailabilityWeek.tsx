/** One day of the availability page's week: its periods (from, to, Remove), Add period, and its errors. */
import type { Weekday } from '@vanhop/contracts';
import { Button } from '../../ui';
import { MAX_PERIODS, hhmm, type Period } from './availability-state';
import { emptyDayText } from './availability-text';
import { FieldError } from '../../ui/fields';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** 00:00, 00:15, … 24:00: the quarter hours a period may start or end on. */
const QUARTER_HOURS = Array.from({ length: 24 * 4 + 1 }, (_, i) => hhmm(i * 15));

interface TimeSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** The id of the error this period or its day shows, when there is one. */
  errorId?: string;
}

function TimeSelect({ id, label, value, onChange, errorId }: TimeSelectProps) {
  const [prefix, word] = [label.slice(0, label.lastIndexOf(' ') + 1), label.slice(label.lastIndexOf(' ') + 1)];
  return (
    <span className="portal-time">
      <label htmlFor={id}>
        <span className="visually-hidden">{prefix}</span>
        {word}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {!QUARTER_HOURS.includes(value) && <option value={value}>{value}</option>}
        {QUARTER_HOURS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </span>
  );
}

interface DayHoursProps {
  day: Weekday;
  periods: Period[];
  errors: Record<string, string>;
  /** No hours set at all: an empty day means "any time", not "off". */
  unset: boolean;
  onChange: (index: number, part: keyof Period, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

export function DayHours({ day, periods, errors, unset, onChange, onAdd, onRemove }: DayHoursProps) {
  const dayError = errors[`weekly.${day}`];
  const periodError = (i: number) =>
    errors[`weekly.${day}[${i}]`] ?? errors[`weekly.${day}[${i}].from`] ?? errors[`weekly.${day}[${i}].to`] ?? null;
  return (
    <fieldset className="portal-day" aria-describedby={dayError ? `day-${day}-error` : undefined}>
      <legend>{DAY_NAMES[day]}</legend>
      {periods.length === 0 && (
        <p className="portal-muted" data-testid="day-hours">
          {emptyDayText(unset)}
        </p>
      )}
      <ol className="portal-periods">
        {periods.map((p, i) => {
          const error = periodError(i);
          const base = `${DAY_NAMES[day]} period ${i + 1}`;
          // A period's own error, else its day's (an overlap): either marks its times.
          const errorId = error ? `avail-${day}-${i}-error` : dayError ? `day-${day}-error` : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day's periods are numbered by position ("period 2"), and the errors are keyed the same way.
            <li key={i}>
              <div className="portal-period">
                <TimeSelect
                  id={`avail-${day}-${i}-from`}
                  label={`${base} from`}
                  value={p.from}
                  onChange={(v) => onChange(i, 'from', v)}
                  errorId={errorId}
                />
                <TimeSelect
                  id={`avail-${day}-${i}-to`}
                  label={`${base} to`}
                  value={p.to}
                  onChange={(v) => onChange(i, 'to', v)}
                  errorId={errorId}
                />
                <Button area="portal" variant="secondary" aria-label={`Remove ${base}`} onClick={() => onRemove(i)}>
                  Remove
                </Button>
              </div>
              <FieldError id={`avail-${day}-${i}-error`} error={error} compact />
            </li>
          );
        })}
      </ol>
      <Button area="portal" variant="secondary" disabled={periods.length >= MAX_PERIODS} onClick={onAdd}>
        Add period
      </Button>
      <FieldError id={`day-${day}-error`} error={dayError} compact />
    </fieldset>
  );
}
