import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler, type Logger } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { bookingConfirmedCustomerEmail } from '../domain/templates/booking-confirmed-customer.js';
import { bookingConfirmedDriverEmail } from '../domain/templates/booking-confirmed-driver.js';
import { bookingConfirmedSms } from '../domain/templates/booking-confirmed-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';

/** BookingConfirmed → customer confirmation e-mail and text, and the driver's job e-mail. */
export const onBookingConfirmed =
  (notifier: Notifier, ctx: TemplateContext, logger: Logger): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.bookingConfirmed, event);
    await notifier.email(
      `booking-confirmed.${eventId}.customer`,
      data.customer.email,
      bookingConfirmedCustomerEmail(data, ctx, occurredAt),
    );
    // Through the booking's latest-text check like every later change: a confirmation delivered late
    // (a retried event) never lands after the text of a change made since.
    await notifier.bookingText(
      `booking-confirmed.${eventId}.sms`,
      ukPhoneToE164(data.customer.phone),
      bookingConfirmedSms(data, ctx),
      { bookingId: data.bookingId, at: occurredAt },
    );
    if (data.driver) {
      await notifier.email(`booking-confirmed.${eventId}.driver`, data.driver.email, bookingConfirmedDriverEmail(data));
    } else {
      logger.warn({ bookingId: data.bookingId, eventId }, 'booking confirmed without a driver: no driver e-mail sent');
    }
  };
