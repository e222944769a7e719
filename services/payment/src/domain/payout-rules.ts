/**
 * When a job's money may be paid out to its driver: only for work done, and only once no refund
 * window the customer has is still open. Pure: the job facts and a clock reading come in.
 *
 * The windows (docs/BOOKING-LIFECYCLE.md): the 1-hour cooling-off period after booking refunds
 * everything; a done move can no longer be cancelled or postponed by the customer. So a job is
 * payable once its driver marked it done (or the booking was cancelled, leaving only what was kept)
 * and the cooling-off period has ended. Staff can still refund later (a goodwill gesture): that
 * becomes a clawback on the driver's next payout.
 */
import { COOLING_OFF_MS, LONDON_MOVE_DATE_TIME } from '@vanhop/contracts';
import type { JobFacts } from './earnings.js';

export type PayoutStanding =
  | { payable: true }
  | { payable: false; why: 'not-done' | 'cooling-off'; text: string; from?: string };

export function payoutStanding(job: JobFacts, driverId: string, now: Date): PayoutStanding {
  const settled = job.cancelledAt !== undefined || job.done?.driverId === driverId;
  if (!settled)
    return {
      payable: false,
      why: 'not-done',
      text: 'Not done yet: paid out once the driver marks the move done',
    };
  const confirmedAt = Date.parse(job.confirmed?.at ?? '');
  const coolingOffEnds = (Number.isNaN(confirmedAt) ? 0 : confirmedAt) + COOLING_OFF_MS;
  if (now.getTime() < coolingOffEnds) {
    const from = new Date(coolingOffEnds);
    return {
      payable: false,
      why: 'cooling-off',
      text: `In the customer's cooling-off period: payable from ${LONDON_MOVE_DATE_TIME.format(from)}`,
      from: from.toISOString(),
    };
  }
  return { payable: true };
}
