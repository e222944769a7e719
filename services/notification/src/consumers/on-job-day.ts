import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import {
  progressCustomerSms,
  reminderCustomerEmail,
  reminderCustomerSms,
  reminderDriverEmail,
  reminderDriverSms,
} from '../domain/templates/job-day.js';

/**
 * JobReminded → the day-before reminder, mailed and texted to the customer and the driver (each
 * delivery keyed by the event, so a redelivery sends nothing twice; a driver without a phone on the
 * event is mailed only).
 */
export const onJobReminded =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobReminded, event);
    await notifier.email(`job-reminded.${eventId}.customer`, data.customer.email, reminderCustomerEmail(data, ctx));
    await notifier.bookingText(
      `job-reminded.${eventId}.customer-sms`,
      ukPhoneToE164(data.customer.phone),
      reminderCustomerSms(data, ctx),
      { bookingId: data.bookingId, at: occurredAt },
    );
    await notifier.email(`job-reminded.${eventId}.driver`, data.driver.email, reminderDriverEmail(data));
    if (data.driver.phone)
      await notifier.bookingText(
        `job-reminded.${eventId}.driver-sms`,
        ukPhoneToE164(data.driver.phone),
        reminderDriverSms(data),
        { bookingId: data.bookingId, at: occurredAt },
      );
  };

/** JobProgressed → the customer is texted each step of their move day. */
export const onJobProgressed =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobProgressed, event);
    await notifier.bookingText(
      `job-progressed.${eventId}.sms`,
      ukPhoneToE164(data.customer.phone),
      progressCustomerSms(data, ctx),
      { bookingId: data.bookingId, at: occurredAt },
    );
  };
