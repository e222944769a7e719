/** The availability page's days off: the date box with Add day off, then the list with Remove. */
import { calendarDate } from '../../lib/format';
import { Button } from '../../ui';
import { FieldError } from '../../ui/fields';

interface DaysOffProps {
  daysOff: string[];
  newDayOff: string;
  problem: string | null;
  errors: Record<string, string>;
  onType: (value: string) => void;
  onAdd: () => void;
  onRemove: (day: string) => void;
}

export function DaysOff({ daysOff, newDayOff, problem, errors, onType, onAdd, onRemove }: DaysOffProps) {
  return (
    <>
      <h2>Days off</h2>
      <div className="portal-dayoff-add">
        <div className="vh-field">
          <label htmlFor="avail-day-off">Day off</label>
          <input
            id="avail-day-off"
            type="date"
            value={newDayOff}
            onChange={(e) => onType(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'avail-day-off-error' : undefined}
          />
        </div>
        <Button area="portal" variant="secondary" onClick={onAdd}>
          Add day off
        </Button>
      </div>
      <FieldError id="avail-day-off-error" error={problem} compact />
      {daysOff.length === 0 ? (
        <p className="portal-muted">No days off.</p>
      ) : (
        <ul className="portal-daysoff" aria-label="Days off">
          {daysOff.map((d, i) => (
            <li key={d}>
              <time dateTime={d}>{calendarDate(d)}</time>
              <Button area="portal" variant="secondary" aria-label={`Remove day off ${d}`} onClick={() => onRemove(d)}>
                Remove
              </Button>
              <FieldError id={`avail-day-off-${i}-error`} error={errors[`daysOff[${i}]`]} compact />
            </li>
          ))}
        </ul>
      )}
      <FieldError id="avail-days-off-error" error={errors.daysOff} compact />
    </>
  );
}
