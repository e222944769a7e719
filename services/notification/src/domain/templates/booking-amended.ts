import type { AmendablePart, BookingAmended } from '@vanhop/contracts';
import { hoursLabel, moveDate } from '../format.js';
import type { EmailContent, TemplateContext } from './email-content.js';
import { repricedCustomerEmail, repricedDriverEmail } from './repriced-move.js';

type Move = BookingAmended['move'];

const stops = (move: Move) =>
  move.addresses.map((a) => [a.physicalAddress, a.location].filter(Boolean).join(', ')).join(' / ');

const NOW_AND_BEFORE: Record<AmendablePart, (now: Move, before: Move) => string> = {
  date: (now, before) => `Date: ${moveDate(now.date)} (was ${moveDate(before.date)})`,
  hours: (now, before) => `Booked time: ${hoursLabel(now.totalHour)} (was ${hoursLabel(before.totalHour)})`,
  stops: (now, before) => `Stops: ${stops(now)} (was ${stops(before)})`,
};

/** One line per part that changed, in the order staff changed them. */
const changeLines = (b: BookingAmended): string[] =>
  b.changed.map((part) => NOW_AND_BEFORE[part](b.move, b.previousMove));

/** The customer's note of a change agreed with VanHop Support: what changed, the new price and what it means for them. */
export function bookingAmendedCustomerEmail(b: BookingAmended, ctx: TemplateContext): EmailContent {
  return repricedCustomerEmail(b, ctx, {
    subject: `Booking ${b.randomNumber} changed: ${moveDate(b.move.date)}`,
    lines: [`As agreed with VanHop Support, we have changed your move (booking ${b.randomNumber}):`, ...changeLines(b)],
    priceIs: 'The new price is',
  });
}

/** The driver's updated job sheet. */
export function bookingAmendedDriverEmail(b: BookingAmended): EmailContent {
  return repricedDriverEmail(b, {
    subject: `Job ${b.randomNumber} changed: ${moveDate(b.move.date)}`,
    lines: [
      `Job ${b.randomNumber} for ${b.customer.name} has been changed at the customer's request:`,
      ...changeLines(b),
    ],
  });
}
