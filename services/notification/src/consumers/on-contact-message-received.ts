import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler, type Mailer } from '@vanhop/platform';
import { contactMessageEmail } from '../domain/templates/contact-message.js';

export const onContactMessageReceived =
  (mailer: Mailer, officeEmail: string): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.contactMessageReceived, event);
    const mail = contactMessageEmail(data);
    await mailer.send({ to: officeEmail, ...mail, messageId: `<contact-${eventId}@vanhop.local>` });
  };
