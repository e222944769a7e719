/**
 * /paymentbooking/fail?code=: the checkout was cancelled or the card was refused; nothing was taken.
 * The checkout sends the quote's retrieve code back, so trying again opens that same quote.
 */
import { Link, useSearchParams } from 'react-router-dom';
import './payment.css';

/** docs/WIRE-CONTRACT.md: a retrieve code is a whole number up to 10,000,000; anything else is ignored, not linked to. */
const retrieveCode = (raw: string | null): string | null => (raw && /^\d{1,8}$/.test(raw.trim()) ? raw.trim() : null);

export function PaymentFailPage() {
  const [params] = useSearchParams();
  const code = retrieveCode(params.get('code'));
  return (
    <section className="payment-result payment-result--fail">
      <h1>Payment failed</h1>
      <p>
        Your payment did not go through and your card has not been charged. Your quote is still available: you can try
        again with another card or choose a different amount.
      </p>
      {code && (
        <p>
          Your quote code is <strong data-testid="quote-code">{code}</strong>.
        </p>
      )}
      <p className="payment-actions">
        <Link to={code ? `/retrieve/${code}` : '/retrieve'} className="button">
          Try again with my quote code
        </Link>
        <Link to="/" className="button secondary">
          Start a new quote
        </Link>
      </p>
    </section>
  );
}
