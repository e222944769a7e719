/**
 * /account/sign-in#<token>: the page a sign-in link opens. It signs in only on the button, never on
 * opening: mail scanners open links too, and a link works once. The token is in the fragment, which
 * no server ever sees.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CUSTOMER_ACCOUNT_MSG, CUSTOMER_LINK_PAGE, CUSTOMER_TOKEN_PATTERN, MY_MOVES_PAGE } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { AccountApiError, redeemSignInLink } from './api';
import { storeCustomerToken } from './session';
import './account.css';

type Step = { state: 'ready' | 'signing-in' | 'expired' } | { state: 'failed'; message: string };

export function SignInLinkPage() {
  usePageTitle('Sign in to My moves');
  const token = useLocation().hash.replace(/^#/, '');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(
    CUSTOMER_TOKEN_PATTERN.test(token) ? { state: 'ready' } : { state: 'expired' },
  );

  const signIn = async () => {
    setStep({ state: 'signing-in' });
    try {
      storeCustomerToken((await redeemSignInLink(token)).token);
      void navigate(MY_MOVES_PAGE, { replace: true });
    } catch (err) {
      if (err instanceof AccountApiError && (err.status === 410 || err.status === 400)) setStep({ state: 'expired' });
      else setStep({ state: 'failed', message: 'We could not reach VanHop: check your connection and try again.' });
    }
  };

  return (
    <section className="page account-page">
      <h1>Sign in to My moves</h1>
      {step.state === 'expired' ? (
        <>
          <p role="alert" data-testid="link-expired">
            {CUSTOMER_ACCOUNT_MSG.linkExpired}
          </p>
          <p>
            <Link to={CUSTOMER_LINK_PAGE} className="button">
              Send me a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          {step.state === 'failed' && <p role="alert">{step.message}</p>}
          <p>
            <button type="button" className="button" onClick={signIn} disabled={step.state === 'signing-in'}>
              {step.state === 'signing-in' ? 'Signing in…' : 'Sign in'}
            </button>
          </p>
        </>
      )}
    </section>
  );
}

export default SignInLinkPage;
