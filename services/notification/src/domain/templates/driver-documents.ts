import { DRIVER_DOCUMENT_LABEL, type DriverDocumentExpiring } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';

const LONDON_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Friday, 11 December 2026" for an expiry date (a calendar day, so no time zone moves it). */
const dayWords = (day: string): string =>
  Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : LONDON_DAY.format(new Date(`${day}T00:00:00Z`));

const when = (d: DriverDocumentExpiring): string =>
  d.daysLeft < 0
    ? `expired on ${dayWords(d.expiresOn)}`
    : d.daysLeft === 0
      ? `expires today, ${dayWords(d.expiresOn)}`
      : `expires on ${dayWords(d.expiresOn)} (in ${d.daysLeft} day${d.daysLeft === 1 ? '' : 's'})`;

/** DriverDocumentExpiring → the driver: renew before the date, or no new moves can be offered to them. */
export function documentExpiringDriverEmail(d: DriverDocumentExpiring): EmailContent {
  const what = DRIVER_DOCUMENT_LABEL[d.document];
  const subject = `Your ${what.toLowerCase()} ${d.daysLeft < 0 ? 'has expired' : 'expires soon'}`;
  const line = `Your ${what.toLowerCase()} (${d.reference}) ${when(d)}. Once it has expired customers cannot be offered your van and no new jobs can be given to you; the jobs you already have stay yours.`;
  const ask = 'Please send the renewed document to the VanHop office so we can record its new expiry date.';
  const text = [`Hello ${d.driver.name},`, '', line, '', ask, textFooter].join('\n');
  const body = html`<p>Hello ${d.driver.name},</p>
<p>${line}</p>
<p>${ask}</p>`;
  return { subject, text, html: layout(subject, body) };
}

/** DriverDocumentExpiring → the office: whose document, which, and where to record the renewal. */
export function documentExpiringOfficeEmail(d: DriverDocumentExpiring, ctx: TemplateContext): EmailContent {
  const what = DRIVER_DOCUMENT_LABEL[d.document];
  const subject = `${d.driver.name}'s ${what.toLowerCase()} ${d.daysLeft < 0 ? 'has expired' : 'expires soon'}`;
  const line = `${d.driver.name} (${d.driverId}): ${what.toLowerCase()} ${d.reference} ${when(d)}. After that date they are offered in no new quote and cannot be given a job.`;
  const url = `${ctx.publicUrl}/admin/drivers/${encodeURIComponent(d.driverId)}`;
  const text = [line, '', `Record the renewal: ${url}`, textFooter].join('\n');
  const body = html`<p>${line}</p>
<p><a href="${url}">Record the renewal</a></p>`;
  return { subject, text, html: layout(subject, body) };
}
