/**
 * /account: the customer asks for a sign-in link to My moves. The answer is the same whether or not
 * the address is known; only an address that booked or saved a quote gets a mail.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CUSTOMER_ACCOUNT_MSG, MY_MOVES_PAGE } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { messageOf } from '../../api/bearer-client';
import { askForSignInLink } from './api';
import { useCustomerSession } from './session';
import './account.css';
import { FieldError } from '../../ui/fields';
import { useSubmit } from '../../lib/useSubmit';

export function AccountPage() {
  usePageTitle('Sign in to My moves');
  const { token, expired } = useCustomerSession();
  const [email, setEmail] = useState('');
  /** The server's answer once the link is on its way. */
  const [sent, setSent] = useState<string | null>(null);
  const request = useSubmit(askForSignInLink, {
    failureText: (err) => messageOf(err, 'We could not reach VanHop: check your connection and try again.'),
  });
  const failed = request.failure;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await request.run(email);
    if (answer) setSent(answer.message);
  };

  return (
    <section className="page account-page">
      <h1>My moves</h1>
      {token ? (
        <p>
          You are signed in. <Link to={MY_MOVES_PAGE}>Go to My moves</Link>
        </p>
      ) : (
        <>
          {expired && <p role="status">{CUSTOMER_ACCOUNT_MSG.signedOut}</p>}
          <p>
            See every booking and saved quote made with your e-mail address, open each one, and book a move again. We
            will e-mail you a link that signs you in: no password needed.
          </p>
          {sent !== null ? (
            <p role="status" data-testid="link-sent">
              {sent}. It works once, for 15 minutes.
            </p>
          ) : (
            <form onSubmit={send} noValidate className="account-form">
              <label htmlFor="account-email">E-mail address</label>
              <input
                id="account-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-describedby={failed ? 'account-email-error' : undefined}
                aria-invalid={failed ? true : undefined}
              />
              <FieldError id="account-email-error" error={failed} />
              <button type="submit" className="button" disabled={request.pending}>
                {request.pending ? 'Sending…' : 'Send me a sign-in link'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

export default AccountPage;
