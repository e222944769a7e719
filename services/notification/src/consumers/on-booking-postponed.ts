import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { bookingPostponedCustomerEmail, bookingPostponedDriverEmail } from '../domain/templates/booking-postponed.js';

/** BookingPostponed → the customer's confirmation (new date by when) and the driver's notice. */
export const onBookingPostponed =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.bookingPostponed, event);
    await notifier.email(
      `booking-postponed.${eventId}.customer`,
      data.customer.email,
      bookingPostponedCustomerEmail(data, ctx),
    );
    if (data.driver)
      await notifier.email(`booking-postponed.${eventId}.driver`, data.driver.email, bookingPostponedDriverEmail(data));
  };
