/**
 * The day of the move on an accepted job: the driver marks "On my way", "Arrived" and "Done" in
 * turn (the customer is texted each, and My move shows it). One button at a time, the next step
 * only, so the steps cannot be tapped out of order; the ones done show with their time. "Done"
 * first asks for the proof of delivery (photos of the load, the customer's signature).
 */
import { useState } from 'react';
import { useSubmit } from '../../lib/useSubmit';
import {
  JOB_PROGRESS_BUTTON,
  JOB_PROGRESS_DONE_TEXT,
  JOB_PROGRESS_STEPS,
  nextProgressStep,
  paidOnDayText,
  signedForText,
  type JobProgressStep,
  type JobView,
} from '@vanhop/contracts';
import { londonDateTime, londonTime } from '../../lib/format';
import { isUnauthorized, markJobProgress, messageOf, PortalApiError } from './api';
import { JobDoneProof } from './JobDoneProof';
import { VanLocationShare } from './VanLocationShare';
import { useDriverSession } from './session';
import { Button } from '../../ui';
import { FormError } from '../../ui/fields';

const LONDON_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const londonDayOf = (d: Date) => LONDON_DAY.format(d);

/** Whether the card shows the day's steps: started, on the move's London day, or once they open. */
export function showsProgress(job: JobView, now: Date): boolean {
  if (job.status !== 'accepted' || job.bookingState === 'cancelled' || job.bookingState === 'postponed') return false;
  if (job.progress) return true;
  const start = new Date(job.move.date);
  if (Number.isNaN(start.getTime())) return false;
  const opens = job.progressOpensAt ? Date.parse(job.progressOpensAt) : Number.NaN;
  return (
    londonDayOf(start) === londonDayOf(now) ||
    (!Number.isNaN(opens) && now.getTime() >= opens && now.getTime() < start.getTime() + 24 * 3_600_000)
  );
}

export function JobProgress({
  job,
  onChanged,
  onStale,
  now = new Date(),
}: {
  job: JobView;
  onChanged: (job: JobView) => void;
  onStale: () => void;
  now?: Date;
}) {
  const { token, guard } = useDriverSession();
  const [proving, setProving] = useState(false);
  const next = nextProgressStep(job.progress);
  const current = job.progress ? JOB_PROGRESS_STEPS.indexOf(job.progress) : -1;
  const opensAt = job.progressOpensAt ? Date.parse(job.progressOpensAt) : Number.NaN;
  const tooEarly = next === 'on-my-way' && !Number.isNaN(opensAt) && now.getTime() < opensAt;

  const save = useSubmit(
    async (token: string, step: JobProgressStep) => {
      try {
        onChanged(await guard(markJobProgress(token, job.bookingId, step)));
      } catch (err) {
        if (err instanceof PortalApiError && err.status === 409) onStale();
        throw err;
      }
    },
    {
      failureText: (err) =>
        isUnauthorized(err) ? null : messageOf(err, 'This step could not be saved. Please try again.'),
    },
  );

  // "Done" opens the proof form (photos and signature) instead of saving at once.
  const mark = () => {
    if (!token || !next) return;
    save.reset();
    if (next === 'done') setProving(true);
    else void save.run(token, next);
  };

  return (
    <div className="portal-job-progress" data-testid="job-progress">
      <h4>On the day</h4>
      <ol className="portal-progress-steps">
        {JOB_PROGRESS_STEPS.map((step, i) => (
          <li key={step} className={i <= current ? 'is-done' : 'is-pending'}>
            {i <= current ? (
              <>
                <span aria-hidden="true">✓ </span>
                {JOB_PROGRESS_DONE_TEXT[step]}
                {i === current && job.progressAt ? (
                  <>
                    {' '}
                    at <time dateTime={job.progressAt}>{londonTime(job.progressAt)}</time>
                  </>
                ) : null}
              </>
            ) : (
              JOB_PROGRESS_BUTTON[step]
            )}
          </li>
        ))}
      </ol>
      {job.progress === 'on-my-way' && (job.bookingState ?? 'active') === 'active' && (
        <VanLocationShare bookingId={job.bookingId} />
      )}
      <FormError error={save.failure} compact />
      {job.signedFor && (
        <p className="portal-signed-for" data-testid="signed-for">
          {signedForText(job.signedFor)}
        </p>
      )}
      {job.collected && (
        <p className="portal-signed-for" data-testid="paid-on-day">
          {paidOnDayText(job.collected)}
        </p>
      )}
      {next === 'done' && proving ? (
        <JobDoneProof
          job={job}
          onDone={(done) => {
            setProving(false);
            onChanged(done);
          }}
          onCancel={() => setProving(false)}
          onStale={onStale}
        />
      ) : (
        next &&
        (tooEarly ? (
          <p className="portal-muted">
            You can mark “{JOB_PROGRESS_BUTTON[next]}” from{' '}
            <time dateTime={job.progressOpensAt}>{londonDateTime(job.progressOpensAt)}</time>.
          </p>
        ) : (
          <div className="portal-actions">
            <Button area="portal" disabled={save.pending} onClick={mark}>
              {JOB_PROGRESS_BUTTON[next]}
            </Button>
            <span className="portal-muted">The customer gets a text.</span>
          </div>
        ))
      )}
    </div>
  );
}
