/**
 * /conversation/:token: the customer's thread from an e-mailed link (a driver's answer or VanHop
 * Support's). A support chat opened here is also remembered for the Instant Support panel (a
 * driver thread is remembered by the quotes popup, which knows the driver's id). Opened from the
 * confirmation mail (`?confirm=<one-time token>`), it first confirms the address, then drops the
 * token from the address bar.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { CONFIRM_EMAIL_PARAM, CONVERSATION_MSG, type CustomerConversationView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { confirmConversationEmail, getConversation, postConversationMessage } from '../../api/conversations';
import { EmailStatusNote } from '../../ui/chat/EmailStatusNote';
import { aboutText } from './aboutText';
import { saveSupportToken } from '../../lib/conversation-links';
import { Thread } from '../../ui/chat/Thread';
import { usePolling } from '../../lib/usePolling';
import { THREAD_POLL_MS } from '../../ui/chat/MessageDriver';
import '../../ui/chat/conversations.css';

export default function ConversationPage() {
  const { token = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => getConversation(token, signal), [token]);
  const { data, setData, error } = usePolling<CustomerConversationView>(load, THREAD_POLL_MS);
  const title = data
    ? data.kind === 'support'
      ? 'Instant Support'
      : `Your messages with ${data.driverName}`
    : 'Your messages';
  usePageTitle(title);

  useEffect(() => {
    if (!data) return;
    if (data.kind === 'support') saveSupportToken(token);
  }, [data, token]);

  const confirmation = useEmailConfirmation(token, setData);

  if (!data) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <section className="page conversation-page">
          <h1>Your messages</h1>
          <p role="alert">{CONVERSATION_MSG.linkInvalid}.</p>
          <p>
            <Link to="/">Back to the home page</Link>
          </p>
        </section>
      );
    }
    return <p className="page">{error ? 'The conversation could not be loaded. Please try again.' : 'Loading...'}</p>;
  }

  return (
    <section className="page conversation-page">
      <h1>{title}</h1>
      {data.about && <p className="chat-about">{aboutText(data.about)}</p>}
      {confirmation && (
        <p className={confirmation.ok ? 'note' : 'field-error'} role={confirmation.ok ? 'status' : 'alert'}>
          {confirmation.text}
        </p>
      )}
      <Thread
        messages={data.messages}
        me="customer"
        canReply={data.canReply}
        label={data.kind === 'support' ? 'Message to VanHop Support' : `Message to ${data.driverName}`}
        onSend={async (body) => {
          setData(await postConversationMessage(token, body));
        }}
      />
      <EmailStatusNote status={data.emailStatus} />
      <p className="note">Keep this page's link to yourself: anyone with it can read and answer this conversation.</p>
    </section>
  );
}

const CONFIRMED =
  'Thank you: your e-mail address is confirmed. Replies to this conversation now reach your e-mail too.';

/** Confirms the address once when the page was opened with `?confirm=`, and says how it went. */
function useEmailConfirmation(
  token: string,
  setData: (view: CustomerConversationView) => void,
): { ok: boolean; text: string } | null {
  const [params, setParams] = useSearchParams();
  const confirmation = params.get(CONFIRM_EMAIL_PARAM);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!confirmation || sent.current === confirmation) return;
    sent.current = confirmation;
    confirmConversationEmail(token, confirmation)
      .then((view) => {
        setData(view);
        setResult({ ok: true, text: CONFIRMED });
      })
      .catch((err: unknown) => {
        const message = err instanceof ApiError ? (err.errors?.confirmation ?? err.message) : '';
        setResult({
          ok: false,
          text: message || 'Your e-mail address could not be confirmed. Please try the link again.',
        });
      })
      .finally(() => {
        // The token works once: off the address bar, so a bookmark or a shared link does not carry it.
        const rest = new URLSearchParams(params);
        rest.delete(CONFIRM_EMAIL_PARAM);
        setParams(rest, { replace: true });
      });
  }, [confirmation, token, setData, params, setParams]);

  return result;
}
