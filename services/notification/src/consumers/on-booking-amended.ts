import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { bookingAmendedCustomerEmail, bookingAmendedDriverEmail } from '../domain/templates/booking-amended.js';

/** BookingAmended → the customer's note of the change (new price, balance or refund) and the driver's updated job sheet. */
export const onBookingAmended =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.bookingAmended, event);
    await notifier.email(
      `booking-amended.${eventId}.customer`,
      data.customer.email,
      bookingAmendedCustomerEmail(data, ctx),
    );
    if (data.driver)
      await notifier.email(`booking-amended.${eventId}.driver`, data.driver.email, bookingAmendedDriverEmail(data));
  };
