/**
 * /driver-reply/:token: the driver's side of a conversation, from the signed link in their e-mail.
 * It shows the customer's name and their messages, never the customer's e-mail address.
 */
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { CONVERSATION_MSG, type DriverConversationView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { getDriverThread, postDriverReply } from '../../api/conversations';
import { aboutText } from './aboutText';
import { Thread } from '../../ui/chat/Thread';
import { usePolling } from '../../lib/usePolling';
import { THREAD_POLL_MS } from '../../ui/chat/MessageDriver';
import '../../ui/chat/conversations.css';

export default function DriverReplyPage() {
  const { token = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => getDriverThread(token, signal), [token]);
  const { data, setData, error } = usePolling<DriverConversationView>(load, THREAD_POLL_MS);
  usePageTitle(data ? `Reply to ${data.customerName}` : 'Reply to a customer');

  if (!data) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <section className="page conversation-page">
          <h1>Reply to a customer</h1>
          <p role="alert">
            {CONVERSATION_MSG.linkInvalid}. The newest e-mail about this conversation has a fresh link.
          </p>
        </section>
      );
    }
    return <p className="page">{error ? 'The conversation could not be loaded. Please try again.' : 'Loading...'}</p>;
  }

  return (
    <section className="page conversation-page">
      <h1>Reply to {data.customerName}</h1>
      <p className="lead">
        Hello {data.driverName}. Your answer is sent to the customer by e-mail from VanHop; your e-mail address is not
        shown to them.
      </p>
      {data.about && <p className="chat-about">{aboutText(data.about)}</p>}
      <Thread
        messages={data.messages}
        me="driver"
        canReply={data.canReply}
        label={`Reply to ${data.customerName}`}
        placeholder="Write your answer"
        onSend={async (body) => {
          setData(await postDriverReply(token, body));
        }}
      />
    </section>
  );
}
