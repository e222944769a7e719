import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import {
  bookingReactivatedCustomerEmail,
  bookingReactivatedDriverEmail,
} from '../domain/templates/booking-reactivated.js';

/** BookingReactivated → the customer's new-date confirmation (price change, balance or refund) and the driver's job sheet. */
export const onBookingReactivated =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.bookingReactivated, event);
    await notifier.email(
      `booking-reactivated.${eventId}.customer`,
      data.customer.email,
      bookingReactivatedCustomerEmail(data, ctx),
    );
    if (data.driver)
      await notifier.email(
        `booking-reactivated.${eventId}.driver`,
        data.driver.email,
        bookingReactivatedDriverEmail(data),
      );
  };
