import type { BookingReactivated } from '@vanhop/contracts';
import { moveDate } from '../format.js';
import type { EmailContent, TemplateContext } from './email-content.js';
import { repricedCustomerEmail, repricedDriverEmail } from './repriced-move.js';

/** The customer's confirmation of the new date, with any price change and what it means for them. */
export function bookingReactivatedCustomerEmail(b: BookingReactivated, ctx: TemplateContext): EmailContent {
  return repricedCustomerEmail(b, ctx, {
    subject: `New date confirmed: ${moveDate(b.move.date)} (ref ${b.randomNumber})`,
    lines: [
      `Your postponed move (booking ${b.randomNumber}) is booked again for ${moveDate(b.move.date)}${b.driver ? ` with ${b.driver.name}` : ''}.`,
    ],
    priceIs: 'The price for the new date is',
  });
}

/** The driver's job sheet for the new date: who, where, and what to collect. */
export function bookingReactivatedDriverEmail(b: BookingReactivated): EmailContent {
  return repricedDriverEmail(b, {
    subject: `Job ${b.randomNumber} has a new date: ${moveDate(b.move.date)}`,
    lines: [`The postponed job ${b.randomNumber} for ${b.customer.name} now takes place on ${moveDate(b.move.date)}.`],
  });
}
