import { JOB_PROGRESS_LINE, type JobProgressed, type JobReminded, formatPence } from '@vanhop/contracts';
import { html } from '../html.js';
import { customerMoveMail } from './customer-move-mail.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { myMoveUrl } from './my-move.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/** JobReminded → the customer: their move is tomorrow, with whom and what to have ready. */
export function reminderCustomerEmail(r: JobReminded, ctx: TemplateContext): EmailContent {
  const subject = `Reminder: your move is tomorrow, ${moveDate(r.move.date)}`;
  const line = `This is a reminder that ${r.driver.name} is booked for your move (booking ${r.randomNumber}) on ${moveDate(r.move.date)}. Please have everything packed and the way clear, and keep your phone to hand: your driver will text you when they set off.`;
  const cash = r.cashToCollectPence
    ? `The balance of ${formatPence(r.cashToCollectPence)} is paid to your driver at the end of the move, unless you pay it online first.`
    : null;
  return customerMoveMail(ctx, {
    subject,
    name: r.customer.name,
    paragraphs: cash ? [line, cash] : [line],
    move: r.move,
    myMovePath: r.myMovePath,
  });
}

export function reminderCustomerSms(r: JobReminded, ctx: TemplateContext): string {
  const link = r.myMovePath ? ` Your booking: ${myMoveUrl(ctx, r.myMovePath)}` : '';
  return `VanHop: reminder, ${r.driver.name} is booked for your move on ${moveDate(r.move.date)} (booking ${r.randomNumber}).${link}`;
}

/** JobReminded → the driver: tomorrow's job, the customer's contact and the cash to collect. */
export function reminderDriverEmail(r: JobReminded): EmailContent {
  const subject = `Reminder: job ${r.randomNumber} is tomorrow, ${moveDate(r.move.date)}`;
  const line = `This is a reminder of job ${r.randomNumber} for ${r.customer.name} on ${moveDate(r.move.date)}. Mark "On my way", "Arrived" and "Done" on the job in your portal on the day: the customer is texted each time.`;
  const cash =
    r.cashToCollectPence !== undefined ? `Cash to collect on the day: ${formatPence(r.cashToCollectPence)}.` : null;
  const text = [
    `Hello ${r.driver.name},`,
    '',
    line,
    '',
    `Customer: ${r.customer.name}, ${r.customer.phone}, ${r.customer.email}`,
    ...(cash ? [cash] : []),
    '',
    moveSummaryText(r.move),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${r.driver.name},</p>
<p>${line}</p>
<p>Customer: ${r.customer.name}, <a href="tel:${r.customer.phone}">${r.customer.phone}</a>, <a href="mailto:${r.customer.email}">${r.customer.email}</a></p>
${cash ? html`<p>${cash}</p>` : ''}
${moveSummaryHtml(r.move)}`;
  return { subject, text, html: layout(subject, body), replyTo: r.customer.email };
}

export function reminderDriverSms(r: JobReminded): string {
  return `VanHop: reminder, job ${r.randomNumber} for ${r.customer.name} is on ${moveDate(r.move.date)}. Customer's phone: ${r.customer.phone}.`;
}

/** JobProgressed → the customer's text: the same words as the My move line. */
export function progressCustomerSms(p: JobProgressed, ctx: TemplateContext): string {
  const link = p.myMovePath ? ` ${myMoveUrl(ctx, p.myMovePath)}` : '';
  return `VanHop: ${JOB_PROGRESS_LINE[p.step](p.driver.name)} (booking ${p.randomNumber}).${link}`;
}
