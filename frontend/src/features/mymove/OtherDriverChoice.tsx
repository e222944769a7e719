import { useState } from 'react';
import type { FreeDriver } from '@vanhop/contracts';
import { ApiError, chooseDriverForMyMove, freeDriversForMyMove } from '../../api/client';
import { penceText } from '../../lib/move-words';
import { useSubmit } from '../../lib/useSubmit';
import { Button } from '../../ui';

const LIST_FAILED = 'We could not load the drivers free for your move. Please try again in a moment.';
const CHOICE_FAILED = 'That did not go through. Nothing has changed: please try again in a moment.';

/** The server's own words for a refused choice (a driver busy since, the window closed); otherwise ours. */
const refusal = (err: unknown, fallback: string): string =>
  err instanceof ApiError && (err.status === 409 || err.status === 404) ? err.message : fallback;

/** A driver's charges on the day, or that there are none. */
function ChargesOnTheDay({ driver }: { driver: FreeDriver }) {
  if (driver.chargesOnTheDay.length === 0) return <span>No congestion or ULEZ charge on the day.</span>;
  return (
    <span>
      Paid to {driver.name} on the day, not in the price:{' '}
      {driver.chargesOnTheDay.map((c) => `${c.label} ${penceText(c.amountPence)}`).join(', ')}.
    </span>
  );
}

/**
 * After a change of driver: the other drivers free for the move, each at what the customer would
 * pay (never more than the booking) with their charges on the day, and the choice of one of them.
 * The list is read when asked for; a driver who got busy since is refused and the list read again.
 */
export function OtherDriverChoice({ token, refresh }: { token: string; refresh: () => Promise<unknown> }) {
  const [drivers, setDrivers] = useState<FreeDriver[] | null>(null);
  const list = useSubmit(async () => setDrivers((await freeDriversForMyMove(token)).drivers), {
    failureText: (err) => refusal(err, LIST_FAILED),
  });
  const choice = useSubmit(
    async (driver: FreeDriver) => {
      try {
        await chooseDriverForMyMove(token, driver.driverId);
        await refresh();
      } catch (err) {
        // Whoever got busy meanwhile leaves the list.
        await list.run();
        throw err;
      }
    },
    { failureText: (err) => refusal(err, CHOICE_FAILED) },
  );
  const busy = list.pending || choice.pending;
  // A list read again after a refused choice, and failing, says so over the refusal.
  const error = list.failure ?? choice.failure;

  return (
    <div className="mymove-other-drivers" data-testid="other-drivers">
      {drivers === null ? (
        <p>
          <Button
            onClick={() => {
              choice.reset();
              void list.run();
            }}
            disabled={busy}
          >
            {busy ? 'Please wait...' : 'Choose another driver'}
          </Button>
        </p>
      ) : (
        <>
          <h3>Drivers free for your move</h3>
          {drivers.length === 0 ? (
            <p>No other driver is free for your move at that time.</p>
          ) : (
            <ul>
              {drivers.map((d) => (
                <li key={d.driverId} data-testid="free-driver">
                  <strong>{d.name}</strong>: you would pay {penceText(d.pricePence)}. <ChargesOnTheDay driver={d} />{' '}
                  <Button onClick={() => void choice.run(d)} disabled={busy}>
                    Choose {d.name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <p className="mymove-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
