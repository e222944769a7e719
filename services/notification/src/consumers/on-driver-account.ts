import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { driverInvitedEmail, driverUpdatedEmail } from '../domain/templates/driver-account.js';

/** DriverInvited → the driver's one-use link to set a password. */
export const onDriverInvited =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.driverInvited, event);
    await notifier.email(`driver-invited.${eventId}.driver`, data.email, driverInvitedEmail(data, ctx));
  };

/**
 * DriverUpdated → the driver (and the old address too when the e-mail itself changed, so a
 * hijacked profile is noticed). Seeded demo drivers are not mailed: nobody reads those addresses.
 */
export const onDriverUpdated =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.driverUpdated, event);
    if (data.by === 'seed') return;
    const mail = driverUpdatedEmail(data, ctx);
    await notifier.email(`driver-updated.${eventId}.driver`, data.driver.email, mail);
    if (data.driver.previousEmail && data.driver.previousEmail !== data.driver.email) {
      await notifier.email(`driver-updated.${eventId}.previous`, data.driver.previousEmail, mail);
    }
  };
