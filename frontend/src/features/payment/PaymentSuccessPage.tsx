/** /paymentbooking/success?session_id=: tells the payment service the checkout came back and shows the outcome. */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmCheckoutSession } from '../../api/client';
import './payment.css';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; details: Record<string, unknown> } | { state: 'unconfirmed' };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: sessionId ? 'confirming' : 'unconfirmed' });
  const sent = useRef('');

  useEffect(() => {
    // once per session id, even when React runs effects twice in development
    if (!sessionId || sent.current === sessionId) return;
    sent.current = sessionId;
    confirmCheckoutSession(sessionId)
      .then((details) => setOutcome({ state: 'confirmed', details: details ?? {} }))
      .catch((err: unknown) => {
        console.log('Payment confirmation failed', err);
        setOutcome({ state: 'unconfirmed' });
      });
  }, [sessionId]);

  const details = outcome.state === 'confirmed' ? outcome.details : {};
  const status = text(details.paymentStatus);
  const code = text(details.randomNumber);
  return (
    <section className="payment-result" aria-live="polite">
      {outcome.state === 'confirming' && <h1>Confirming your payment...</h1>}
      {outcome.state === 'confirmed' && (
        <>
          <h1>Thank you: your move is booked</h1>
          <p>Your payment went through. We have e-mailed your confirmation and passed your name, e-mail and phone number to your driver.</p>
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
          <p>Any outstanding balance is paid to the driver at the end of the job. You can cancel free of charge within 1 hour of booking.</p>
        </>
      )}
      {outcome.state === 'unconfirmed' && (
        <>
          <h1>Payment received?</h1>
          <p>We could not confirm this payment from here. If your card was charged, your confirmation e-mail is on its way; you can also check your quote with its code.</p>
        </>
      )}
      <p className="payment-actions">
        <Link to="/retrieve" className="button secondary">
          Check my quote
        </Link>
        <Link to="/" className="button">
          Home
        </Link>
      </p>
    </section>
  );
}
