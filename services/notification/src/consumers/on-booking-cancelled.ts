import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler, type Logger } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { bookingCancelledCustomerEmail, bookingCancelledDriverEmail } from '../domain/templates/booking-cancelled.js';

/** BookingCancelled → the customer's confirmation (says whether a refund follows) and the driver's notice. */
export const onBookingCancelled =
  (notifier: Notifier, ctx: TemplateContext, logger: Logger): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.bookingCancelled, event);
    await notifier.email(
      `booking-cancelled.${eventId}.customer`,
      data.customer.email,
      bookingCancelledCustomerEmail(data, ctx),
    );
    if (data.driver)
      await notifier.email(`booking-cancelled.${eventId}.driver`, data.driver.email, bookingCancelledDriverEmail(data));
    else
      logger.warn({ bookingId: data.bookingId, eventId }, 'booking cancelled without a driver: no driver e-mail sent');
  };
