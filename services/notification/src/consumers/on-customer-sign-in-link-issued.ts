import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { customerSignInEmail } from '../domain/templates/customer-sign-in.js';
import type { TemplateContext } from '../domain/templates/email-content.js';

/** CustomerSignInLinkIssued → the sign-in link mail, once per event. */
export const onCustomerSignInLinkIssued =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.customerSignInLinkIssued, event);
    await notifier.email(`customer-sign-in.${eventId}`, data.email, customerSignInEmail(data, ctx));
  };
