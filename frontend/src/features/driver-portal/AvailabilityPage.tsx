/**
 * /driver/availability: the driver's weekly hours (Europe/London, up to 4 periods a day on quarter
 * hours) and days off. Checked with availabilitySchema before it is sent whole to the service; a
 * refused Save focuses the first wrong period. Each day says what the quote service does with it
 * (availability-text.ts): any time while no hours are set, else only its periods. A save that found
 * the session expired keeps what was typed (./form-drafts) for when the driver has signed in again.
 */
import { useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { WEEKDAYS, availabilitySchema, type Availability, type JobOutsideHours } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { schemaErrors } from '../../lib/price-card-form';
import { StatusLine, SubmitRow } from '../../ui/fields';
import { useResource } from '../../lib';
import { isUnauthorized } from '../../api/bearer-client';
import { PortalApiError, checkAvailability, fetchSelf, messageOf, saveAvailability } from './api';
import { AvailabilityLeavesOut } from './AvailabilityLeavesOut';
import {
  INITIAL_AVAILABILITY,
  availabilityReducer,
  type AvailabilityAction,
  type AvailabilityState,
} from './availability-state';
import { NO_HOURS_NOTE, NO_WORK_NOTE, offeredNothing, staysUnset } from './availability-text';
import { DaysOff } from './AvailabilityDaysOff';
import { DayHours } from './AvailabilityWeek';
import { focusFirstInvalid } from './focus-first-invalid';
import { DRAFT_RESTORED_TEXT, availabilityDrafts } from './form-drafts';
import { PortalLoading } from './PortalLoading';
import { londonDateTime } from '../../lib/format';
import { useDriverSession } from './session';

type DriverSession = ReturnType<typeof useDriverSession>;

/**
 * Saving the hours: checked first, then the jobs they would leave out asked for (the driver decides
 * before saving over them), then sent whole. Answers with the jobs the saved hours left out.
 */
function useAvailabilitySave(
  { token, guard }: DriverSession,
  state: AvailabilityState,
  dispatch: Dispatch<AvailabilityAction>,
) {
  const { view, weekly, daysOff } = state;
  // Jobs the hours just saved leave out: the driver is told at once (staff see them flagged too).
  const [outside, setOutside] = useState<JobOutsideHours[]>([]);
  // Jobs the hours on the page would leave out, found before saving: the driver decides first.
  const [leavesOut, setLeavesOut] = useState<JobOutsideHours[]>([]);

  // A warning is about the hours it was found for: any edit asks again on the next Save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the edits themselves are what clears it.
  useEffect(() => setLeavesOut([]), [weekly, daysOff]);

  /** The jobs these hours would leave out; none when the check could not be made (the save still tells). */
  const wouldLeaveOut = async (availability: Availability): Promise<JobOutsideHours[]> => {
    if (!token) return [];
    try {
      return (await checkAvailability(token, availability)).jobsOutsideHours;
    } catch {
      return [];
    }
  };

  const send = async (signedIn: string, availability: Availability) => {
    dispatch({ type: 'sending' });
    try {
      const saved = await guard(saveAvailability(signedIn, availability));
      setOutside(saved.jobsOutsideHours ?? []);
      availabilityDrafts.forget(saved.id);
      dispatch({ type: 'saved', view: saved });
    } catch (err) {
      if (isUnauthorized(err)) {
        // The session expired: the driver is on their way to sign in again; keep what they typed for when they come back.
        if (view) availabilityDrafts.keep(view.id, availability);
        return dispatch({ type: 'refused', errors: null, failure: null });
      }
      dispatch({
        type: 'refused',
        errors: err instanceof PortalApiError ? err.errors : null,
        failure: messageOf(err, 'Your availability could not be saved. Please try again.'),
      });
    }
  };

  const save = async (anyway = false) => {
    if (!token) return;
    const availability: Availability = { weekly, daysOff };
    const problems = await schemaErrors(availabilitySchema, availability);
    dispatch({ type: 'checked', errors: problems });
    if (Object.keys(problems).length) return;
    // Saving an empty page would store hours with no periods: the driver would be offered nothing.
    if (staysUnset(view?.availability ?? null, weekly, daysOff)) {
      dispatch({ type: 'nothingToSave' });
      return;
    }
    if (!anyway) {
      const jobs = await wouldLeaveOut(availability);
      if (jobs.length > 0) return setLeavesOut(jobs);
    }
    setLeavesOut([]);
    await send(token, availability);
  };

  return { save, outside, leavesOut, keepEditing: () => setLeavesOut([]) };
}

/** What the page says about the hours above the form: how unset hours count, a restored draft, jobs left out, a suspension. */
function AvailabilityNotes({
  unset,
  offersNothing,
  restored,
  outside,
  active,
}: {
  unset: boolean;
  offersNothing: boolean;
  restored: boolean;
  outside: JobOutsideHours[];
  active: boolean;
}) {
  return (
    <>
      {unset && (
        <p className="portal-note" data-testid="no-hours-note">
          {NO_HOURS_NOTE}
        </p>
      )}
      {offersNothing && (
        <p className="portal-note" data-testid="no-work-note">
          {NO_WORK_NOTE}
        </p>
      )}
      {restored && (
        <p className="portal-note" data-testid="draft-restored">
          {DRAFT_RESTORED_TEXT}
        </p>
      )}
      {outside.length > 0 && (
        <div role="alert" className="portal-note" data-testid="jobs-outside-hours">
          <p>
            Your new hours leave out {outside.length === 1 ? 'a job you have' : 'jobs you have'}: the office can see
            this. Please call the office, or change your hours back.
          </p>
          <ul>
            {outside.map((j) => (
              <li key={j.bookingId}>
                Booking {j.randomNumber} on {londonDateTime(j.date)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!active && (
        <p role="alert" className="vh-form-error">
          Your account is suspended: please contact the office. You cannot change your hours for now.
        </p>
      )}
    </>
  );
}

/** Each weekday's periods, with a way to change, add and remove them. */
function WeeklyHours({
  weekly,
  errors,
  unset,
  dispatch,
}: Pick<AvailabilityState, 'weekly' | 'errors'> & { unset: boolean; dispatch: Dispatch<AvailabilityAction> }) {
  return (
    <>
      <h2>Weekly hours</h2>
      <div className="portal-week">
        {WEEKDAYS.map((day) => (
          <DayHours
            key={day}
            day={day}
            periods={weekly[day]}
            errors={errors}
            unset={unset}
            onChange={(index, part, value) => dispatch({ type: 'periodChanged', day, index, part, value })}
            onAdd={() => dispatch({ type: 'periodAdded', day })}
            onRemove={(index) => dispatch({ type: 'periodRemoved', day, index })}
          />
        ))}
      </div>
    </>
  );
}

export function AvailabilityPage() {
  usePageTitle('Your availability · VanHop driver portal');
  const session = useDriverSession();
  const { token, guard } = session;
  const [state, dispatch] = useReducer(availabilityReducer, INITIAL_AVAILABILITY);
  const { view, weekly, daysOff, errors, refusals } = state;
  const formRef = useRef<HTMLFormElement>(null);
  const { save, outside, leavesOut, keepEditing } = useAvailabilitySave(session, state, dispatch);

  useEffect(() => {
    if (refusals === 0) return;
    if (!focusFirstInvalid(formRef.current))
      formRef.current
        ?.querySelector<HTMLElement>('[data-testid="availability-error"]')
        ?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const self = useResource(token ? () => guard(fetchSelf(token)) : null, [token, guard]);
  const loadError = self.error !== undefined ? messageOf(self.error, 'Your availability could not be loaded.') : null;
  useEffect(() => {
    if (self.data) dispatch({ type: 'shown', view: self.data, draft: availabilityDrafts.read(self.data.id) });
  }, [self.data]);

  if (!view) return <PortalLoading title="Your availability" error={loadError} />;

  const unset = staysUnset(view.availability, weekly, daysOff);

  return (
    <section className="portal-page portal-availability">
      <h1>Your availability</h1>
      <p className="portal-muted">
        The hours you can work each week, on the London clock.
        {unset ? '' : ' A day with no periods is a day you do not work.'}
      </p>
      <AvailabilityNotes
        unset={unset}
        offersNothing={offeredNothing(unset, weekly)}
        restored={state.restored}
        outside={outside}
        active={view.active}
      />

      <form
        ref={formRef}
        aria-label="Your availability"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <WeeklyHours weekly={weekly} errors={errors} unset={unset} dispatch={dispatch} />

        <DaysOff
          daysOff={daysOff}
          newDayOff={state.newDayOff}
          problem={state.dayOffProblem}
          errors={errors}
          onType={(value) => dispatch({ type: 'dayOffTyped', value })}
          onAdd={() => dispatch({ type: 'dayOffAdded' })}
          onRemove={(day) => dispatch({ type: 'dayOffRemoved', day })}
        />

        {leavesOut.length > 0 && (
          <AvailabilityLeavesOut
            jobs={leavesOut}
            busy={state.busy}
            onSaveAnyway={() => void save(true)}
            onKeepEditing={keepEditing}
          />
        )}

        <SubmitRow
          area="portal"
          label="Save availability"
          disabled={state.busy || !view.active}
          failure={state.failure}
          failureTestId="availability-error"
        >
          <StatusLine status={state.status} />
        </SubmitRow>
      </form>
    </section>
  );
}
