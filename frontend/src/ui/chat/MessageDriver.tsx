/**
 * "Message the driver": a self-contained panel for one driver, used beside an offer in the quotes
 * popup (about that quote) and on My move (about the booked move). The first message opens a
 * thread; its signed link is kept in this browser and e-mailed, so the thread reopens here.
 * Neither side sees the other's e-mail address.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Field as FormikField, Form, Formik, type FormikHelpers } from 'formik';
import {
  MESSAGE_MAX_LENGTH,
  startDriverConversationSchema,
  type ConversationAbout,
  type CustomerConversationView,
} from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { getConversation, postConversationMessage, startDriverConversation } from '../../api/conversations';
import { saveDriverToken, savedDriverToken } from '../../lib/conversation-links';
import { errorText, Thread } from './Thread';
import { Field, FormError, controlProps } from '../fields';
import { usePolling } from '../../lib/usePolling';
import { EmailStatusNote } from './EmailStatusNote';
import './conversations.css';
import { Button } from '../index';

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
            <Thread
              messages={thread.data.messages}
              me="customer"
              canReply={thread.data.canReply}
              onSend={send}
              label={`Message to ${driverName}`}
            />
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
            const started = await startDriverConversation({
              driverId,
              about,
              ...input,
              ...(myMoveToken ? { myMoveToken } : {}),
            });
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

/** The first message's fields, checked with the wire contract's schema for starting a conversation. */
const startSchema = startDriverConversationSchema.pick(['name', 'email', 'body']);
type StartValues = { name: string; email: string; body: string };

function StartForm({ driverName, customer, booked, onStart }: StartFormProps) {
  const ids = useId();
  const submit = async (values: StartValues, helpers: FormikHelpers<StartValues>) => {
    helpers.setStatus(null);
    try {
      await onStart(startSchema.cast(values) as StartValues);
    } catch (err) {
      if (err instanceof ApiError && err.errors) helpers.setErrors(err.errors);
      helpers.setStatus(errorText(err));
    }
  };

  return (
    <Formik
      initialValues={{ name: customer?.name ?? '', email: customer?.email ?? '', body: '' }}
      validationSchema={startSchema}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ errors, status, isSubmitting }) => (
        <Form className="chat-form" noValidate>
          <p className="chat-about">
            {booked
              ? `Ask ${driverName} about your move. Messages go through VanHop and we e-mail you the reply.`
              : `Ask ${driverName} about this move before you book. Your e-mail address is not shown to the driver; we e-mail you the reply.`}
          </p>
          <Field id={`${ids}-name`} className="chat-field" label="Your name" error={errors.name}>
            <FormikField
              {...controlProps(`${ids}-name`, { error: errors.name })}
              name="name"
              maxLength={60}
              autoComplete="name"
            />
          </Field>
          <Field id={`${ids}-email`} className="chat-field" label="Your e-mail" error={errors.email}>
            <FormikField
              {...controlProps(`${ids}-email`, { error: errors.email })}
              type="email"
              name="email"
              maxLength={254}
              autoComplete="email"
            />
          </Field>
          <Field id={`${ids}-body`} className="chat-field" label={`Message to ${driverName}`} error={errors.body}>
            <FormikField
              {...controlProps(`${ids}-body`, { error: errors.body })}
              as="textarea"
              name="body"
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
            />
          </Field>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : `Send to ${driverName}`}
          </Button>
          <FormError error={typeof status === 'string' ? status : null} />
        </Form>
      )}
    </Formik>
  );
}
