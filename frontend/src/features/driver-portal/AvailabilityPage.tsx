/**
 * /driver/availability: the driver's weekly hours (Europe/London, up to 4 periods a day on quarter
 * hours) and days off. Checked with availabilitySchema before it is sent whole to the service; a
 * refused Save focuses the first wrong period. Each day says what the quote service does with it
 * (availability-text.ts): any time while no hours are set, else only its periods.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AVAILABILITY_MSG, WEEKDAYS, availabilitySchema, type Availability, type DriverSelfView, type Weekday } from '@vanhop/contracts';
import { usePageTitle } from '../../app/usePageTitle';
import { schemaErrors } from '../drivers/card-form';
import { StatusLine, SubmitRow } from '../drivers/fields';
import { calendarDate } from '../drivers/format';
import { PortalApiError, fetchSelf, messageOf, saveAvailability } from './api';
import { NOTHING_TO_SAVE, NO_HOURS_NOTE, NO_WORK_NOTE, emptyDayText, offeredNothing, staysUnset } from './availability-text';
import { focusFirstInvalid } from './focus-first-invalid';
import { PortalLoading } from './PortalLoading';
import { useDriverSession } from './session';

type Period = { from: string; to: string };
type Weekly = Record<Weekday, Period[]>;

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const MAX_PERIODS = 4;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** 00:00, 00:15, … 24:00: the quarter hours a period may start or end on. */
const QUARTER_HOURS = Array.from({ length: 24 * 4 + 1 }, (_, i) => hhmm(i * 15));
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const emptyWeek = (): Weekly => Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as Weekly;

const weekOf = (a: Availability | null): Weekly => {
  const week = emptyWeek();
  for (const d of WEEKDAYS) week[d] = (a?.weekly?.[d] ?? []).map((p) => ({ from: p.from, to: p.to }));
  return week;
};

/** A new period: 09:00–17:00 on an empty day, else the hour after the day's last period. */
function nextPeriod(periods: Period[]): Period {
  if (periods.length === 0) return { from: '09:00', to: '17:00' };
  const end = Math.max(...periods.map((p) => toMinutes(p.to)));
  if (end >= 24 * 60) return { from: '09:00', to: '17:00' };
  return { from: hhmm(end), to: hhmm(Math.min(end + 60, 24 * 60)) };
}

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
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
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

export function AvailabilityPage() {
  usePageTitle('Your availability · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const [view, setView] = useState<DriverSelfView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [weekly, setWeekly] = useState<Weekly>(emptyWeek);
  const [daysOff, setDaysOff] = useState<string[]>([]);
  const [newDayOff, setNewDayOff] = useState('');
  const [dayOffProblem, setDayOffProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refused saves: each one moves the focus to the first wrong field once its error is shown.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    if (!focusFirstInvalid(formRef.current)) formRef.current?.querySelector<HTMLElement>('[data-testid="availability-error"]')?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const show = useCallback((v: DriverSelfView) => {
    setView(v);
    setWeekly(weekOf(v.availability));
    setDaysOff([...(v.availability?.daysOff ?? [])].sort());
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    guard(fetchSelf(token))
      .then((v) => live && show(v))
      .catch((err) => live && setLoadError(messageOf(err, 'Your availability could not be loaded.')));
    return () => {
      live = false;
    };
  }, [token, guard, show]);

  const edited = () => {
    setStatus(null);
  };

  const setPeriod = (day: Weekday, index: number, part: keyof Period, value: string) => {
    edited();
    setWeekly((w) => ({ ...w, [day]: w[day].map((p, i) => (i === index ? { ...p, [part]: value } : p)) }));
  };
  const addPeriod = (day: Weekday) => {
    edited();
    setWeekly((w) => (w[day].length >= MAX_PERIODS ? w : { ...w, [day]: [...w[day], nextPeriod(w[day])] }));
  };
  const removePeriod = (day: Weekday, index: number) => {
    edited();
    setWeekly((w) => ({ ...w, [day]: w[day].filter((_, i) => i !== index) }));
  };

  const addDayOff = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDayOff)) {
      setDayOffProblem(newDayOff ? AVAILABILITY_MSG.dayOff : 'Choose a date first');
      return;
    }
    edited();
    setDayOffProblem(null);
    setDaysOff((list) => (list.includes(newDayOff) ? list : [...list, newDayOff].sort()));
    setNewDayOff('');
  };
  const removeDayOff = (day: string) => {
    edited();
    setDaysOff((list) => list.filter((d) => d !== day));
  };

  const save = async () => {
    if (!token) return;
    setStatus(null);
    setFailure(null);
    const availability: Availability = { weekly, daysOff };
    const problems = await schemaErrors(availabilitySchema, availability);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setFailure('Not saved: please correct the days marked.');
      setRefusals((n) => n + 1);
      return;
    }
    // Saving an empty page would store hours with no periods: the driver would be offered nothing.
    if (staysUnset(view?.availability ?? null, weekly, daysOff)) {
      setStatus(NOTHING_TO_SAVE);
      return;
    }
    setBusy(true);
    try {
      show(await guard(saveAvailability(token, availability)));
      setStatus('Availability saved');
    } catch (err) {
      if (err instanceof PortalApiError && err.status === 401) return;
      if (err instanceof PortalApiError) setErrors(err.errors);
      setFailure(messageOf(err, 'Your availability could not be saved. Please try again.'));
      if (err instanceof PortalApiError && Object.keys(err.errors).length) setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  if (!view) return <PortalLoading title="Your availability" error={loadError} />;

  const periodError = (day: Weekday, i: number) =>
    errors[`weekly.${day}[${i}]`] ?? errors[`weekly.${day}[${i}].from`] ?? errors[`weekly.${day}[${i}].to`] ?? null;
  const unset = staysUnset(view.availability, weekly, daysOff);

  return (
    <section className="portal-page portal-availability">
      <h1>Your availability</h1>
      <p className="portal-muted">The hours you can work each week, on the London clock.{unset ? '' : ' A day with no periods is a day you do not work.'}</p>
      {unset && (
        <p className="portal-note" data-testid="no-hours-note">
          {NO_HOURS_NOTE}
        </p>
      )}
      {offeredNothing(unset, weekly) && (
        <p className="portal-note" data-testid="no-work-note">
          {NO_WORK_NOTE}
        </p>
      )}
      {!view.active && (
        <p role="alert" className="vh-form-error">
          Your account is suspended: please contact the office. You cannot change your hours for now.
        </p>
      )}

      <form
        ref={formRef}
        aria-label="Your availability"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2>Weekly hours</h2>
        <div className="portal-week">
          {WEEKDAYS.map((day) => {
            const dayError = errors[`weekly.${day}`];
            return (
              <fieldset key={day} className="portal-day" aria-describedby={dayError ? `day-${day}-error` : undefined}>
                <legend>{DAY_NAMES[day]}</legend>
                {weekly[day].length === 0 && (
                  <p className="portal-muted" data-testid="day-hours">
                    {emptyDayText(unset)}
                  </p>
                )}
                <ol className="portal-periods">
                  {weekly[day].map((p, i) => {
                    const error = periodError(day, i);
                    const base = `${DAY_NAMES[day]} period ${i + 1}`;
                    // A period's own error, else its day's (an overlap): either marks its times.
                    const errorId = error ? `avail-${day}-${i}-error` : dayError ? `day-${day}-error` : undefined;
                    return (
                      <li key={i}>
                        <div className="portal-period">
                          <TimeSelect id={`avail-${day}-${i}-from`} label={`${base} from`} value={p.from} onChange={(v) => setPeriod(day, i, 'from', v)} errorId={errorId} />
                          <TimeSelect id={`avail-${day}-${i}-to`} label={`${base} to`} value={p.to} onChange={(v) => setPeriod(day, i, 'to', v)} errorId={errorId} />
                          <button type="button" className="portal-button secondary" aria-label={`Remove ${base}`} onClick={() => removePeriod(day, i)}>
                            Remove
                          </button>
                        </div>
                        {error && (
                          <p id={`avail-${day}-${i}-error`} role="alert" className="vh-field-error">
                            {error}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ol>
                <button type="button" className="portal-button secondary" disabled={weekly[day].length >= MAX_PERIODS} onClick={() => addPeriod(day)}>
                  Add period
                </button>
                {dayError && (
                  <p id={`day-${day}-error`} role="alert" className="vh-field-error">
                    {dayError}
                  </p>
                )}
              </fieldset>
            );
          })}
        </div>

        <h2>Days off</h2>
        <div className="portal-dayoff-add">
          <div className="vh-field">
            <label htmlFor="avail-day-off">Day off</label>
            <input
              id="avail-day-off"
              type="date"
              value={newDayOff}
              onChange={(e) => {
                setNewDayOff(e.target.value);
                setDayOffProblem(null);
              }}
              aria-invalid={dayOffProblem ? true : undefined}
              aria-describedby={dayOffProblem ? 'avail-day-off-error' : undefined}
            />
          </div>
          <button type="button" className="portal-button secondary" onClick={addDayOff}>
            Add day off
          </button>
        </div>
        {dayOffProblem && (
          <p id="avail-day-off-error" role="alert" className="vh-field-error">
            {dayOffProblem}
          </p>
        )}
        {daysOff.length === 0 ? (
          <p className="portal-muted">No days off.</p>
        ) : (
          <ul className="portal-daysoff" aria-label="Days off">
            {daysOff.map((d, i) => (
              <li key={d}>
                <time dateTime={d}>{calendarDate(d)}</time>
                <button type="button" className="portal-button secondary" aria-label={`Remove day off ${d}`} onClick={() => removeDayOff(d)}>
                  Remove
                </button>
                {errors[`daysOff[${i}]`] && (
                  <p role="alert" className="vh-field-error">
                    {errors[`daysOff[${i}]`]}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {errors.daysOff && (
          <p role="alert" className="vh-field-error">
            {errors.daysOff}
          </p>
        )}

        <SubmitRow area="portal" label="Save availability" disabled={busy || !view.active} failure={failure} failureTestId="availability-error">
          <StatusLine status={status} />
        </SubmitRow>
      </form>
    </section>
  );
}
