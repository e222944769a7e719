import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { quoteSavedEmail } from '../domain/templates/quote-saved.js';
import { quoteSavedSms } from '../domain/templates/quote-saved-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import type { TemplateContext } from '../domain/templates/email-content.js';

/** QuoteSaved → the customer's e-mail with the retrieve code and link, and the link by text. */
export const onQuoteSaved =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.quoteSaved, event);
    await notifier.email(`quote-saved.${eventId}`, data.customer.email, quoteSavedEmail(data, ctx));
    await notifier.text(`quote-saved.${eventId}.sms`, ukPhoneToE164(data.customer.phone), quoteSavedSms(data, ctx));
  };
