/**
 * Flags on a paid booking's job, read when its record opens: the driver's hours no longer cover
 * the move, a document expires before it, or a suspended driver's time is still held.
 */
import type { BookingRecord } from '@vanhop/contracts';
import { fetchJobConflicts } from './api';
import { useAdminSession } from './session';
import { useResource } from '../../../lib';

export function RecordJobConflicts({ record }: { record: BookingRecord }) {
  const { token, guard } = useAdminSession();
  const wanted = token && record.paymentStatus !== 'unpaid' && record.driver;
  const { data } = useResource(wanted ? () => guard(fetchJobConflicts(token, record._id)) : null, [
    token,
    guard,
    record._id,
    wanted,
  ]);
  if (!data || data.length === 0) return null;
  return (
    <section aria-label="Conflicts" className="admin-needs-driver" role="alert" data-testid="record-job-conflicts">
      <h3>Needs attention</h3>
      <ul>
        {data.map((c) => (
          <li key={c.kind} data-kind={c.kind}>
            {c.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
