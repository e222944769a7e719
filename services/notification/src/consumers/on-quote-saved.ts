import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Cache, type EventHandler, type Logger } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { RecipientCap, UNPROVED_RECIPIENT_MESSAGES_PER_DAY } from '../app/recipient-cap.js';
import { quoteSavedEmail } from '../domain/templates/quote-saved.js';
import { quoteSavedSms } from '../domain/templates/quote-saved-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import type { TemplateContext } from '../domain/templates/email-content.js';

/** Saved-quote mails one address, and texts one number, may get a day (app/recipient-cap.ts). */
export const QUOTE_SAVED_PER_RECIPIENT_PER_DAY = UNPROVED_RECIPIENT_MESSAGES_PER_DAY;

/**
 * QuoteSaved → the customer's e-mail with the retrieve code and link, and the link by text. Whoever
 * saves a quote types the address and number and nobody proves them, so each gets its daily share
 * of these, whoever saves. Beyond it the message is skipped and the event completes: a retry would
 * only be skipped again. The log names the event, never the address or number.
 */
export const onQuoteSaved = (
  notifier: Notifier,
  ctx: TemplateContext,
  deps: { cache: Cache; logger: Logger },
): EventHandler => {
  const mails = new RecipientCap(deps.cache, 'quote-saved-mail', 'address', QUOTE_SAVED_PER_RECIPIENT_PER_DAY);
  const texts = new RecipientCap(deps.cache, 'quote-saved-text', 'number', QUOTE_SAVED_PER_RECIPIENT_PER_DAY);
  const skipped = (eventId: string, channel: 'email' | 'sms') =>
    deps.logger.info({ eventId, channel }, 'quote-saved message skipped: its recipient had their share today');
  return async (event) => {
    const { data, eventId } = await readEvent(TOPICS.quoteSaved, event);
    const mailKey = `quote-saved.${eventId}`;
    if (await mails.admitsOnce(data.customer.email, mailKey))
      await notifier.email(mailKey, data.customer.email, quoteSavedEmail(data, ctx));
    else skipped(eventId, 'email');
    const textKey = `quote-saved.${eventId}.sms`;
    if (await texts.admitsOnce(data.customer.phone, textKey))
      await notifier.text(textKey, ukPhoneToE164(data.customer.phone), quoteSavedSms(data, ctx));
    else skipped(eventId, 'sms');
  };
};
