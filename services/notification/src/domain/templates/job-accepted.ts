import type { JobAccepted } from '@vanhop/contracts';
import { myMoveUrl } from './my-move.js';
import { html } from '../html.js';
import { customerMoveMail } from './customer-move-mail.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

type Customer = NonNullable<JobAccepted['customer']>;

/** JobAccepted → the customer: their driver said yes (the booking said "waiting for them to accept" until now). */
export function jobAcceptedCustomerEmail(j: JobAccepted, customer: Customer, ctx: TemplateContext): EmailContent {
  const subject = `${j.driver.name} has accepted your move on ${moveDate(j.move.date)}`;
  const line = `Good news: ${j.driver.name} has accepted your move (booking ${j.randomNumber}). They now have your phone number and e-mail and may contact you to arrange the day.`;
  return customerMoveMail(ctx, {
    subject,
    name: customer.name,
    paragraphs: [line],
    move: j.move,
    myMovePath: j.myMovePath,
  });
}

/** The same news by text. */
export function jobAcceptedCustomerSms(j: JobAccepted, ctx: TemplateContext): string {
  const link = j.myMovePath ? ` Your booking: ${myMoveUrl(ctx, j.myMovePath)}` : '';
  return `VanHop: ${j.driver.name} has accepted your move on ${moveDate(j.move.date)} (booking ${j.randomNumber}).${link}`;
}

/**
 * JobAccepted → the driver: the customer's contact, which the job offer left out until they
 * accepted (the customer is told their details reach the driver only then).
 */
export function jobAcceptedDriverEmail(j: JobAccepted, customer: Customer): EmailContent {
  const subject = `Job ${j.randomNumber} accepted: ${customer.name}'s contact details`;
  const line = `Thank you for accepting job ${j.randomNumber} for ${moveDate(j.move.date)}. Here is how to reach ${customer.name} to arrange the day.`;
  // Where calls are relayed the number stays with VanHop: the driver rings from the job card.
  const phone = j.callsMasked
    ? 'Call them from the job card in your portal: neither of you sees the other’s number.'
    : customer.phone;
  const text = [
    `Hello ${j.driver.name},`,
    '',
    line,
    '',
    `Name: ${customer.name}`,
    `E-mail: ${customer.email}`,
    `Phone: ${phone}`,
    '',
    moveSummaryText(j.move),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${j.driver.name},</p>
<p>${line}</p>
<table style="font-size:14px">
<tr><th style="text-align:left;padding-right:8px">Name</th><td>${customer.name}</td></tr>
<tr><th style="text-align:left;padding-right:8px">E-mail</th><td><a href="mailto:${customer.email}">${customer.email}</a></td></tr>
<tr><th style="text-align:left;padding-right:8px">Phone</th><td>${j.callsMasked ? phone : html`<a href="tel:${customer.phone}">${customer.phone}</a>`}</td></tr>
</table>
${moveSummaryHtml(j.move)}`;
  return { subject, text, html: layout(subject, body), replyTo: customer.email };
}
