/**
 * Instant Support: a chat with VanHop's staff in a floating panel, on every customer page. A new
 * chat asks for a name (and an e-mail address for replies by e-mail); the chat's signed link is kept
 * in this browser so the panel reopens it, and new answers appear while the panel is open. Started
 * on My move, the page's signed token goes with it (it proves the booking's address, so replies are
 * mailed at once) and the page is named without it: a My move token is a credential, not context.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { CONVERSATION_MSG, MESSAGE_MAX_LENGTH, type CustomerConversationView } from '@vanhop/contracts';
import { ApiError, getMyMove } from '../../api/client';
import { Modal } from '../../ui/Modal';
import { getConversation, postConversationMessage, startSupportConversation } from './api';
import { saveSupportToken, savedSupportToken } from '../../lib/conversation-links';
import { errorText, Thread } from '../../ui/chat/Thread';
import { Field, controlProps, FormError } from '../../ui/fields';
import { usePolling } from '../../lib/usePolling';
import { useSubmit } from '../../lib/useSubmit';
import { EmailStatusNote } from '../../ui/chat/EmailStatusNote';
import { PATHS } from '../../lib/paths';
import { formatMovingDate } from '../../lib/dateRules';
import '../../ui/chat/conversations.css';
import '../../ui/chat/support.css';
import { Button } from '../../ui';

/** How often an open panel asks for staff answers. */
export const SUPPORT_POLL_MS = 4000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const [token, setToken] = useState(savedSupportToken);
  const load = useCallback((signal: AbortSignal) => getConversation(token!, signal), [token]);
  const chat = usePolling<CustomerConversationView>(token ? load : null, SUPPORT_POLL_MS);

  const gone = token !== null && chat.error instanceof ApiError && chat.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    saveSupportToken(null);
    setToken(null);
  }, [gone]);

  const startOver = () => {
    saveSupportToken(null);
    chat.setData(null);
    setToken(null);
  };

  return (
    <Modal title="Instant Support" onClose={onClose} floating className="support-panel">
      {token ? (
        chat.data ? (
          <>
            <Thread
              messages={chat.data.messages}
              me="customer"
              canReply={chat.data.canReply}
              label="Message to VanHop Support"
              onSend={async (body) => {
                chat.setData(await postConversationMessage(token, body));
              }}
            />
            <EmailStatusNote status={chat.data.emailStatus} />
            <p className="support-foot">
              <span>
                {chat.data.messages[chat.data.messages.length - 1]?.from === 'customer'
                  ? 'Our team will answer here shortly.'
                  : ''}
              </span>
              <Button variant="link" onClick={startOver}>
                Start a new chat
              </Button>
            </p>
          </>
        ) : (
          <p>Loading your chat...</p>
        )
      ) : (
        <StartChat
          onStart={async (input) => {
            const started = await startSupportConversation(input);
            saveSupportToken(started.token);
            chat.setData(started.conversation);
            setToken(started.token);
          }}
        />
      )}
    </Modal>
  );
}

/**
 * On My move, the booking the chat is about (its code and date) for the panel to say so, and its
 * customer's name and e-mail to start the chat with; nothing elsewhere, or when the page cannot be read.
 */
function useMyMoveBooking(
  pathname: string,
  onCustomer: (customer: { name: string; email: string }) => void,
): { code: number; date: string } | null {
  const token = pageContext(pathname).myMoveToken;
  const [booking, setBooking] = useState<{ code: number; date: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per My move link; onCustomer only fills empty fields.
  useEffect(() => {
    if (!token) return;
    const aborted = new AbortController();
    getMyMove(token, aborted.signal).then(
      (view) => {
        setBooking({ code: view.randomNumber, date: view.move.date });
        onCustomer(view.customer);
      },
      () => setBooking(null),
    );
    return () => aborted.abort();
  }, [token]);
  return booking;
}

/** The page as staff see it, and the My move token when the chat starts there. */
function pageContext(pathname: string): { page: string; myMoveToken?: string } {
  const myMove = matchPath({ path: PATHS.myMove, end: false }, pathname);
  if (myMove?.params.token) return { page: '/mymove', myMoveToken: myMove.params.token };
  return { page: pathname.slice(0, 200) };
}

function StartChat({
  onStart,
}: {
  onStart: (input: { name: string; email?: string; page: string; myMoveToken?: string; body: string }) => Promise<void>;
}) {
  const { pathname } = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const booking = useMyMoveBooking(pathname, (customer) => {
    // Started on My move: the booking's own name and e-mail, unless the customer typed theirs already.
    setName((typed) => typed || customer.name);
    setEmail((typed) => typed || customer.email);
  });
  const [body, setBody] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const start = useSubmit(onStart, { failureText: errorText });
  // The form's own checks, or else what the server said of each field and why the chat did not start.
  const refusedFields = start.error instanceof ApiError ? (start.error.errors ?? {}) : {};
  const errors: Record<string, string> = {
    ...refusedFields,
    ...checked,
    ...(start.failure ? { form: start.failure } : {}),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = CONVERSATION_MSG.nameRequired;
    if (email.trim() && !EMAIL.test(email.trim())) found.email = CONVERSATION_MSG.emailInvalid;
    if (!body.trim()) found.body = CONVERSATION_MSG.bodyRequired;
    setChecked(found);
    if (Object.keys(found).length) {
      start.reset();
      return;
    }
    await start.run({
      name: name.trim(),
      ...(email.trim() ? { email: email.trim() } : {}),
      ...pageContext(pathname),
      body: body.trim(),
    });
  };

  return (
    <form className="chat-form" onSubmit={submit} noValidate>
      <p className="chat-about">
        Questions, a piano or other specialist items, or a change to your booking: our team answers here.
      </p>
      {booking && (
        <p className="chat-about" data-testid="chat-booking">
          About your booking {booking.code}
          {booking.date ? ` on ${formatMovingDate(booking.date)}` : ''}: our team sees its details with your message.
        </p>
      )}
      <Field id="support-name" className="chat-field" label="Your name" error={errors.name}>
        <input
          {...controlProps('support-name', { error: errors.name })}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          autoComplete="name"
        />
      </Field>
      <Field
        id="support-email"
        className="chat-field"
        label="Your e-mail (optional, to get our answer by e-mail too)"
        error={errors.email}
      >
        <input
          {...controlProps('support-email', { error: errors.email })}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={254}
          autoComplete="email"
        />
      </Field>
      <Field id="support-body" className="chat-field" label="How can we help?" error={errors.body}>
        <textarea
          {...controlProps('support-body', { error: errors.body })}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
        />
      </Field>
      <Button type="submit" variant="primary" disabled={start.pending}>
        {start.pending ? 'Sending...' : 'Start chat'}
      </Button>
      <FormError error={errors.form} />
    </form>
  );
}
