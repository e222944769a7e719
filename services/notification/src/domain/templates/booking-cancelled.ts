import { formatPence } from '@vanhop/contracts';
import type { BookingCancelled } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { myMoveButton, myMoveText, myMoveUrl } from './my-move.js';

const byStaff = (b: BookingCancelled): boolean => b.cancelledBy === 'staff';

/** Why the booking ended and what comes back. A staff cancellation gives the office's reason, never who. */
function refundLine(b: BookingCancelled): string {
  if (byStaff(b)) {
    const why = b.reason
      ? `VanHop has cancelled your booking: ${b.reason.replace(/[\s.;:,]+$/u, '')}.`
      : 'VanHop has cancelled your booking.';
    return b.refundPence > 0
      ? `${why} ${formatPence(b.refundPence)} is being refunded to your card. A refund receipt follows by e-mail.`
      : `${why} No money paid is refunded.`;
  }
  return b.refundPence > 0
    ? `You cancelled within the 1-hour cooling-off period, so everything you paid, ${formatPence(b.refundPence)}, is being refunded to your card. A refund receipt follows by e-mail.`
    : 'You cancelled after the 1-hour cooling-off period: under our cancellation policy no money paid is refunded.';
}

/** The customer's confirmation that the booking is cancelled, and whether a refund follows. */
export function bookingCancelledCustomerEmail(b: BookingCancelled, ctx: TemplateContext): EmailContent {
  const url = myMoveUrl(ctx, b.myMovePath);
  const subject = `Booking ${b.randomNumber} cancelled`;
  const text = [
    `Hello ${b.customer.name},`,
    '',
    `Your move on ${moveDate(b.move.date)} (booking ${b.randomNumber}) is cancelled. We have told the driver.`,
    '',
    refundLine(b),
    '',
    moveSummaryText(b.move),
    '',
    myMoveText(url),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
<p>Your move on <strong>${moveDate(b.move.date)}</strong> (booking ${b.randomNumber}) is cancelled. We have told the driver.</p>
<p><strong>${refundLine(b)}</strong></p>
${moveSummaryHtml(b.move)}
${myMoveButton(url, 'See my cancelled booking')}`;
  return { subject, text, html: layout(subject, body) };
}

/** The driver's notice: the job is off, the day is free again. */
export function bookingCancelledDriverEmail(b: BookingCancelled): EmailContent {
  const subject = `Job ${b.randomNumber} cancelled: ${moveDate(b.move.date)}`;
  const who = byStaff(b)
    ? `VanHop has cancelled job ${b.randomNumber} for ${b.customer.name}`
    : `The customer ${b.customer.name} has cancelled job ${b.randomNumber}`;
  const line = `${who} on ${moveDate(b.move.date)}. You do not need to attend; nothing is to be collected.`;
  const text = [`Hello ${b.driver?.name ?? 'driver'},`, '', line, '', moveSummaryText(b.move), textFooter].join('\n');
  const body = html`<p>Hello ${b.driver?.name ?? 'driver'},</p>
<p><strong>${line}</strong></p>
${moveSummaryHtml(b.move)}`;
  return { subject, text, html: layout(subject, body) };
}
