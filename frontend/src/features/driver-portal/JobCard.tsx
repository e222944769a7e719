/**
 * One job on the driver's Jobs page: the move, the money for the day, the customer while the move
 * is on, and the answer an offered job is waiting for.
 */
import { jobStateText, type JobView } from '@vanhop/contracts';
import { ItemList } from '../../ui/ItemList';
import { Badge, type Tone } from '../../ui';
import { londonDateTime } from '../../lib/format';
import { JobAnswer, type JobAnswerKind } from './JobAnswer';
import { JobMoney } from './JobMoney';
import { JobProgress, showsProgress } from './JobProgress';
import { JobAddresses } from './JobAddresses';
import { JobCall, offersCall } from './JobCall';
import './job-day-card.css';

/** The server's words for the job and its booking (the same function, for jobs stored before it said them). */
const statusText = (job: JobView): string => job.stateText ?? jobStateText(job);

/** Waiting for the driver stands out; a job back with the office is a loss, an accepted one done. */
const STATUS_TONES: Record<JobView['status'], Tone> = {
  offered: 'warning',
  accepted: 'success',
  'returned-to-staff': 'danger',
};
/** A move that is off (cancelled or postponed): nothing to answer, nobody to contact. */
const isOff = (job: JobView) => job.bookingState === 'cancelled' || job.bookingState === 'postponed';
const toneOf = (job: JobView): Tone => (isOff(job) ? 'danger' : STATUS_TONES[job.status]);

export function JobCard({
  job,
  busy,
  onAnswer,
  onChanged,
  onStale,
}: {
  job: JobView;
  busy: boolean;
  onAnswer: (job: JobView, answer: JobAnswerKind) => void;
  /** The day of the move: a step marked (the card shows the job as the server answered it). */
  onChanged?: (job: JobView) => void;
  onStale?: () => void;
}) {
  const titleId = `job-${job.bookingId}-title`;
  const { move, customer } = job;
  const now = new Date();
  // On the day the money is what the driver must not get wrong: it stands out above the facts.
  const onTheDay = showsProgress(job, now);
  return (
    <article className={`portal-card portal-job is-${job.status}`} aria-labelledby={titleId} data-testid="job-card">
      <h3 id={titleId}>Booking {job.randomNumber}</h3>
      <p className={`portal-job-status is-${job.status}`}>
        <Badge tone={toneOf(job)} data-testid="job-status">
          {statusText(job)}
        </Badge>
      </p>
      {!isOff(job) &&
        (onTheDay ? <div className="portal-day-money">{<JobMoney job={job} />}</div> : <JobMoney job={job} />)}
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
            <JobAddresses addresses={move.addresses} />
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
        {customer ? (
          <div>
            <dt>Customer</dt>
            <dd>
              {customer.name}
              <br />
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
              <br />
              {customer.phone ? (
                <a href={`tel:${customer.phone.replace(/\s/g, '')}`}>{customer.phone}</a>
              ) : (
                <span className="portal-muted">
                  Ring them with Call customer: neither of you sees the other’s number.
                </span>
              )}
            </dd>
          </div>
        ) : (
          job.customerName && (
            <div>
              <dt>Customer</dt>
              <dd>
                {job.customerName}
                <br />
                <span className="portal-muted">Their phone number and e-mail show here once you accept the job.</span>
              </dd>
            </div>
          )
        )}
      </dl>
      {job.status === 'offered' && !isOff(job) && <JobAnswer job={job} busy={busy} onAnswer={onAnswer} />}
      {offersCall(job, now) && <JobCall job={job} onStale={onStale ?? (() => undefined)} />}
      {onChanged && onTheDay && <JobProgress job={job} onChanged={onChanged} onStale={onStale ?? (() => undefined)} />}
    </article>
  );
}
