import type { BookingConfirmed } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate, pounds } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { POLICIES } from './policies.js';

/** The customer's confirmation after paying: the move, the money, the policies. */
export function bookingConfirmedCustomerEmail(b: BookingConfirmed, ctx: TemplateContext): EmailContent {
  const paid = pounds(b.amountPaidPence);
  const balance = pounds(b.outstandingBalancePence);
  const total = pounds(b.totalPricePence);
  const driver = b.driver?.name ?? 'your driver';
  const subject = `Booking confirmed: ${moveDate(b.move.date)} (ref ${b.randomNumber})`;
  const balanceLine =
    b.outstandingBalancePence > 0
      ? `Outstanding balance: ${balance}, payable to the driver on the day of the move.`
      : 'Outstanding balance: nothing, you have paid in full.';
  const link = `${ctx.publicUrl}/retrieve/${b.randomNumber}`;
  const text = [
    `Hello ${b.customer.name},`,
    '',
    `Your move is booked with ${driver}. We have passed your name, e-mail and phone number to the driver, who may contact you before the day.`,
    '',
    `Booking reference: ${b.randomNumber}`,
    moveSummaryText(b.move),
    '',
    `Total price: ${total}`,
    `Amount paid: ${paid}`,
    balanceLine,
    '',
    ...POLICIES,
    '',
    `Your booking: ${link}`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
<p>Your move is booked with <strong>${driver}</strong>. We have passed your name, e-mail and phone number to the driver, who may contact you before the day.</p>
<p>Booking reference: <strong>${b.randomNumber}</strong></p>
${moveSummaryHtml(b.move)}
<h2 style="font-size:16px">Payment</h2>
<table style="font-size:14px">
<tr><th style="text-align:left;padding-right:8px">Total price</th><td>${total}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Amount paid</th><td>${paid}</td></tr>
</table>
<p>${balanceLine}</p>
<h2 style="font-size:16px">Policies</h2>
<ul>${POLICIES.map((p) => html`<li>${p}</li>`)}</ul>
<p><a href="${link}">View your booking</a></p>`;
  return { subject, text, html: layout(subject, body) };
}
