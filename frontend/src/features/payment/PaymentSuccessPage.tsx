/**
 * /paymentbooking/success?session_id=: tells the payment service the checkout came back and shows the
 * outcome: the move, what is paid, what is left, and the way to the customer's My move page. Older
 * answers carry none of those facts, so each part shows only when its fields arrived.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PaymentSuccessResponse } from '@vanhop/contracts';
import { confirmCheckoutSession } from '../../api/client';
import type { ConfirmedPaymentState } from '../../lib/route-state';
import { hoursText, moveWhenText, paymentStatusText, penceText, stairText } from '../../lib/move-words';
import './payment.css';

type Details = Partial<PaymentSuccessResponse>;
type Outcome = { state: 'confirming' } | { state: 'confirmed'; details: Details } | { state: 'unconfirmed' };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const pence = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Only our own site-relative path is followed: the answer must not send the customer elsewhere. */
const sitePath = (v: unknown) => (typeof v === 'string' && /^\/mymove\/[^/?#\s]+$/.test(v) ? v : undefined);

const addressRole = (i: number, count: number) =>
  i === 0 ? 'From' : i === count - 1 ? 'To' : count > 3 ? `Via stop ${i}` : 'Via stop';

/** The whole move: when, every stop in order, van and help, hours, the total and the driver. */
function MoveSummary({
  move,
  totalPence,
  driverName,
}: {
  move: NonNullable<Details['move']>;
  totalPence?: number;
  driverName?: string | null;
}) {
  const addresses = Array.isArray(move.addresses) ? move.addresses : [];
  const place = (a: (typeof addresses)[number]) => [a.physicalAddress, a.location].filter(Boolean).join(', ');
  return (
    <dl className="payment-summary" data-testid="move-summary">
      <div>
        <dt>Moving date</dt>
        <dd>{moveWhenText(move.date)}</dd>
      </div>
      {addresses.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the route's stops are in a fixed order and may repeat a place.
        <div key={i}>
          <dt>{addressRole(i, addresses.length)}</dt>
          <dd>
            {place(a)}
            {typeof a.stair === 'number' && <span className="payment-muted"> · {stairText(a.stair)}</span>}
          </dd>
        </div>
      ))}
      <div>
        <dt>Van and help</dt>
        <dd>
          {move.typeofVan} van, {move.typeOfWorker}
        </dd>
      </div>
      {typeof move.totalHour === 'number' && (
        <div>
          <dt>Booked time</dt>
          <dd>{hoursText(move.totalHour)}</dd>
        </div>
      )}
      {totalPence !== undefined && (
        <div>
          <dt>Total price</dt>
          <dd data-testid="move-total">{penceText(totalPence)}</dd>
        </div>
      )}
      {driverName !== undefined && (
        <div>
          <dt>Driver</dt>
          <dd data-testid="move-driver">{driverName ?? 'Your driver will be confirmed by e-mail'}</dd>
        </div>
      )}
    </dl>
  );
}

const confirmedFrom = (state: unknown): Details | null => {
  const confirmed =
    state && typeof state === 'object' ? (state as Partial<ConfirmedPaymentState>).confirmed : undefined;
  return confirmed && typeof confirmed === 'object' && confirmed.success === true ? confirmed : null;
};

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const sessionId = params.get('session_id') ?? '';
  const arrived = confirmedFrom(location.state);
  const [outcome, setOutcome] = useState<Outcome>(
    arrived ? { state: 'confirmed', details: arrived } : { state: sessionId ? 'confirming' : 'unconfirmed' },
  );
  const sent = useRef('');

  useEffect(() => {
    // once per session id, even when React runs effects twice in development
    if (arrived || !sessionId || sent.current === sessionId) return;
    sent.current = sessionId;
    confirmCheckoutSession(sessionId)
      .then((details) =>
        setOutcome({ state: 'confirmed', details: details && typeof details === 'object' ? details : {} }),
      )
      .catch(() => {
        // Shown: the unconfirmed outcome says the payment could not be confirmed (never "booked").
        setOutcome({ state: 'unconfirmed' });
      });
  }, [sessionId, arrived]);

  const details: Details = outcome.state === 'confirmed' ? outcome.details : {};
  const status =
    text(details.statusText) ??
    (text(details.paymentStatus) ? paymentStatusText(String(details.paymentStatus)) : undefined);
  const code = text(details.randomNumber);
  const paid = pence(details.paidPence);
  const balance = pence(details.balancePence);
  const myMove = sitePath(details.myMovePath);
  const balancePayment = details.kind === 'balance';
  // Opened again after a cancellation or a postponement: the booking's state first, never "booked".
  const gone = details.state === 'cancelled' || details.state === 'frozen';
  const standing = text(details.standingText);
  const driverName =
    typeof details.driverName === 'string' || details.driverName === null ? details.driverName : undefined;
  const driverStanding = text(details.driverStandingText);
  return (
    <section
      className={`payment-result${outcome.state === 'confirmed' ? ' payment-result--ok' : ''}`}
      aria-live="polite"
    >
      {outcome.state === 'confirming' && <h1>Confirming your payment...</h1>}
      {outcome.state === 'confirmed' && (
        <>
          {gone ? (
            <>
              <h1>{details.state === 'cancelled' ? 'This booking is cancelled' : 'This booking is postponed'}</h1>
              {standing && <p data-testid="booking-standing">{standing}</p>}
            </>
          ) : balancePayment ? (
            <>
              <h1>Thank you: your balance is paid</h1>
              <p>
                {balance === 0
                  ? 'Your move is now paid in full: there is nothing to pay on the day.'
                  : 'Your payment went through.'}{' '}
                We have e-mailed your receipt.
              </p>
            </>
          ) : (
            <>
              <h1>Thank you: your move is booked</h1>
              <p>
                Your payment went through and we have e-mailed your confirmation. Your driver gets your phone number and
                e-mail once they accept the job.
              </p>
              {driverStanding && <p data-testid="driver-standing">{driverStanding}</p>}
            </>
          )}
          {status && (
            <p>
              Payment status: <strong data-testid="payment-status">{status}</strong>
            </p>
          )}
          {code && (
            <p>
              Your booking code: <strong>{code}</strong>
            </p>
          )}
          {details.move && typeof details.move === 'object' && (
            <MoveSummary move={details.move} totalPence={pence(details.totalPence)} driverName={driverName} />
          )}
          {(paid !== undefined || balance !== undefined) && (
            <dl className="payment-summary payment-money" data-testid="payment-money">
              {paid !== undefined && (
                <div>
                  <dt>Paid so far</dt>
                  <dd>{penceText(paid)}</dd>
                </div>
              )}
              {balance !== undefined && (
                <div>
                  <dt>Balance</dt>
                  <dd>{penceText(balance)}</dd>
                </div>
              )}
            </dl>
          )}
          {!balancePayment && !gone && (
            <p>
              {balance !== undefined && balance > 0
                ? `The balance of ${penceText(balance)} is paid to the driver at the end of the job, or online from your My move page.`
                : 'Any outstanding balance is paid to the driver at the end of the job.'}{' '}
              You can cancel free of charge within 1 hour of booking.
            </p>
          )}
        </>
      )}
      {outcome.state === 'unconfirmed' && (
        <>
          <h1>Payment received?</h1>
          <p>
            We could not confirm this payment from here. If your card was charged, your confirmation e-mail is on its
            way; you can also check your quote with its code.
          </p>
        </>
      )}
      <p className="payment-actions">
        {myMove && (
          <Link to={myMove} className="button">
            View my move
          </Link>
        )}
        <Link to="/retrieve" className="button secondary">
          Check my quote
        </Link>
        <Link to="/" className={myMove ? 'button secondary' : 'button'}>
          Home
        </Link>
      </p>
    </section>
  );
}
