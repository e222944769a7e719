/**
 * The job status the staff lists show beside each booking: where it is in its life and, for a live
 * paid booking, the driver's answer. Read from what the admin record already carries (state,
 * paymentStatus, needsDriver, driverAcceptedAt), so no list needs a call per row.
 */
import type { BookingRecord, DriverToConfirm, NeedsDriver } from '@vanhop/contracts';
import { lifecycleOf } from './records';

export type JobStatusTone = 'waiting' | 'accepted' | 'needs-driver' | 'cancelled' | 'postponed' | 'quotation';

export interface JobStatus {
  label: string;
  tone: JobStatusTone;
}

type WithDriverAnswer = BookingRecord & {
  needsDriver?: NeedsDriver | null;
  driverAcceptedAt?: string | null;
  driverToConfirm?: DriverToConfirm | null;
  jobDoneAt?: string | null;
};

export function jobStatusOf(record: BookingRecord): JobStatus {
  const r = record as WithDriverAnswer;
  const { state } = lifecycleOf(record);
  if (state === 'cancelled') return { label: 'Cancelled', tone: 'cancelled' };
  if (state === 'frozen') return { label: 'Postponed', tone: 'postponed' };
  if (r.paymentStatus === 'unpaid') return { label: 'Quotation: not booked', tone: 'quotation' };
  if (r.jobDoneAt) return { label: 'Done', tone: 'accepted' };
  if (r.needsDriver || !r.driver) return { label: 'Needs a driver', tone: 'needs-driver' };
  if (r.driverAcceptedAt) return { label: `Accepted by ${r.driver.name}`, tone: 'accepted' };
  // A change took the move outside the driver's hours: the office reads what the calendar says.
  if (r.driverToConfirm) return { label: `Waiting for ${r.driver.name} to confirm the new time`, tone: 'waiting' };
  return { label: `Waiting for ${r.driver.name} to accept`, tone: 'waiting' };
}
