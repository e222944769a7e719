/**
 * The top of the staff dashboard: paid bookings whose driver gave the job back (declined, did not
 * answer, or was suspended) and that nobody has taken yet, with what staff can do about each.
 */
import { Link } from 'react-router-dom';
import type { BookingRecord, NeedsDriver } from '@vanhop/contracts';
import { Button } from '../../../ui';
import { adminPath } from '../../../lib/area-paths';
import { BookingsAlert } from './BookingsAlert';

type WithNeeds = BookingRecord & { needsDriver?: NeedsDriver | null; state?: string };

const WHY: Record<NeedsDriver['because'], string> = {
  declined: 'the driver declined it',
  expired: 'the driver did not answer in time',
  suspended: 'the driver is no longer available (suspended)',
  'not-free': 'the driver is booked for another move then',
};

export function NeedsDriverAlert({
  records,
  onOpen,
}: {
  records: BookingRecord[];
  onOpen: (record: BookingRecord) => void;
}) {
  const waiting = (records as WithNeeds[]).filter((r) => r.needsDriver && r.state !== 'cancelled');
  return (
    <BookingsAlert
      titleId="admin-needs-driver-title"
      testId="needs-driver"
      title={waiting.length === 1 ? '1 booking needs a driver' : `${waiting.length} bookings need a driver`}
      items={waiting.map((r) => ({
        key: r._id,
        link: (
          <Button className="admin-link" onClick={() => onOpen(r)}>
            Booking {r.randomNumber}
          </Button>
        ),
        date: r.quote.date,
        detail: (
          <>
            {WHY[r.needsDriver!.because]}. Options: <Link to={adminPath('drivers')}>reassign it to a free driver</Link>,
            agree another time with the customer (Change date in the booking), or cancel it with a full refund.
          </>
        ),
      }))}
    />
  );
}
