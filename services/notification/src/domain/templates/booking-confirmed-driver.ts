import type { BookingConfirmed } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate, pounds } from '../format.js';
import { layout, textFooter, type EmailContent } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/** The chosen driver's job sheet: who the customer is, how to reach them, the job and what to collect. */
export function bookingConfirmedDriverEmail(b: BookingConfirmed): EmailContent {
  const driverName = b.driver?.name ?? 'driver';
  const balance = pounds(b.outstandingBalancePence);
  const subject = `New job ${b.randomNumber}: ${moveDate(b.move.date)} for ${b.customer.name}`;
  const collect =
    b.outstandingBalancePence > 0 ? `Collect from the customer on the day: ${balance}.` : 'The customer has paid in full online: nothing to collect.';
  const text = [
    `Hello ${driverName},`,
    '',
    'You have a new confirmed job through VanHop.',
    '',
    'Customer',
    `Name: ${b.customer.name}`,
    `E-mail: ${b.customer.email}`,
    `Phone: ${b.customer.phone}`,
    '',
    `Job ${b.randomNumber}`,
    moveSummaryText(b.move),
    '',
    `Total price: ${pounds(b.totalPricePence)}`,
    `Paid online: ${pounds(b.amountPaidPence)}`,
    collect,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${driverName},</p>
<p>You have a new confirmed job through VanHop.</p>
<h2 style="font-size:16px">Customer</h2>
<table style="font-size:14px">
<tr><th style="text-align:left;padding-right:8px">Name</th><td>${b.customer.name}</td></tr>
<tr><th style="text-align:left;padding-right:8px">E-mail</th><td><a href="mailto:${b.customer.email}">${b.customer.email}</a></td></tr>
<tr><th style="text-align:left;padding-right:8px">Phone</th><td><a href="tel:${b.customer.phone}">${b.customer.phone}</a></td></tr>
</table>
<h2 style="font-size:16px">Job ${b.randomNumber}</h2>
${moveSummaryHtml(b.move)}
<table style="font-size:14px;margin-top:12px">
<tr><th style="text-align:left;padding-right:8px">Total price</th><td>${pounds(b.totalPricePence)}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Paid online</th><td>${pounds(b.amountPaidPence)}</td></tr>
</table>
<p><strong>${collect}</strong></p>`;
  return { subject, text, html: layout(subject, body), replyTo: b.customer.email };
}
