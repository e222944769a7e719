import type { JobUnconfirmedSoon } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/** JobUnconfirmedSoon → the office: a move starts within hours and no driver has accepted it. */
export function jobUnconfirmedSoonOfficeEmail(j: JobUnconfirmedSoon, ctx: TemplateContext): EmailContent {
  const subject = `Urgent: job ${j.randomNumber} on ${moveDate(j.move.date)} has no accepted driver`;
  const where =
    j.status === 'offered'
      ? `It is still waiting for ${j.driver.name} (${j.driver.id}) to accept${j.respondBy ? `, who has until ${moveDate(j.respondBy)}` : ''}.`
      : `It is back with the office: ${j.driver.name} (${j.driver.id}) gave it up and nobody has been booked.`;
  const line = `Job ${j.randomNumber} starts on ${moveDate(j.move.date)} and no driver has accepted it. ${where} Call the driver or reassign it now.`;
  const url = `${ctx.publicUrl}/admin/drivers`;
  const text = [line, '', moveSummaryText(j.move), '', `Sort it out here: ${url}`, textFooter].join('\n');
  const body = html`<p>${line}</p>
${moveSummaryHtml(j.move)}
<p><a href="${url}">Sort it out</a></p>`;
  return { subject, text, html: layout(subject, body) };
}
