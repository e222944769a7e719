/**
 * One conversation's messages and the box to answer in. Messages are rendered as text (React
 * escapes them), line breaks kept by CSS; the box stops at the server's length limit.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH, type ConversationMessageView, type MessageAuthor } from '@vanhop/contracts';
import './conversations.css';

const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The server's words for a refused message (rate limit, length, expired link), else a general line. */
export function errorText(err: unknown): string {
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && message && !/^Request failed/.test(message) ? message : 'Your message could not be sent. Please try again.';
}

interface ThreadProps {
  messages: ConversationMessageView[];
  /** Whose side this screen is: those messages are shown as "mine". */
  me: MessageAuthor;
  canReply: boolean;
  onSend: (body: string) => Promise<void>;
  /** Accessible name of the message box. */
  label: string;
  placeholder?: string;
}

export function Thread({ messages, me, canReply, onSend, label, placeholder }: ThreadProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = draft.trim();
    if (!body) {
      setError('Please write a message');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(body);
      setDraft('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="thread">
      <ol className="thread-messages" aria-label="Messages" aria-live="polite">
        {messages.map((m) => (
          <li key={m.id} className={`msg ${m.from === me ? 'msg--mine' : 'msg--theirs'}`} data-from={m.from}>
            <p className="msg-meta">
              <strong>{m.from === me ? 'You' : m.author}</strong> · <time dateTime={m.at}>{when.format(new Date(m.at))}</time>
            </p>
            <p className="msg-body">{m.body}</p>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread-end" />
      </ol>
      {canReply ? (
        <form className="thread-reply" onSubmit={submit} noValidate>
          <label className="visually-hidden" htmlFor="thread-reply-box">
            {label}
          </label>
          <textarea
            id="thread-reply-box"
            value={draft}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={3}
            placeholder={placeholder ?? 'Write a message'}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="thread-reply-row">
            <small className="thread-count">
              {draft.length.toLocaleString('en-GB')}/{MESSAGE_MAX_LENGTH.toLocaleString('en-GB')}
            </small>
            <button type="submit" className="primary" disabled={sending}>
              {sending ? 'Sending...' : 'Send'}
            </button>
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p className="note">This conversation is full. Please start a new one.</p>
      )}
    </div>
  );
}
