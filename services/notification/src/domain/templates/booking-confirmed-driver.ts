import { formatPence } from '@vanhop/contracts';
import type { BookingConfirmed } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/**
 * The chosen driver's job sheet: the job, the customer's name and what to collect. Their phone and
 * e-mail come once the driver accepts the job in the portal (JobAccepted): the customer is told their
 * details reach the driver only then.
 */
const CONTACT_AFTER_ACCEPTING = "Accept the job in your driver portal to get the customer's phone number and e-mail.";

export function bookingConfirmedDriverEmail(b: BookingConfirmed): EmailContent {
  const driverName = b.driver?.name ?? 'driver';
  const balance = formatPence(b.outstandingBalancePence);
  const subject = `New job ${b.randomNumber}: ${moveDate(b.move.date)} for ${b.customer.name}`;
  const collect =
    b.outstandingBalancePence > 0
      ? `Collect from the customer on the day: ${balance}.`
      : 'The customer has paid in full online: nothing to collect.';
  const text = [
    `Hello ${driverName},`,
    '',
    'You have a new confirmed job through VanHop.',
    '',
    `Customer: ${b.customer.name}`,
    CONTACT_AFTER_ACCEPTING,
    '',
    `Job ${b.randomNumber}`,
    moveSummaryText(b.move),
    '',
    `Total price: ${formatPence(b.totalPricePence)}`,
    `Paid online: ${formatPence(b.amountPaidPence)}`,
    collect,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${driverName},</p>
<p>You have a new confirmed job through VanHop.</p>
<p>Customer: ${b.customer.name}<br>${CONTACT_AFTER_ACCEPTING}</p>
<h2 style="font-size:16px">Job ${b.randomNumber}</h2>
${moveSummaryHtml(b.move)}
<table style="font-size:14px;margin-top:12px">
<tr><th style="text-align:left;padding-right:8px">Total price</th><td>${formatPence(b.totalPricePence)}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Paid online</th><td>${formatPence(b.amountPaidPence)}</td></tr>
</table>
<p><strong>${collect}</strong></p>`;
  return { subject, text, html: layout(subject, body) };
}
