/**
 * "Call customer" on an accepted job, from the day before the move to the end of its day. The
 * server sets up a masked call and answers only the number to dial (neither phone is shown to the
 * other); where calls are not connected it answers the stand-in's words, shown as they are. When
 * calls are not relayed the driver has the customer's number, and the button is a link to dial it.
 */
import { useState } from 'react';
import { useSubmit } from '../../lib/useSubmit';
import { isCallOpen, JOB_CALL_BUTTON, JOB_CALL_MSG, type JobCallResponse, type JobView } from '@vanhop/contracts';
import { callCustomer, isUnauthorized, messageOf, PortalApiError } from './api';
import { useDriverSession } from './session';
import { Button } from '../../ui';
import { FormError } from '../../ui/fields';

/** Whether the card offers the call: an accepted job of a live booking, on its day or the day before. */
export const offersCall = (job: JobView, now: Date): boolean =>
  job.status === 'accepted' &&
  (job.bookingState ?? 'active') === 'active' &&
  job.progress !== 'done' &&
  isCallOpen(job.move.date, now);

export function JobCall({ job, onStale }: { job: JobView; onStale: () => void }) {
  const { token, guard } = useDriverSession();
  const [answer, setAnswer] = useState<JobCallResponse | null>(null);
  const ask = useSubmit(
    async () => {
      if (!token) return;
      try {
        setAnswer(await guard(callCustomer(token, job.bookingId)));
      } catch (err) {
        if (err instanceof PortalApiError && err.status === 409) onStale();
        throw err;
      }
    },
    {
      failureText: (err) =>
        isUnauthorized(err) ? null : messageOf(err, 'The call could not be set up. Please try again.'),
    },
  );

  // Calls not relayed: the card shows the customer's number, so "Call customer" rings that very number.
  const phone = job.customer?.phone;
  if (phone)
    return (
      <div className="portal-job-call" data-testid="job-call">
        <a className="portal-button" href={`tel:${phone.replace(/\s/g, '')}`}>
          {JOB_CALL_BUTTON}
        </a>
      </div>
    );

  return (
    <div className="portal-job-call" data-testid="job-call">
      {answer?.connected ? (
        <p className="portal-call-ready" role="status">
          <a className="portal-button" href={`tel:${answer.dial.replace(/\s/g, '')}`}>
            Dial {answer.dial}
          </a>{' '}
          <span className="portal-muted">{JOB_CALL_MSG.connected}</span>
        </p>
      ) : (
        <Button area="portal" variant="secondary" disabled={ask.pending} onClick={() => void ask.run()}>
          {JOB_CALL_BUTTON}
        </Button>
      )}
      {answer && !answer.connected && (
        <p className="portal-call-standin" role="status" data-testid="call-stand-in">
          <strong>Stand-in:</strong> {answer.message}
        </p>
      )}
      <FormError error={ask.failure} compact />
    </div>
  );
}
