import { CHECKOUT_RELEASE_LINKS_PER_DAY, TOPICS } from '@vanhop/contracts';
import { readEvent, type Cache, type EventHandler, type Logger } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { RecipientCap } from '../app/recipient-cap.js';
import { checkoutReleaseEmail } from '../domain/templates/checkout-release.js';
import type { TemplateContext } from '../domain/templates/email-content.js';

/** Release-link mails one address may get a day: as many as payment offers it (app/recipient-cap.ts). */
export const CHECKOUT_RELEASE_MAILS_PER_DAY = CHECKOUT_RELEASE_LINKS_PER_DAY;

/**
 * CheckoutReleaseOffered → the link that releases the address's unpaid checkouts. Anyone can make
 * payment offer one (by checking out with someone's address), so one address gets its daily share of
 * these and no more; beyond it the mail is skipped and the event completes. The log names the
 * event, never the address.
 */
export const onCheckoutReleaseOffered = (
  notifier: Notifier,
  ctx: TemplateContext,
  deps: { cache: Cache; logger: Logger },
): EventHandler => {
  const mails = new RecipientCap(deps.cache, 'checkout-release-mail', 'address', CHECKOUT_RELEASE_MAILS_PER_DAY);
  return async (event) => {
    const { data, eventId } = await readEvent(TOPICS.checkoutReleaseOffered, event);
    const key = `checkout-release.${eventId}`;
    if (await mails.admitsOnce(data.email, key)) await notifier.email(key, data.email, checkoutReleaseEmail(data, ctx));
    else deps.logger.info({ eventId }, 'checkout release mail skipped: its address had its share today');
  };
};
