/**
 * /conversation/:token: the customer's thread from an e-mailed link (a driver's answer or VanHop
 * Support's). A support chat opened here is also remembered for the Instant Support panel (a
 * driver thread is remembered by the quotes popup, which knows the driver's id).
 */
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CONVERSATION_MSG, type CustomerConversationView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { getConversation, postConversationMessage } from './api';
import { aboutText } from './aboutText';
import { saveSupportToken } from './links';
import { Thread } from './Thread';
import { usePolling } from './usePolling';
import { THREAD_POLL_MS } from './MessageDriver';
import './conversations.css';

export default function ConversationPage() {
  const { token = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => getConversation(token, signal), [token]);
  const { data, setData, error } = usePolling<CustomerConversationView>(load, THREAD_POLL_MS);
  const title = data ? (data.kind === 'support' ? 'Instant Support' : `Your messages with ${data.driverName}`) : 'Your messages';
  usePageTitle(title);

  useEffect(() => {
    if (!data) return;
    if (data.kind === 'support') saveSupportToken(token);
  }, [data, token]);

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
      <Thread
        messages={data.messages}
        me="customer"
        canReply={data.canReply}
        label={data.kind === 'support' ? 'Message to VanHop Support' : `Message to ${data.driverName}`}
        onSend={async (body) => {
          setData(await postConversationMessage(token, body));
        }}
      />
      <p className="note">Keep this page's link to yourself: anyone with it can read and answer this conversation.</p>
    </section>
  );
}
