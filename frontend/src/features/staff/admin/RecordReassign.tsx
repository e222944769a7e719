/**
 * The dispatch board in a paid booking's panel: staff give the job to another driver free for the
 * move, whether it waits for its driver's answer, was accepted, or came back to the office. The
 * driver it is taken from is told, and their time is freed.
 */
import { useState } from 'react';
import type { BookingRecord } from '@vanhop/contracts';
import { Reassign } from '../drivers/ReturnedJobs';
import { jobStatusOf } from './job-status';
import { lifecycleOf, recordDate } from './records';
import { useAdminSession } from './session';

/** Whether the record's job may go to another driver: paid, live, not done, the move not started. */
export function canReassign(record: BookingRecord, now: Date = new Date()): boolean {
  if (record.paymentStatus === 'unpaid' || lifecycleOf(record).state !== 'active') return false;
  if ((record as { jobDoneAt?: string | null }).jobDoneAt) return false;
  const date = recordDate(record);
  return date !== null && date.getTime() > now.getTime();
}

export function RecordReassign({ record }: { record: BookingRecord }) {
  const { token, guard } = useAdminSession();
  const [given, setGiven] = useState(false);
  if (!token || !canReassign(record)) return null;
  const status = jobStatusOf(record);
  const current = status.tone === 'needs-driver' ? undefined : record.driver?.name;
  return (
    <section aria-label="Driver for this move" data-testid="record-reassign">
      <h3>Driver for this move</h3>
      {given ? (
        <p role="status">Reassigned: the new driver is asked to accept, and the customer is told who they are.</p>
      ) : (
        <Reassign
          job={{ bookingId: record._id, randomNumber: record.randomNumber }}
          token={token}
          guard={guard}
          takenFrom={current}
          label={current ? 'Give to another driver' : 'Reassign'}
          onReassigned={() => setGiven(true)}
        />
      )}
    </section>
  );
}
