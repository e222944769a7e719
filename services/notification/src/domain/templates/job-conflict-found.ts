import type { JobConflictFound } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

const CAUSE: Record<JobConflictFound['kind'], string> = {
  'outside-hours': 'a day off or new hours',
  'document-expires': 'a document that expires first',
};

/** JobConflictFound → the office: something now stands in the way of a job its driver has. */
export function jobConflictFoundOfficeEmail(j: JobConflictFound, ctx: TemplateContext): EmailContent {
  const subject = `Conflict: job ${j.randomNumber} on ${moveDate(j.move.date)} (${CAUSE[j.kind]})`;
  const had = j.status === 'accepted' ? 'has accepted' : 'has been offered';
  const line = `${j.driver.name} (${j.driver.id}) ${had} job ${j.randomNumber} on ${moveDate(j.move.date)}. ${j.text}`;
  const url = `${ctx.publicUrl}/admin/drivers/${encodeURIComponent(j.driver.id)}`;
  const text = [line, '', moveSummaryText(j.move), '', `The driver's calendar and jobs: ${url}`, textFooter].join('\n');
  const body = html`<p>${line}</p>
${moveSummaryHtml(j.move)}
<p><a href="${url}">The driver's calendar and jobs</a></p>`;
  return { subject, text, html: layout(subject, body) };
}
