/** /paymentbooking/fail: the checkout was cancelled or the card was refused; nothing was taken. */
import { Link } from 'react-router-dom';
import './payment.css';

export function PaymentFailPage() {
  return (
    <section className="payment-result">
      <h1>Payment failed</h1>
      <p>Your payment did not go through and your card has not been charged. Your quote is still available: you can try again with another card or choose a different amount.</p>
      <p className="payment-actions">
        <Link to="/retrieve" className="button">
          Try again with my quote code
        </Link>
        <Link to="/" className="button secondary">
          Start a new quote
        </Link>
      </p>
    </section>
  );
}
