/**
 * "Message the driver": a self-contained panel for one driver, used beside an offer in the quotes
 * popup (about that quote) and on My move (about the booked move). The first message opens a
 * thread; its signed link is kept in this browser and e-mailed, so the thread reopens here.
 * Neither side sees the other's e-mail address.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CONVERSATION_MSG, MESSAGE_MAX_LENGTH, type ConversationAbout, type CustomerConversationView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { getConversation, postConversationMessage, startDriverConversation } from './api';
import { saveDriverToken, savedDriverToken } from './links';
import { errorText, Thread } from './Thread';
import { ChatField } from './ChatField';
import { usePolling } from './usePolling';
import { EmailStatusNote } from './EmailStatusNote';
import './conversations.css';

/** How often an open thread asks for the driver's answer. */
export const THREAD_POLL_MS = 5000;

export interface MessageDriverProps {
  driverId: string;
  driverName: string;
  about: ConversationAbout;
  /** Prefilled from the booking form or the booking. */
  customer?: { name?: string; email?: string };
  /** On My move: the page's signed token, which proves the booking's address (replies are mailed at once). */
  myMoveToken?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function MessageDriver({ driverId, driverName, about, customer, myMoveToken }: MessageDriverProps) {
  const [token, setToken] = useState(() => savedDriverToken(driverId));
  const load = useCallback((signal: AbortSignal) => getConversation(token!, signal), [token]);
  const thread = usePolling<CustomerConversationView>(token ? load : null, THREAD_POLL_MS);

  // A link that no longer opens (expired, or this browser kept a stale one): start afresh.
  const gone = token !== null && thread.error instanceof ApiError && thread.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    saveDriverToken(driverId, null);
    setToken(null);
  }, [gone, driverId]);

  const send = async (body: string) => {
    thread.setData(await postConversationMessage(token!, body));
  };

  return (
    <section className="message-driver" data-testid="message-driver" aria-label={`Message ${driverName}`}>
      {token ? (
        thread.data ? (
          <>
            <Thread messages={thread.data.messages} me="customer" canReply={thread.data.canReply} onSend={send} label={`Message to ${driverName}`} />
            <EmailStatusNote status={thread.data.emailStatus} />
          </>
        ) : (
          <p>Loading your conversation...</p>
        )
      ) : (
        <StartForm
          driverName={driverName}
          customer={customer}
          booked={Boolean(myMoveToken)}
          onStart={async (input) => {
            const started = await startDriverConversation({ driverId, about, ...input, ...(myMoveToken ? { myMoveToken } : {}) });
            saveDriverToken(driverId, started.token);
            thread.setData(started.conversation);
            setToken(started.token);
          }}
        />
      )}
    </section>
  );
}

interface StartFormProps {
  driverName: string;
  customer?: MessageDriverProps['customer'];
  /** Started from My move: the move is booked already, and the driver gets the contact once they accept. */
  booked: boolean;
  onStart: (input: { name: string; email: string; body: string }) => Promise<void>;
}

function StartForm({ driverName, customer, booked, onStart }: StartFormProps) {
  const [name, setName] = useState(customer?.name ?? '');
  const [email, setEmail] = useState(customer?.email ?? '');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = CONVERSATION_MSG.nameRequired;
    if (!email.trim()) found.email = CONVERSATION_MSG.emailRequired;
    else if (!EMAIL.test(email.trim())) found.email = CONVERSATION_MSG.emailInvalid;
    if (!body.trim()) found.body = CONVERSATION_MSG.bodyRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      await onStart({ name: name.trim(), email: email.trim(), body: body.trim() });
    } catch (err) {
      setErrors({ ...(err instanceof ApiError ? (err.errors ?? {}) : {}), form: errorText(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="chat-form" onSubmit={submit} noValidate>
      <p className="chat-about">
        {booked
          ? `Ask ${driverName} about your move. Messages go through VanHop and we e-mail you the reply.`
          : `Ask ${driverName} about this move before you book. Your e-mail address is not shown to the driver; we e-mail you the reply.`}
      </p>
      <ChatField label="Your name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="name" />
      </ChatField>
      <ChatField label="Your e-mail" error={errors.email}>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} autoComplete="email" />
      </ChatField>
      <ChatField label={`Message to ${driverName}`} error={errors.body}>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} maxLength={MESSAGE_MAX_LENGTH} />
      </ChatField>
      <button type="submit" className="primary" disabled={sending}>
        {sending ? 'Sending...' : `Send to ${driverName}`}
      </button>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}
