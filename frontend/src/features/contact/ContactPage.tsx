import { useEffect, useRef } from 'react';
import { Field, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useNavigate } from 'react-router-dom';
import { COMPANY, MSG, contactMessageSchema, type ContactMessage } from '@vanhop/contracts';
import { sendContactMessage } from '../../api/client';
import { usePublicConfig } from '../../lib/config';
import { homeNoticeState } from '../../lib/homeNotice';
import { Button } from '../../ui';
import { FormikFieldError } from '../../ui/formik-fields';

type ContactFormValues = Omit<ContactMessage, 'agree'> & { agree: boolean };

const INITIAL_VALUES: ContactFormValues = { name: '', email: '', phone: '', title: '', message: '', agree: false };

/** The form's fields in page order: the first one in error is the one to bring into view. */
const FIELD_ORDER: (keyof ContactFormValues)[] = ['name', 'email', 'phone', 'title', 'message', 'agree'];

/**
 * After a submit refused by the checks, the first field in error is focused and brought to the
 * middle of the screen: on a phone the errors are otherwise a screen or more above the button.
 */
function FocusFirstContactError() {
  const { submitCount, isSubmitting, isValid, errors } = useFormikContext<ContactFormValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    const name = FIELD_ORDER.find((f) => errors[f]);
    const field = name ? document.querySelector<HTMLElement>(`.contact-form [name="${name}"]`) : null;
    if (!field) return;
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  }, [submitCount, isSubmitting, isValid, errors]);
  return null;
}

/** Sends a message; the server validates with the same schema, so both sides show the same words. */
export function ContactForm({ onSent }: { onSent: (serverMessage: string) => void }) {
  const submit = async (values: ContactFormValues, helpers: FormikHelpers<ContactFormValues>) => {
    try {
      const { message } = await sendContactMessage(contactMessageSchema.cast(values) as ContactMessage);
      helpers.resetForm();
      onSent(message);
    } catch {
      window.alert(MSG.contact.sendFailed);
    }
  };
  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={contactMessageSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form className="form contact-form" noValidate aria-label="Contact form">
          <FocusFirstContactError />
          <label>
            Name
            <Field name="name" autoComplete="name" />
            <FormikFieldError id="contact-name-error" name="name" />
          </label>
          <label>
            E-mail
            <Field name="email" type="email" autoComplete="email" />
            <FormikFieldError id="contact-email-error" name="email" />
          </label>
          <label>
            Phone
            <Field name="phone" type="tel" inputMode="numeric" autoComplete="tel" />
            <FormikFieldError id="contact-phone-error" name="phone" />
          </label>
          <label>
            Title
            <Field name="title" />
            <FormikFieldError id="contact-title-error" name="title" />
          </label>
          <label>
            Message
            <Field name="message" as="textarea" rows={6} />
            <FormikFieldError id="contact-message-error" name="message" />
          </label>
          <label className="checkbox">
            <Field name="agree" type="checkbox" />
            <span>I agree to the terms and conditions</span>
          </label>
          <FormikFieldError id="contact-agree-error" name="agree" />
          <div>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send message'}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

export function ContactPage() {
  const navigate = useNavigate();
  const { config } = usePublicConfig();
  return (
    <section className="page">
      <h1>Contact us</h1>
      <div className="two-columns">
        <div>
          <p className="lead">We are an online-only marketplace: bookings are made on this site, at any hour.</p>
          <p>
            For questions about a quote, a driver or these pages, write to us and the office replies by e-mail, usually
            the same working day.
          </p>
          <ul className="plain">
            {config?.phone && (
              <li>
                Phone: <a href={`tel:${config.phone.replace(/[^\d+]/g, '')}`}>{config.phone}</a>
              </li>
            )}
            {config?.email && (
              <li>
                E-mail: <a href={`mailto:${config.email}`}>{config.email}</a>
              </li>
            )}
            <li>
              {COMPANY.name}, company number {COMPANY.registrationNumber}
            </li>
          </ul>
          <p>Already booked? Use Instant Support from your Quotes page to amend a booking or message your driver.</p>
        </div>
        <ContactForm
          onSent={(serverMessage) => {
            window.alert(serverMessage);
            void navigate('/', {
              state: homeNoticeState({ title: 'Message sent.', text: `${serverMessage} We reply by e-mail.` }),
            });
          }}
        />
      </div>
    </section>
  );
}

export default ContactPage;
