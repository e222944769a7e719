/**
 * /paymentbooking/success?session_id=: tells the payment service the checkout came back and shows the
 * outcome: the move, what is paid, what is left, and the way to the customer's My move page. Older
 * answers carry none of those facts, so each part shows only when its fields arrived.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PaymentSuccessResponse } from '@vanhop/contracts';
import { confirmCheckoutSession } from '../../api/client';
import { moveWhenText, paymentStatusText, penceText } from '../mymove/words';
import './payment.css';

type Details = Partial<PaymentSuccessResponse>;
type Outcome = { state: 'confirming' } | { state: 'confirmed'; details: Details } | { state: 'unconfirmed' };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const pence = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Only our own site-relative path is followed: the answer must not send the customer elsewhere. */
const sitePath = (v: unknown) => (typeof v === 'string' && /^\/mymove\/[^/?#\s]+$/.test(v) ? v : undefined);

function MoveSummary({ move }: { move: NonNullable<Details['move']> }) {
  const addresses = Array.isArray(move.addresses) ? move.addresses : [];
  const from = addresses[0];
  const to = addresses.length > 1 ? addresses[addresses.length - 1] : undefined;
  const place = (a: (typeof addresses)[number]) => [a.physicalAddress, a.location].filter(Boolean).join(', ');
  return (
    <dl className="payment-summary" data-testid="move-summary">
      <div>
        <dt>Moving date</dt>
        <dd>{moveWhenText(move.date)}</dd>
      </div>
      {from && (
        <div>
          <dt>From</dt>
          <dd>{place(from)}</dd>
        </div>
      )}
      {to && (
        <div>
          <dt>To</dt>
          <dd>{place(to)}</dd>
        </div>
      )}
      <div>
        <dt>Van and help</dt>
        <dd>
          {move.typeofVan} van, {move.typeOfWorker}
        </dd>
      </div>
    </dl>
  );
}

/** The retrieve page's card payment arrives already confirmed (its answer in the navigation state). */
export interface ConfirmedPaymentState {
  confirmed: Details;
}

const confirmedFrom = (state: unknown): Details | null => {
  const confirmed = state && typeof state === 'object' ? (state as Partial<ConfirmedPaymentState>).confirmed : undefined;
  return confirmed && typeof confirmed === 'object' && confirmed.success === true ? confirmed : null;
};

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const sessionId = params.get('session_id') ?? '';
  const arrived = confirmedFrom(location.state);
  const [outcome, setOutcome] = useState<Outcome>(arrived ? { state: 'confirmed', details: arrived } : { state: sessionId ? 'confirming' : 'unconfirmed' });
  const sent = useRef('');

  useEffect(() => {
    // once per session id, even when React runs effects twice in development
    if (arrived || !sessionId || sent.current === sessionId) return;
    sent.current = sessionId;
    confirmCheckoutSession(sessionId)
      .then((details) => setOutcome({ state: 'confirmed', details: details && typeof details === 'object' ? details : {} }))
      .catch(() => {
        // Shown: the unconfirmed outcome says the payment could not be confirmed (never "booked").
        setOutcome({ state: 'unconfirmed' });
      });
  }, [sessionId, arrived]);

  const details: Details = outcome.state === 'confirmed' ? outcome.details : {};
  const status = text(details.statusText) ?? (text(details.paymentStatus) ? paymentStatusText(String(details.paymentStatus)) : undefined);
  const code = text(details.randomNumber);
  const paid = pence(details.paidPence);
  const balance = pence(details.balancePence);
  const myMove = sitePath(details.myMovePath);
  const balancePayment = details.kind === 'balance';
  return (
    <section className={`payment-result${outcome.state === 'confirmed' ? ' payment-result--ok' : ''}`} aria-live="polite">
      {outcome.state === 'confirming' && <h1>Confirming your payment...</h1>}
      {outcome.state === 'confirmed' && (
        <>
          {balancePayment ? (
            <>
              <h1>Thank you: your balance is paid</h1>
              <p>{balance === 0 ? 'Your move is now paid in full: there is nothing to pay on the day.' : 'Your payment went through.'} We have e-mailed your receipt.</p>
            </>
          ) : (
            <>
              <h1>Thank you: your move is booked</h1>
              <p>Your payment went through. We have e-mailed your confirmation and passed your name, e-mail and phone number to your driver.</p>
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
          {details.move && typeof details.move === 'object' && <MoveSummary move={details.move} />}
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
          {!balancePayment && (
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
          <p>We could not confirm this payment from here. If your card was charged, your confirmation e-mail is on its way; you can also check your quote with its code.</p>
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
