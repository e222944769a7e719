/**
 * The paid jobs that came back to the office because their driver declined them, did not answer or was suspended:
 * each links to its booking and can be reassigned to a driver free for the move, at their price.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatPence,
  NO_PORTAL_ACCOUNT_TEXT,
  type JobCandidate,
  type JobReturnReason,
  type JobView,
} from '@vanhop/contracts';
import { AdminApiError, fetchJobCandidates, reassignJob } from '../admin/api';
import { londonDateTime } from '../../../lib/format';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';
import { adminPath } from '../../../lib/area-paths';

const RETURNED_WORDS: Record<JobReturnReason, string> = {
  declined: 'Declined by the driver',
  expired: 'Not answered in time',
  // The booking still names them until staff reassign or cancel it; their time was given back with the suspension.
  suspended: 'Driver suspended: reassign or cancel it',
  'not-free': 'Driver booked elsewhere then',
};

/** The staff dashboard with this booking's record open. */
export const bookingLink = (bookingId: string) => `${adminPath('dashboard')}?booking=${encodeURIComponent(bookingId)}`;

const failure = (err: unknown, fallback: string) =>
  err instanceof AdminApiError && err.serverMessage ? err.serverMessage : fallback;

interface ReassignProps {
  job: Pick<JobView, 'bookingId' | 'randomNumber'>;
  /** The job is still with a driver (offered or accepted): they are told it is no longer theirs. */
  takenFrom?: string;
  /** The button's words (the record page says "Give to another driver"). */
  label?: string;
  token: string;
  guard: <T>(p: Promise<T>) => Promise<T>;
  onReassigned: () => void;
}

/**
 * Reassign: the drivers free for this move with their price; a price above the booked one, and a
 * driver without a portal account (who cannot accept online), are confirmed first.
 */
export function Reassign({ job, token, guard, onReassigned, takenFrom, label = 'Reassign' }: ReassignProps) {
  const [candidates, setCandidates] = useState<JobCandidate[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const reassign = useSubmit(
    async (body: Parameters<typeof reassignJob>[2]) => {
      await guard(reassignJob(token, job.bookingId, body));
      onReassigned();
    },
    { failureText: (err) => failure(err, 'The job could not be reassigned.') },
  );
  const error = listError ?? reassign.failure;

  const list = async () => {
    setListError(null);
    try {
      setCandidates(await guard(fetchJobCandidates(token, job.bookingId)));
    } catch (err) {
      setListError(failure(err, 'The free drivers could not be loaded.'));
    }
  };

  const choose = async (c: JobCandidate) => {
    const over = c.overBookedPence > 0;
    const question = over
      ? `${c.name}'s price is ${formatPence(c.pricePence)}, ${formatPence(c.overBookedPence)} more than the ${formatPence(c.bookedPence)} the customer booked. The customer still pays ${formatPence(c.bookedPence)}: reassign and bear the difference?`
      : `Give booking ${job.randomNumber} to ${c.name} for ${formatPence(c.pricePence)}? The customer is told who their new driver is.${takenFrom ? ` ${takenFrom} is told the job is no longer theirs.` : ''}`;
    if (!window.confirm(question)) return;
    const noAccount = !c.portalAccount;
    if (
      noAccount &&
      !window.confirm(
        `${c.name} has no portal account, so they cannot accept online. Give them booking ${job.randomNumber} anyway and tell them yourself?`,
      )
    )
      return;
    await reassign.run({
      driverId: c.driverId,
      acceptDifference: over,
      ...(noAccount ? { confirmNoAccount: true } : {}),
    });
  };

  return (
    <div className="drivers-reassign">
      {!candidates ? (
        <Button area="admin" variant="secondary" onClick={() => void list()}>
          {label}
        </Button>
      ) : candidates.length === 0 ? (
        <p className="admin-muted">
          No other driver is free for this move: offer the customer another time or cancel it with a full refund from
          the booking.
        </p>
      ) : (
        <ul className="drivers-candidates" aria-label={`Drivers free for booking ${job.randomNumber}`}>
          {candidates.map((c) => (
            <li key={c.driverId} data-testid="job-candidate">
              {c.name}: {formatPence(c.pricePence)}
              {c.overBookedPence > 0 ? ` (${formatPence(c.overBookedPence)} over the booked price)` : ''}
              {!c.portalAccount && (
                <span className="drivers-no-account" data-testid="no-portal-account">
                  {' '}
                  ({NO_PORTAL_ACCOUNT_TEXT})
                </span>
              )}{' '}
              <Button area="admin" disabled={reassign.pending} onClick={() => void choose(c)}>
                Give to {c.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

export function ReturnedJobs({
  jobs,
  error,
  nameOf,
  token,
  guard,
  onChanged,
}: {
  jobs: JobView[] | null;
  error: string | null;
  nameOf: (driverId: string) => string | undefined;
  token?: string | null;
  guard?: <T>(p: Promise<T>) => Promise<T>;
  onChanged?: () => void;
}) {
  return (
    <section className="admin-card drivers-returned" aria-labelledby="drivers-returned-title">
      <h2 id="drivers-returned-title">Jobs back with the office</h2>
      {error && <p role="alert">{error}</p>}
      {!jobs ? (
        !error && <p>Loading...</p>
      ) : jobs.length === 0 ? (
        <p className="admin-muted">No jobs are waiting for the office.</p>
      ) : (
        <div className="drivers-table-wrap">
          <table className="drivers-table drivers-table--stack">
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Move date</th>
                <th scope="col">Driver</th>
                <th scope="col">Why</th>
                <th scope="col">Put it right</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => {
                const name = nameOf(j.driverId);
                return (
                  <tr key={j.bookingId} data-testid="returned-job">
                    <th scope="row">
                      <Link to={bookingLink(j.bookingId)}>{j.randomNumber}</Link>
                    </th>
                    <td data-label="Move date">{londonDateTime(j.move.date)}</td>
                    {/* Staff know drivers by name; the id is shown only for a driver no longer in the list. */}
                    <td data-label="Driver" className="drivers-table-id" data-driver-id={j.driverId}>
                      {name ?? j.driverId}
                    </td>
                    <td data-label="Why">
                      {j.returnedBecause ? RETURNED_WORDS[j.returnedBecause] : 'Returned'}
                      {j.bookingState === 'postponed' ? ' (postponed by the customer)' : ''}
                    </td>
                    <td data-label="Put it right">
                      {token && guard ? (
                        <Reassign job={j} token={token} guard={guard} onReassigned={() => onChanged?.()} />
                      ) : (
                        <Link to={bookingLink(j.bookingId)}>Open the booking</Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
