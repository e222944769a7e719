import type { JobAccepted, JobOffered } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/** Where a driver answers: the portal's job list (sign-in first if needed). */
export const driverJobsUrl = (ctx: TemplateContext): string => `${ctx.publicUrl}/driver/jobs`;

/** JobOffered → the driver: a paid move is theirs if they accept before the deadline. */
export function jobOfferedDriverEmail(j: JobOffered, ctx: TemplateContext): EmailContent {
  const url = driverJobsUrl(ctx);
  const subject = `Accept or decline job ${j.randomNumber} by ${moveDate(j.respondBy)}`;
  const line = `A customer has booked and paid for a move with you (job ${j.randomNumber}). Accept or decline it in your driver portal by ${moveDate(j.respondBy)}; after that it goes back to the office. The customer's details are in the portal.`;
  const text = [`Hello ${j.driver.name},`, '', line, '', moveSummaryText(j.move), '', `Answer here: ${url}`, textFooter].join('\n');
  const body = html`<p>Hello ${j.driver.name},</p>
<p>${line}</p>
${moveSummaryHtml(j.move)}
<p><a href="${url}" style="display:inline-block;background:#1a73e8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Accept or decline</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

/** JobAccepted → the office: nothing to do, the move is covered. */
export function jobAcceptedOfficeEmail(j: JobAccepted): EmailContent {
  const subject = `Job ${j.randomNumber} accepted by ${j.driver.name}`;
  const line = `${j.driver.name} (${j.driver.id}) accepted job ${j.randomNumber} for ${moveDate(j.move.date)}.`;
  const text = [line, '', moveSummaryText(j.move), textFooter].join('\n');
  const body = html`<p>${line}</p>
${moveSummaryHtml(j.move)}`;
  return { subject, text, html: layout(subject, body) };
}
