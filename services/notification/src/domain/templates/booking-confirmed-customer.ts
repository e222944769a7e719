import { PAYMENT_STATUS_TEXT, type BookingConfirmed, formatPence } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { POLICIES } from './policies.js';
import { myMoveButton, myMoveText, myMoveUrl, receiptHtml, receiptText, type ReceiptFacts } from './my-move.js';

const receiptOf = (b: BookingConfirmed, at: string): ReceiptFacts => ({
  title: 'Payment receipt',
  bookingRef: b.randomNumber,
  at,
  description: b.paymentStatus === 'paid' ? 'Full payment' : PAYMENT_STATUS_TEXT[b.paymentStatus].replace(/ paid$/, ''),
  amountPence: b.amountPaidPence,
  method: 'Paid by card',
});

/**
 * The driver still has to accept (their portal asks them by a deadline): the customer is told so,
 * and that their contact reaches the driver only then, never that it already has.
 */
const driverLine = (driver: string): string =>
  `We have asked ${driver} to accept it and will e-mail and text you as soon as they do; only then do they get your name, e-mail and phone number. If they cannot, we offer it to another driver free at the same time for no more than you paid, and tell you who.`;

/**
 * The customer's confirmation after paying: the move, the money with its receipt, the policies, and
 * the way to the booking (My move; the retrieve page for events from before that page existed).
 */
export function bookingConfirmedCustomerEmail(b: BookingConfirmed, ctx: TemplateContext, paidAt: string): EmailContent {
  const paid = formatPence(b.amountPaidPence);
  const balance = formatPence(b.outstandingBalancePence);
  const total = formatPence(b.totalPricePence);
  const driver = b.driver?.name ?? 'your driver';
  const subject = `Booking confirmed: ${moveDate(b.move.date)} (ref ${b.randomNumber})`;
  const balanceLine =
    b.outstandingBalancePence > 0
      ? `Outstanding balance: ${balance}, payable to the driver on the day of the move.`
      : 'Outstanding balance: nothing, you have paid in full.';
  const link = b.myMovePath ? myMoveUrl(ctx, b.myMovePath) : `${ctx.publicUrl}/retrieve/${b.randomNumber}`;
  const status = PAYMENT_STATUS_TEXT[b.paymentStatus];
  const receipt = receiptOf(b, paidAt);
  // "Paid" only when nothing is left to pay: a deposit books the move, the rest is still due.
  const booked =
    b.outstandingBalancePence > 0 ? 'Your move is booked: your deposit is paid.' : 'Your move is booked and paid.';
  const text = [
    `Hello ${b.customer.name},`,
    '',
    `${booked} ${driverLine(driver)}`,
    '',
    `Booking reference: ${b.randomNumber}`,
    moveSummaryText(b.move),
    '',
    `Status: ${status}`,
    `Total price: ${total}`,
    `Amount paid: ${paid}`,
    balanceLine,
    '',
    receiptText(receipt),
    '',
    ...POLICIES,
    '',
    b.myMovePath ? myMoveText(link) : `Your booking: ${link}`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
<p>${booked} ${driverLine(driver)}</p>
<p>Booking reference: <strong>${b.randomNumber}</strong></p>
${moveSummaryHtml(b.move)}
<h2 style="font-size:16px">Payment</h2>
<table style="font-size:14px">
<tr><th style="text-align:left;padding-right:8px">Status</th><td>${status}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Total price</th><td>${total}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Amount paid</th><td>${paid}</td></tr>
</table>
<p>${balanceLine}</p>
${receiptHtml(receipt)}
<h2 style="font-size:16px">Policies</h2>
<ul>${POLICIES.map((p) => html`<li>${p}</li>`)}</ul>
${b.myMovePath ? myMoveButton(link) : html`<p><a href="${link}">View your booking</a></p>`}`;
  return { subject, text, html: layout(subject, body) };
}
