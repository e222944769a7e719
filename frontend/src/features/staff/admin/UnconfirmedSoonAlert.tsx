/**
 * The top of the staff dashboard, beside the jobs given back: paid moves starting within hours
 * that no driver has accepted yet (offered and unanswered), so the office rings round before the
 * customer is left waiting on the day.
 */
import { Link } from 'react-router-dom';
import { UNCONFIRMED_ALERT_HOURS, type JobView } from '@vanhop/contracts';
import { londonDateTime } from '../../../lib/format';
import { useResource } from '../../../lib';
import { fetchUnconfirmedSoon } from './unconfirmed-api';
import { useAdminSession } from './session';

const waitingFor = (j: JobView) =>
  j.status === 'offered'
    ? `offered to the driver, no answer yet (answer due ${londonDateTime(j.respondBy)})`
    : 'no driver has accepted it';

export function UnconfirmedSoonAlert({ reloadKey }: { reloadKey: number }) {
  const { token, guard } = useAdminSession();
  const read = useResource(token ? () => guard(fetchUnconfirmedSoon(token)) : null, [token, guard, reloadKey]);
  // An answer that is not a list (an older server) shows nothing rather than breaking the dashboard.
  const jobs = Array.isArray(read.data) ? read.data : [];
  if (jobs.length === 0) return null;
  return (
    <section
      className="admin-card admin-needs-driver"
      role="alert"
      aria-labelledby="admin-unconfirmed-title"
      data-testid="unconfirmed-soon"
    >
      <h2 id="admin-unconfirmed-title">
        {jobs.length === 1
          ? `1 move within ${UNCONFIRMED_ALERT_HOURS} hours has no accepted driver`
          : `${jobs.length} moves within ${UNCONFIRMED_ALERT_HOURS} hours have no accepted driver`}
      </h2>
      <ul>
        {jobs.map((j) => (
          <li key={j.bookingId}>
            <Link to={`?booking=${encodeURIComponent(j.bookingId)}`}>Booking {j.randomNumber}</Link> on{' '}
            {londonDateTime(j.move.date)}: {waitingFor(j)}. Ring the driver, or give it to another driver from the
            booking.
          </li>
        ))}
      </ul>
    </section>
  );
}
