import {
  REFUND_DESCRIPTIONS,
  formatPence,
  type BalancePaid,
  type BookingAmended,
  type BookingCancelled,
  type BookingPostponed,
  type BookingReactivated,
  type JobOffered,
  type RefundIssued,
} from '@vanhop/contracts';
import { hoursLabel, moveDate } from '../format.js';
import type { TemplateContext } from './email-content.js';
import { myMoveUrl } from './my-move.js';

/**
 * The texts that go beside each change's mail. Short: what the booking is now, and where to read
 * the rest. Each states only the change it reports, so a later text never has to take one back.
 */

/** What a new price means for the customer: more to pay on the day, or money coming back. */
const moneyWords = (b: { totalPricePence: number; balancePence: number; refundPence: number }): string => {
  if (b.refundPence > 0) return ` ${formatPence(b.refundPence)} is being refunded to your card.`;
  if (b.balancePence > 0) return ` ${formatPence(b.balancePence)} left to pay.`;
  return ' Nothing left to pay.';
};

/** Staff changed the move (date, hours or stops) as agreed with the customer. */
export function bookingAmendedCustomerSms(b: BookingAmended, ctx: TemplateContext): string {
  return `VanHop: your move (booking ${b.randomNumber}) has changed: now ${moveDate(b.move.date)}, ${hoursLabel(b.move.totalHour)}, price ${formatPence(b.totalPricePence)}.${moneyWords(b)} Details: ${myMoveUrl(ctx, b.myMovePath)}`;
}

/** The customer chose a new date for their postponed move. */
export function bookingReactivatedCustomerSms(b: BookingReactivated, ctx: TemplateContext): string {
  return `VanHop: your move (booking ${b.randomNumber}) is now on ${moveDate(b.move.date)}, price ${formatPence(b.totalPricePence)}.${moneyWords(b)} Details: ${myMoveUrl(ctx, b.myMovePath)}`;
}

export function bookingPostponedCustomerSms(b: BookingPostponed, ctx: TemplateContext): string {
  return `VanHop: your move on ${moveDate(b.move.date)} (booking ${b.randomNumber}) is postponed; what you paid is kept for it. Choose a new date on My move: ${myMoveUrl(ctx, b.myMovePath)}`;
}

export function bookingPostponedDriverSms(b: BookingPostponed): string {
  return `VanHop: job ${b.randomNumber} on ${moveDate(b.move.date)} is postponed by the customer. Do not attend on that date; we will tell you the new one.`;
}

/** Who cancelled (a staff cancellation is never "by the customer") and what comes back. */
export function bookingCancelledCustomerSms(b: BookingCancelled, ctx: TemplateContext): string {
  const who = b.cancelledBy === 'staff' ? 'VanHop has cancelled your move' : 'your move';
  const cancelled = b.cancelledBy === 'staff' ? '' : ' is cancelled';
  const money =
    b.refundPence > 0
      ? ` ${formatPence(b.refundPence)} is being refunded to your card.`
      : ' No money paid is refunded.';
  return `VanHop: ${who} on ${moveDate(b.move.date)} (booking ${b.randomNumber})${cancelled}.${money} ${myMoveUrl(ctx, b.myMovePath)}`;
}

export function bookingCancelledDriverSms(b: BookingCancelled): string {
  const who = b.cancelledBy === 'staff' ? 'VanHop has cancelled' : 'The customer has cancelled';
  return `VanHop: ${who} job ${b.randomNumber} on ${moveDate(b.move.date)}. You do not need to attend.`;
}

export function refundIssuedCustomerSms(r: RefundIssued, ctx: TemplateContext): string {
  return `VanHop: we have refunded ${formatPence(r.amountPence)} to your card for booking ${r.randomNumber} (${REFUND_DESCRIPTIONS[r.reason]}). Banks usually show it within 5 to 10 working days. Receipt: ${myMoveUrl(ctx, r.myMovePath)}`;
}

/** The move's new time is outside the driver's hours: they are asked to confirm it by a deadline. */
export function jobReconfirmCustomerSms(
  j: JobOffered,
  reconfirm: NonNullable<JobOffered['reconfirm']>,
  ctx: TemplateContext,
): string {
  const link = reconfirm.myMovePath ? ` ${myMoveUrl(ctx, reconfirm.myMovePath)}` : '';
  return `VanHop: your move (booking ${j.randomNumber}) is now on ${moveDate(j.move.date)}. We have asked ${j.driver.name} to confirm the new time by ${moveDate(j.respondBy)} and will tell you either way.${link}`;
}

/** The balance paid online: a reminder that said what is due on the day must not be the last word. */
export function balancePaidCustomerSms(b: BalancePaid, ctx: TemplateContext): string {
  return `VanHop: thank you, the balance of ${formatPence(b.amountPence)} for booking ${b.randomNumber} is paid. Nothing is to be paid to the driver on the day. Receipt: ${myMoveUrl(ctx, b.myMovePath)}`;
}

export function balancePaidDriverSms(b: BalancePaid): string {
  return `VanHop: the balance of job ${b.randomNumber} (${moveDate(b.move.date)}) is paid online. Nothing is to be collected on the day.`;
}
