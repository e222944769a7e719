import type { BookingConfirmed } from '@vanhop/contracts';
import { COOLING_OFF_HOURS, formatPence } from '@vanhop/contracts';
import { moveDate } from '../format.js';

/** The short confirmation text; details are in the e-mail and on My move. */
export function bookingConfirmedSms(b: BookingConfirmed, ctx: { publicUrl: string }): string {
  const balance =
    b.outstandingBalancePence > 0 ? `, ${formatPence(b.outstandingBalancePence)} due to the driver on the day` : '';
  const driver = b.driver ? ` Driver: ${b.driver.name}.` : '';
  return `VanHop: booking ${b.randomNumber} confirmed for ${moveDate(b.move.date)}. Paid ${formatPence(b.amountPaidPence)}${balance}.${driver} Free cancellation within ${COOLING_OFF_HOURS} hour. ${b.myMovePath ? `Your booking: ${ctx.publicUrl}${b.myMovePath}` : 'Details by e-mail.'}`;
}
