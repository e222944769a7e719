import { TOPICS } from '@vanhop/contracts';
import type { Mailer, Subscription } from '@vanhop/platform';
import { onContactMessageReceived } from './on-contact-message-received.js';

export const notificationSubscriptions = (deps: { mailer: Mailer; officeEmail: string }): Subscription[] => [
  { topic: TOPICS.contactMessageReceived, handler: onContactMessageReceived(deps.mailer, deps.officeEmail) },
];
