import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler, type Logger } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { bookingCancelledCustomerEmail, bookingCancelledDriverEmail } from '../domain/templates/booking-cancelled.js';
import { bookingCancelledCustomerSms, bookingCancelledDriverSms } from '../domain/templates/change-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';

/** BookingCancelled → the customer's confirmation (says whether a refund follows) and the driver's notice, each mailed and texted. */
export const onBookingCancelled =
  (notifier: Notifier, ctx: TemplateContext, logger: Logger): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.bookingCancelled, event);
    const about = { bookingId: data.bookingId, at: occurredAt };
    await notifier.email(
      `booking-cancelled.${eventId}.customer`,
      data.customer.email,
      bookingCancelledCustomerEmail(data, ctx),
    );
    await notifier.bookingText(
      `booking-cancelled.${eventId}.customer-sms`,
      ukPhoneToE164(data.customer.phone),
      bookingCancelledCustomerSms(data, ctx),
      about,
    );
    if (data.driver) {
      await notifier.email(`booking-cancelled.${eventId}.driver`, data.driver.email, bookingCancelledDriverEmail(data));
      await notifier.bookingText(
        `booking-cancelled.${eventId}.driver-sms`,
        ukPhoneToE164(data.driver.phone),
        bookingCancelledDriverSms(data),
        about,
      );
    } else
      logger.warn({ bookingId: data.bookingId, eventId }, 'booking cancelled without a driver: no driver e-mail sent');
  };
