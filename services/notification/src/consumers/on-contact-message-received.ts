import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { contactMessageEmail } from '../domain/templates/contact-message.js';

/** ContactMessageReceived → the office's copy (Reply-To is the customer). */
export const onContactMessageReceived =
  (notifier: Notifier, officeEmail: string): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.contactMessageReceived, event);
    await notifier.email(`contact.${eventId}`, officeEmail, contactMessageEmail(data));
  };
