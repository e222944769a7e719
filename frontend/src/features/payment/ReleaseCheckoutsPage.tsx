/**
 * /release-checkouts#<token>: the page a release link opens. Someone may have started checkouts with
 * the customer's e-mail address (or the customer did, on another device); releasing closes them so
 * none can take money and their drivers are free again. It acts only on the button, never on
 * opening: mail scanners open links too. The token is in the fragment, which no server ever sees.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CHECKOUT_RELEASE_MSG, RELEASE_TOKEN_PATTERN, type CheckoutReleaseResponse } from '@vanhop/contracts';
import { ApiError, releaseCheckouts } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import './payment.css';

type Step =
  | { state: 'ready' }
  | { state: 'releasing' }
  | { state: 'done'; result: CheckoutReleaseResponse }
  | { state: 'failed'; message: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Outcome({ result }: { result: CheckoutReleaseResponse }) {
  return (
    <div role="status" data-testid="release-outcome">
      {result.released > 0 ? (
        <p>
          {plural(result.released, 'checkout was', 'checkouts were')} released: no money can be taken on{' '}
          {result.released === 1 ? 'it' : 'them'}, and {result.released === 1 ? 'its driver is' : 'their drivers are'}{' '}
          free again. You can book your move now.
        </p>
      ) : (
        <p>Nothing was waiting any more: those checkouts had already lapsed or been released. You can book now.</p>
      )}
      {result.kept > 0 && (
        <p>
          {plural(result.kept, 'checkout was', 'checkouts were')} already paid (or a payment was in progress), so{' '}
          {result.kept === 1 ? 'it stands' : 'they stand'}. If you did not make {result.kept === 1 ? 'it' : 'them'},
          contact us.
        </p>
      )}
    </div>
  );
}

export function ReleaseCheckoutsPage() {
  usePageTitle('Release checkouts');
  const token = useLocation().hash.replace(/^#/, '');
  const [step, setStep] = useState<Step>({ state: 'ready' });
  const valid = RELEASE_TOKEN_PATTERN.test(token);

  const release = async () => {
    setStep({ state: 'releasing' });
    try {
      setStep({ state: 'done', result: await releaseCheckouts(token) });
    } catch (err) {
      setStep({
        state: 'failed',
        message:
          err instanceof ApiError && err.status > 0
            ? err.message
            : 'We could not reach VanHop: check your connection and press the button again.',
      });
    }
  };

  return (
    <section className="payment-result">
      <h1>Release checkouts</h1>
      {!valid ? (
        <p role="alert">{CHECKOUT_RELEASE_MSG.linkInvalid}</p>
      ) : step.state === 'done' ? (
        <Outcome result={step.result} />
      ) : (
        <>
          <p>
            Moves are waiting for payment under your e-mail address, and your address cannot start another checkout
            until they are paid or lapse. If you did not start them, or no longer want them, release them here.
          </p>
          {step.state === 'failed' && <p role="alert">{step.message}</p>}
          <p className="payment-actions">
            <button type="button" className="button" onClick={release} disabled={step.state === 'releasing'}>
              {step.state === 'releasing' ? 'Releasing…' : 'Release these checkouts'}
            </button>
          </p>
        </>
      )}
      <p className="payment-actions">
        <Link to="/" className="button secondary">
          Get a quote
        </Link>
      </p>
    </section>
  );
}

export default ReleaseCheckoutsPage;
