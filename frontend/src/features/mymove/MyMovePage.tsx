/**
 * /mymove/:token: the customer's booking after payment, reached from the confirmation e-mail and text
 * and from the success page by a signed, expiring link (no account). Shows the move, the money, the
 * history and receipts, and offers what the booking's rules allow now.
 */
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { standingText, type MyMoveView } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { MoveActions } from './MoveActions';
import { MoneySummary, MoveDetails, ReceiptList, StatusHistory } from './MoveSections';
import { SignedFor } from './SignedFor';
import { DriverChangeChoice } from './DriverChangeChoice';
import { refundSince, type Outcome } from './myMoveState';
import { useMyMove } from './useMyMove';
import { dayText, moveWhenText, NOT_FOUND_TEXT, penceText } from '../../lib/move-words';
import './mymove.css';
import { MyMoveMessageDriver } from './MyMoveMessageDriver';
import { VanOnTheWay } from './VanOnTheWay';
import { Button } from '../../ui';
import { DriverProfileToggle } from '../../ui/driver-profile/DriverProfile';

export function MyMovePage({ now }: { now?: () => Date }) {
  const { token = '' } = useParams();
  const { state, run, leave, refresh, dismiss } = useMyMove(token);
  usePageTitle('My move');

  if (state.status === 'loading') {
    return (
      <section className="mymove" aria-busy="true">
        <h1>My move</h1>
        <p>Loading...</p>
      </section>
    );
  }
  if (state.status === 'not-found') {
    return (
      <section className="mymove">
        <h1>My move</h1>
        <p className="mymove-error" role="alert">
          {NOT_FOUND_TEXT}
        </p>
        <p>
          Open the newest link from your confirmation e-mail or text. If you saved your quote, you can also look it up
          with its code.
        </p>
        <p className="mymove-buttons">
          <Link to="/retrieve" className="button">
            Find my quote by code
          </Link>
        </p>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className="mymove">
        <h1>My move</h1>
        <p className="mymove-error" role="alert">
          {state.message}
        </p>
        <Button variant="primary" onClick={() => void refresh()}>
          Try again
        </Button>
      </section>
    );
  }

  const { view } = state;
  return (
    <section className="mymove">
      <header className="mymove-head">
        <div>
          <h1>My move</h1>
          <p className="mymove-muted">
            Hello {view.customer.name} · Booking code <strong>{view.randomNumber}</strong>
          </p>
        </div>
        <p className={`mymove-status is-${view.state}`}>
          <span className="visually-hidden">Status: </span>
          <span data-testid="move-status">{view.statusText}</span>
        </p>
      </header>
      {!outcomeSaysStanding(state.outcome, view) && <Standing view={view} />}
      {view.driverStandingText && (
        <p className="mymove-driver-standing" data-testid="driver-standing">
          {view.driverStandingText}
        </p>
      )}
      {view.driverPhone && view.driver && (
        <p className="mymove-driver-phone">
          Call {view.driver.name}:{' '}
          <a href={`tel:${view.driverPhone.replace(/[^\d+]/g, '')}`} data-testid="driver-phone">
            {view.driverPhone}
          </a>
        </p>
      )}
      {view.driver && <DriverProfileToggle driverId={view.driver.id} driverName={view.driver.name} />}
      <VanOnTheWay view={view} token={token} now={now} />
      <DriverChangeChoice view={view} token={token} refresh={refresh} />
      <SignedFor view={view} />
      {state.outcome && <OutcomeNotice outcome={state.outcome} view={view} />}
      <div className="mymove-grid">
        <MoveDetails view={view} />
        <div className="mymove-side">
          <MoneySummary view={view} />
          <MoveActions
            token={token}
            state={state}
            run={run}
            leave={leave}
            refresh={refresh}
            dismiss={dismiss}
            now={now}
          />
        </div>
        <StatusHistory view={view} />
        <ReceiptList view={view} token={token} />
      </div>
      <MyMoveMessageDriver view={view} />
    </section>
  );
}

/** A cancelled or postponed booking says so in a sentence (refunds included), whatever was paid before. */
function Standing({ view }: { view: MyMoveView }) {
  const words = standingText({
    state: view.state,
    refundedPence: view.money.refundedPence,
    refundPendingPence: view.money.refundPendingPence,
  });
  return words ? (
    <p className={`mymove-standing is-${view.state}`} data-testid="move-standing">
      {words}
    </p>
  ) : null;
}

/**
 * The customer's own cancel or postpone says what the standing line would (cancelled or postponed,
 * and the refund): while its outcome is shown, it is the one notice. The standing line is back on
 * the next visit, or when the booking changes state another way.
 */
export function outcomeSaysStanding(outcome: Outcome | null, view: MyMoveView): boolean {
  return (
    (outcome?.action === 'cancel' && view.state === 'cancelled') ||
    (outcome?.action === 'postpone' && view.state === 'frozen')
  );
}

/** What the last action did, in words, focused so it is read out at once. */
function OutcomeNotice({ outcome, view }: { outcome: Outcome; view: MyMoveView }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new outcome is focused again so it is read out.
  useEffect(() => box.current?.focus(), [outcome]);
  return (
    <div ref={box} className="mymove-outcome" role="status" tabIndex={-1} data-testid="outcome">
      {outcomeLines(outcome, view).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export function outcomeLines({ action, before }: Outcome, view: MyMoveView): string[] {
  const refund = refundSince(before, view);
  const refundLine =
    refund.pence === 0
      ? null
      : refund.pending
        ? `A refund of ${penceText(refund.pence)} is on its way to your card.`
        : `${penceText(refund.pence)} has been refunded to your card.`;
  if (action === 'cancel') {
    return ['Your move is cancelled.', refundLine ?? 'Under our terms nothing you paid is refunded.'];
  }
  if (action === 'postpone') {
    const by = dayText(view.actions.reactivate.latest);
    return [`Your move is postponed.${by ? ` Choose a new date by ${by}.` : ''}`];
  }
  const lines = [`Your move is booked again for ${moveWhenText(view.move.date)}.`];
  if (view.money.totalPence !== before.money.totalPence) {
    lines.push(`The new price is ${penceText(view.money.totalPence)} (it was ${penceText(before.money.totalPence)}).`);
  } else {
    lines.push(`The price stays ${penceText(view.money.totalPence)}.`);
  }
  if (refundLine) lines.push(refundLine);
  lines.push(
    view.money.balancePence > 0
      ? `Balance to pay: ${penceText(view.money.balancePence)}.`
      : 'There is no balance to pay.',
  );
  return lines;
}

export default MyMovePage;
