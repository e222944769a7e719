/**
 * One job on the driver's Jobs page: the move, the money for the day, the customer while the move
 * is on, and the answer an offered job is waiting for.
 */
import { jobStateText, type JobView } from '@vanhop/contracts';
import { ItemList } from '../../components/ItemList';
import { Badge, type Tone } from '../../ui';
import { londonDateTime } from '../drivers/format';
import { JobAnswer, type JobAnswerKind } from './JobAnswer';
import { JobMoney } from './JobMoney';
import { JobProgress, showsProgress } from './JobProgress';

/** The server's words for the job and its booking (the same function, for jobs stored before it said them). */
const statusText = (job: JobView): string => job.stateText ?? jobStateText(job);

/** Waiting for the driver stands out; a job back with the office is a loss, an accepted one done. */
const STATUS_TONES: Record<JobView['status'], Tone> = { offered: 'warning', accepted: 'success', 'returned-to-staff': 'danger' };
/** A move that is off (cancelled or postponed): nothing to answer, nobody to contact. */
const isOff = (job: JobView) => job.bookingState === 'cancelled' || job.bookingState === 'postponed';
const toneOf = (job: JobView): Tone => (isOff(job) ? 'danger' : STATUS_TONES[job.status]);

const stairsText = (n: number) => (n > 0 ? `${n} flight${n === 1 ? '' : 's'} of stairs` : 'no stairs');

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
  return (
    <article className={`portal-card portal-job is-${job.status}`} aria-labelledby={titleId} data-testid="job-card">
      <h3 id={titleId}>Booking {job.randomNumber}</h3>
      <p className={`portal-job-status is-${job.status}`}>
        <Badge tone={toneOf(job)} data-testid="job-status">
          {statusText(job)}
        </Badge>
      </p>
      {!isOff(job) && <JobMoney job={job} />}
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
        {customer ? (
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
      {onChanged && showsProgress(job, new Date()) && <JobProgress job={job} onChanged={onChanged} onStale={onStale ?? (() => undefined)} />}
    </article>
  );
}
