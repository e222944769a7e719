/**
 * Card payment with Stripe Elements, loaded only when a publishable key is configured. `prepare`
 * saves the booking and answers the PaymentIntent's client secret (or null to stop, e.g. no share chosen).
 */
import { useState } from 'react';
import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { MSG } from '@vanhop/contracts';
import { useResource } from '../../lib';
import { Button } from '../../ui';
import { useSubmit } from '../../lib/useSubmit';

interface StripeCardPaymentProps {
  publishableKey: string;
  prepare: () => Promise<string | null>;
  onPaid: (paymentIntentId: string) => Promise<void>;
  payLabel: string;
}

const loaders = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaders.has(key)) loaders.set(key, loadStripe(key));
  return loaders.get(key)!;
};

/** Stripe refused the card: its own words are shown. */
class CardRefused extends Error {}

function CardForm({ prepare, onPaid, payLabel }: Omit<StripeCardPaymentProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [unavailable, setUnavailable] = useState(false);
  const payment = useSubmit(
    async (stripe: Stripe, card: StripeCardElement) => {
      const clientSecret = await prepare();
      if (!clientSecret) return;
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) throw new CardRefused(result.error.message ?? MSG.payment.processError);
      if (result.paymentIntent?.status === 'succeeded') await onPaid(result.paymentIntent.id);
    },
    { failureText: (err) => (err instanceof CardRefused ? err.message : MSG.payment.processError) },
  );
  const cardError = unavailable ? MSG.payment.stripeUnavailable : payment.failure;
  const busy = payment.pending;

  const pay = async () => {
    const card = elements?.getElement(CardElement);
    setUnavailable(!stripe || !card);
    if (!stripe || !card) {
      payment.reset();
      return;
    }
    await payment.run(stripe, card);
  };

  return (
    <div className="card-payment">
      <label htmlFor="card-element">Card details</label>
      <div id="card-element" className="card-element">
        <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
      </div>
      {cardError && (
        <p className="card-error" role="alert">
          {cardError}
        </p>
      )}
      <Button variant="primary" disabled={busy || !stripe} onClick={pay}>
        {busy ? 'Paying...' : payLabel}
      </Button>
    </div>
  );
}

export default function StripeCardPayment({ publishableKey, ...rest }: StripeCardPaymentProps) {
  const loaded = useResource(() => stripeFor(publishableKey), [publishableKey]);
  const stripe = loaded.data ?? null;
  const problem =
    loaded.error !== undefined
      ? MSG.payment.stripeLoadFailed
      : loaded.data === null
        ? MSG.payment.stripeUnavailable
        : '';

  if (problem) {
    return (
      <p className="card-error" role="alert">
        {problem}
      </p>
    );
  }
  if (!stripe) return <p>Loading...</p>;
  return (
    <Elements stripe={stripe}>
      <CardForm {...rest} />
    </Elements>
  );
}
