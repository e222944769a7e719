/**
 * A driver's week on their staff page (Monday to Sunday, London days): each day's working hours or
 * day off, and their jobs (time, hours, the booking's code opening its record on the dashboard).
 * Previous and next week page through; the fleet service answers each week.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DriverCalendarDay } from '@vanhop/contracts';
import { fetchDriverCalendar } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { calendarDate, londonTime } from '../../../lib/format';
import { useResource } from '../../../lib';
import './calendar.css';
import { Button } from '../../../ui';
import { adminPath } from '../../../lib/area-paths';
import { FormError } from '../../../ui/fields';

const hoursWords = (h: number) => {
  const m = Math.round(h * 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
};

function Day({ day }: { day: DriverCalendarDay }) {
  const off = day.dayOff || (day.hours !== null && day.hours.length === 0);
  return (
    <li className={`driver-cal-day${off ? ' is-off' : ''}`} data-testid="calendar-day" data-date={day.date}>
      <h3>{calendarDate(day.date)}</h3>
      <p className="driver-cal-hours" data-testid="calendar-hours">
        {day.dayOff
          ? 'Day off'
          : day.hours === null
            ? 'Any time (no hours set)'
            : day.hours.length === 0
              ? 'Not working'
              : day.hours.map((p) => `${p.from}–${p.to}`).join(', ')}
      </p>
      {day.jobs.length > 0 ? (
        <ul className="driver-cal-jobs">
          {day.jobs.map((job) => (
            <li key={job.bookingId} data-testid="calendar-job" data-code={job.randomNumber}>
              <strong>
                {londonTime(job.start)} · {hoursWords(job.hours)}
              </strong>{' '}
              <Link
                to={`${adminPath('dashboard')}?booking=${encodeURIComponent(job.bookingId)}`}
                aria-label={`Booking ${job.randomNumber}: open its record`}
              >
                {job.randomNumber}
              </Link>
              <span className="driver-cal-route">
                {job.from} → {job.to}
              </span>
              <span className="driver-cal-state">{job.stateText}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted driver-cal-none">No jobs</p>
      )}
    </li>
  );
}

export function DriverCalendar({ driverId }: { driverId: string }) {
  const { token, guard } = useAdminSession();
  const id = useId();
  const [week, setWeek] = useState<string | undefined>(undefined);
  const read = useResource(token ? () => guard(fetchDriverCalendar(token, driverId, week)) : null, [
    token,
    guard,
    driverId,
    week,
  ]);
  const data = read.data ?? null;
  const error = read.error !== undefined ? 'The calendar could not be loaded.' : null;

  return (
    <section className="admin-card driver-calendar" aria-labelledby={`${id}-title`} data-testid="driver-calendar">
      <div className="driver-cal-head">
        <h2 id={`${id}-title`}>Calendar</h2>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width. */}
        <div className="driver-cal-nav" role="group" aria-label="Week">
          <Button area="admin" variant="secondary" disabled={!data} onClick={() => data && setWeek(data.previousWeek)}>
            ← Previous week
          </Button>
          <Button area="admin" variant="secondary" disabled={!data} onClick={() => setWeek(undefined)}>
            This week
          </Button>
          <Button area="admin" variant="secondary" disabled={!data} onClick={() => data && setWeek(data.nextWeek)}>
            Next week →
          </Button>
        </div>
      </div>
      <FormError error={error} compact />
      {data && (
        <>
          <p className="admin-muted" data-testid="calendar-week" aria-live="polite">
            Week of {calendarDate(data.weekStart)}
          </p>
          <ol className="driver-cal-days">
            {data.days.map((day) => (
              <Day key={day.date} day={day} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
