import type { MyMoveView } from '@vanhop/contracts';
import { keepNewDriver } from '../../api/client';
import { moveWhenText, penceText } from '../../lib/move-words';
import { useSubmit } from '../../lib/useSubmit';
import { Button } from '../../ui';
import { OtherDriverChoice } from './OtherDriverChoice';

const KEEP_FAILED = 'That did not go through. Nothing has changed: please try again in a moment.';

/**
 * After the driver changed: who the new driver is, their price and charges on the day, and the
 * customer's choice until the free window ends: keep them, or cancel with everything refunded
 * (the Cancel action below, whose terms say so).
 */
export function DriverChangeChoice({
  view,
  token,
  refresh,
}: {
  view: MyMoveView;
  token: string;
  refresh: () => Promise<unknown>;
}) {
  // Whatever the answer, the move is read again: the choice may have gone through before a failure.
  const keep = useSubmit(
    async () => {
      try {
        await keepNewDriver(token);
      } finally {
        await refresh();
      }
    },
    { failureText: () => KEEP_FAILED },
  );
  const change = view.driverChange;
  if (!change) return null;
  const busy = keep.pending;
  return (
    <section className="mymove-driver-change" aria-labelledby="driver-change-title" data-testid="driver-change">
      <h2 id="driver-change-title">Your driver has changed to {change.driverName}</h2>
      <p>
        {change.driverName}'s own price for your move is {penceText(change.driverPricePence)}: you never pay more than
        that, and anything you paid above it is refunded to your card.
      </p>
      {change.chargesOnTheDay.length > 0 ? (
        <div>
          <p>Paid to {change.driverName} on the day, not in the price:</p>
          <ul data-testid="driver-change-charges">
            {change.chargesOnTheDay.map((c) => (
              <li key={c.label}>
                {c.label}: {penceText(c.amountPence)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>{change.driverName} has no congestion or ULEZ charge to add on the day for this move.</p>
      )}
      <p>
        Until {moveWhenText(change.until)} you can keep {change.driverName}, choose another driver free for your move,
        or cancel with everything you paid refunded (Cancel below), whatever the usual cancellation terms say.
      </p>
      {keep.failure && (
        <p className="mymove-error" role="alert">
          {keep.failure}
        </p>
      )}
      <p className="mymove-buttons">
        <Button variant="primary" onClick={() => void keep.run()} disabled={busy}>
          {busy ? 'Please wait...' : `Keep ${change.driverName}`}
        </Button>
      </p>
      <OtherDriverChoice token={token} refresh={refresh} />
    </section>
  );
}
