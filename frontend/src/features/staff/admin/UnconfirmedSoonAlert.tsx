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
import { BookingsAlert } from './BookingsAlert';

const waitingFor = (j: JobView) =>
  j.status === 'offered'
    ? `offered to the driver, no answer yet (answer due ${londonDateTime(j.respondBy)})`
    : 'no driver has accepted it';

export function UnconfirmedSoonAlert({ reloadKey }: { reloadKey: number }) {
  const { token, guard } = useAdminSession();
  const read = useResource(token ? () => guard(fetchUnconfirmedSoon(token)) : null, [token, guard, reloadKey]);
  // An answer that is not a list (an older server) shows nothing rather than breaking the dashboard.
  const jobs = Array.isArray(read.data) ? read.data : [];
  return (
    <BookingsAlert
      titleId="admin-unconfirmed-title"
      testId="unconfirmed-soon"
      title={
        jobs.length === 1
          ? `1 move within ${UNCONFIRMED_ALERT_HOURS} hours has no accepted driver`
          : `${jobs.length} moves within ${UNCONFIRMED_ALERT_HOURS} hours have no accepted driver`
      }
      items={jobs.map((j) => ({
        key: j.bookingId,
        link: <Link to={`?booking=${encodeURIComponent(j.bookingId)}`}>Booking {j.randomNumber}</Link>,
        date: j.move.date,
        detail: `${waitingFor(j)}. Ring the driver, or give it to another driver from the booking.`,
      }))}
    />
  );
}
