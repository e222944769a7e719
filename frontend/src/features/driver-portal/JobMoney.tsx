/**
 * The money a driver needs for a job: what the booking costs and the cash to collect on the day
 * (what the customer has not paid online). Both follow the booking (re-pricing, balance payments);
 * jobs stored before the service kept them show nothing rather than a guess.
 */
import { formatPence, type JobView } from '@vanhop/contracts';

/** "Cash to collect on the day £219.53", or that there is nothing to collect. */
export function cashText(cashToCollectPence: number): string {
  return cashToCollectPence > 0
    ? `Cash to collect on the day ${formatPence(cashToCollectPence)}`
    : 'Paid in full online: nothing to collect';
}

export function JobMoney({ job }: { job: Pick<JobView, 'pricePence' | 'cashToCollectPence'> }) {
  const { pricePence, cashToCollectPence } = job;
  if (pricePence === undefined && cashToCollectPence === undefined) return null;
  return (
    <p className="portal-job-money" data-testid="job-money">
      {pricePence !== undefined && <span>Price {formatPence(pricePence)}</span>}
      {pricePence !== undefined && cashToCollectPence !== undefined && <span aria-hidden="true"> · </span>}
      {cashToCollectPence !== undefined && <strong>{cashText(cashToCollectPence)}</strong>}
    </p>
  );
}
