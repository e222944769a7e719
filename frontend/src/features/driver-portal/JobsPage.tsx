/**
 * /driver/jobs: the paid bookings offered to the driver, today's, upcoming and past. An offered job
 * is accepted or declined before its respond-by time, or it goes back to the office.
 */
import { useCallback, useEffect, useState } from 'react';
import { jobStateText, type DriverJobsResponse, type JobView } from '@vanhop/contracts';
import { usePageTitle } from '../../app/usePageTitle';
import { ItemList } from '../../components/ItemList';
import { Badge, type Tone } from '../../ui';
import { londonDateTime } from '../drivers/format';
import { StatusLine } from '../drivers/fields';
import { PortalApiError, answerJob, fetchJobs, messageOf } from './api';
import { useDriverSession } from './session';

type Section = keyof DriverJobsResponse;
const SECTIONS: { key: Section; title: string; empty: string }[] = [
  { key: 'today', title: 'Today', empty: 'No jobs today.' },
  { key: 'upcoming', title: 'Upcoming', empty: 'No upcoming jobs.' },
  { key: 'past', title: 'Past', empty: 'No past jobs.' },
];

/** The server's words for the job and its booking (the same function, for jobs stored before it said them). */
const statusText = (job: JobView): string => job.stateText ?? jobStateText(job);

/** Waiting for the driver stands out; a job back with the office is a loss, an accepted one done. */
const STATUS_TONES: Record<JobView['status'], Tone> = { offered: 'warning', accepted: 'success', 'returned-to-staff': 'danger' };
/** A move that is off (cancelled or postponed): nothing to answer, nobody to contact. */
const isOff = (job: JobView) => job.bookingState === 'cancelled' || job.bookingState === 'postponed';
const toneOf = (job: JobView): Tone => (isOff(job) ? 'danger' : STATUS_TONES[job.status]);

const stairsText = (n: number) => (n > 0 ? `${n} flight${n === 1 ? '' : 's'} of stairs` : 'no stairs');

function JobCard({ job, busy, onAnswer }: { job: JobView; busy: boolean; onAnswer: (job: JobView, answer: 'accept' | 'decline') => void }) {
  const titleId = `job-${job.bookingId}-title`;
  const { move, customer } = job;
  return (
    <article className={`portal-card portal-job is-${job.status}`} aria-labelledby={titleId} data-testid="job-card">
      <h3 id={titleId}>Booking {job.randomNumber}</h3>
      <p className={`portal-job-status is-${job.status}`}>
        <Badge tone={toneOf(job)} data-testid="job-status">
          {statusText(job)}
        </Badge>
      </p>
      <dl className="portal-facts">
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={move.date}>{londonDateTime(move.date)}</time>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{move.totalHour} hours</dd>
        </div>
        <div>
          <dt>Van</dt>
          <dd>{move.typeofVan}</dd>
        </div>
        <div>
          <dt>Help</dt>
          <dd>{move.typeOfWorker}</dd>
        </div>
        <div>
          <dt>Addresses</dt>
          <dd>
            <ol className="portal-addresses">
              {move.addresses.map((a, i) => (
                <li key={i}>
                  {a.location}
                  {a.physicalAddress ? `, ${a.physicalAddress}` : ''} ({stairsText(a.stair)})
                </li>
              ))}
            </ol>
          </dd>
        </div>
        {move.items && move.items.length > 0 && (
          <div>
            <dt>Items</dt>
            <dd>
              <ItemList items={move.items} className="portal-items" />
            </dd>
          </div>
        )}
        {move.description && (
          <div>
            <dt>Description</dt>
            <dd>{move.description}</dd>
          </div>
        )}
        {customer && (
        <div>
          <dt>Customer</dt>
          <dd>
            {customer.name}
            <br />
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
            <br />
            <a href={`tel:${customer.phone.replace(/\s/g, '')}`}>{customer.phone}</a>
          </dd>
        </div>
        )}
      </dl>
      {job.status === 'offered' && !isOff(job) && (
        <div className="portal-job-answer">
          <p>
            <strong>
              Respond by <time dateTime={job.respondBy}>{londonDateTime(job.respondBy)}</time>
            </strong>
          </p>
          <div className="portal-actions">
            <button type="button" className="portal-button" disabled={busy} onClick={() => onAnswer(job, 'accept')}>
              Accept
            </button>
            <button type="button" className="portal-button secondary" disabled={busy} onClick={() => onAnswer(job, 'decline')}>
              Decline
            </button>
          </div>
        </div>
      )}
    </article>
  );
}

export function JobsPage() {
  usePageTitle('Your jobs · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const [jobs, setJobs] = useState<DriverJobsResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const answer = await guard(fetchJobs(token));
      setJobs({ today: answer.today ?? [], upcoming: answer.upcoming ?? [], past: answer.past ?? [] });
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err, 'Your jobs could not be loaded.'));
    }
  }, [token, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  const onAnswer = async (job: JobView, answer: 'accept' | 'decline') => {
    if (!token) return;
    setBusy(job.bookingId);
    setError(null);
    setNotice(null);
    try {
      const updated = await guard(answerJob(token, job.bookingId, answer));
      setJobs((all) =>
        all && {
          today: all.today.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
          upcoming: all.upcoming.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
          past: all.past.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
        },
      );
      setNotice(answer === 'accept' ? `You accepted booking ${job.randomNumber}.` : `You declined booking ${job.randomNumber}: it goes back to the office.`);
    } catch (err) {
      if (err instanceof PortalApiError && err.status === 401) return;
      setError(messageOf(err, 'Your answer could not be saved. Please try again.'));
      if (err instanceof PortalApiError && err.status === 409) await load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="portal-page">
      <h1>Your jobs</h1>
      {error && (
        <p role="alert" className="vh-form-error">
          {error}
        </p>
      )}
      <StatusLine status={notice} />
      {!jobs ? (
        loadError ? <p role="alert">{loadError}</p> : <p>Loading...</p>
      ) : (
        SECTIONS.map(({ key, title, empty }) => (
          <section key={key} className="portal-jobs-section" aria-labelledby={`jobs-${key}`}>
            <h2 id={`jobs-${key}`}>{title}</h2>
            {jobs[key].length === 0 ? (
              <p className="portal-muted">{empty}</p>
            ) : (
              <div className="portal-jobs">
                {jobs[key].map((job) => (
                  <JobCard key={job.bookingId} job={job} busy={busy === job.bookingId} onAnswer={(j, a) => void onAnswer(j, a)} />
                ))}
              </div>
            )}
          </section>
        ))
      )}
    </section>
  );
}
