/**
 * One conversation's messages and the box to answer in. Messages are rendered as text (React
 * escapes them), line breaks kept by CSS; the box stops at the server's length limit.
 */
import { useEffect, useRef } from 'react';
import { Field, Form, Formik, type FormikHelpers } from 'formik';
import {
  MESSAGE_MAX_LENGTH,
  postMessageSchema,
  type ConversationMessageView,
  type MessageAuthor,
} from '@vanhop/contracts';
import './conversations.css';
import { Button } from '../index';
import { FieldError, describedBy } from '../fields';

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The server's words for a refused message (rate limit, length, expired link), else a general line. */
export function errorText(err: unknown): string {
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && message && !/^Request failed/.test(message)
    ? message
    : 'Your message could not be sent. Please try again.';
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

type Reply = { body: string };
const NO_REPLY: Reply = { body: '' };

export function Thread({ messages, me, canReply, onSend, label, placeholder }: ThreadProps) {
  const end = useRef<HTMLLIElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (a longer thread) brings the end into view.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  // Checked with the wire contract's schema on submit; the box empties once the message is sent.
  const submit = async (values: Reply, helpers: FormikHelpers<Reply>) => {
    helpers.setStatus(null);
    try {
      await onSend(postMessageSchema.cast(values).body);
      helpers.resetForm();
    } catch (err) {
      helpers.setStatus(errorText(err));
    }
  };

  return (
    <div className="thread">
      <ol className="thread-messages" aria-label="Messages" aria-live="polite">
        {messages.map((m) => (
          <li key={m.id} className={`msg ${m.from === me ? 'msg--mine' : 'msg--theirs'}`} data-from={m.from}>
            <p className="msg-meta">
              <strong>{m.from === me ? 'You' : m.author}</strong> ·{' '}
              <time dateTime={m.at}>{when.format(new Date(m.at))}</time>
            </p>
            <p className="msg-body">{m.body}</p>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread-end" />
      </ol>
      {canReply ? (
        <Formik
          initialValues={NO_REPLY}
          validationSchema={postMessageSchema}
          validateOnChange={false}
          validateOnBlur={false}
          onSubmit={submit}
        >
          {({ values, errors, status, isSubmitting }) => (
            <Form className="thread-reply" noValidate>
              <label className="visually-hidden" htmlFor="thread-reply-box">
                {label}
              </label>
              <Field
                as="textarea"
                id="thread-reply-box"
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={describedBy('thread-reply-box', { error: errors.body ?? status })}
                name="body"
                maxLength={MESSAGE_MAX_LENGTH}
                rows={3}
                placeholder={placeholder ?? 'Write a message'}
              />
              <div className="thread-reply-row">
                <small className="thread-count">
                  {values.body.length.toLocaleString('en-GB')}/{MESSAGE_MAX_LENGTH.toLocaleString('en-GB')}
                </small>
                <Button type="submit" variant="primary" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending...' : 'Send'}
                </Button>
              </div>
              <FieldError id="thread-reply-box-error" error={errors.body ?? status} />
            </Form>
          )}
        </Formik>
      ) : (
        <p className="note">This conversation is full. Please start a new one.</p>
      )}
    </div>
  );
}
