import type { BookingPostponed } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { myMoveButton, myMoveText, myMoveUrl } from './my-move.js';

const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const lastDayToRebook = (iso: string) => day.format(new Date(iso));

/** The customer's confirmation that the move is postponed, and until when it can be given a new date. */
export function bookingPostponedCustomerEmail(b: BookingPostponed, ctx: TemplateContext): EmailContent {
  const url = myMoveUrl(ctx, b.myMovePath);
  const subject = `Booking ${b.randomNumber} postponed`;
  const lines = [
    `Your move planned for ${moveDate(b.move.date)} (booking ${b.randomNumber}) is postponed. What you paid is kept for it.`,
    `Choose a new moving date on your My move page by ${lastDayToRebook(b.useBy)} (12 months). The price is worked out again for the new date: any difference is paid or refunded.`,
  ];
  const text = [`Hello ${b.customer.name},`, '', ...lines, '', myMoveText(url), textFooter].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
${lines.map((l) => html`<p>${l}</p>`)}
${myMoveButton(url, 'Choose a new date')}`;
  return { subject, text, html: layout(subject, body) };
}

/** The driver's notice: the date is off until the customer picks a new one. */
export function bookingPostponedDriverEmail(b: BookingPostponed): EmailContent {
  const subject = `Job ${b.randomNumber} postponed: ${moveDate(b.move.date)} is off`;
  const line = `The customer ${b.customer.name} has postponed job ${b.randomNumber}, planned for ${moveDate(b.move.date)}. Do not attend on that date; we will e-mail you when they choose a new one.`;
  const text = [`Hello ${b.driver?.name ?? 'driver'},`, '', line, textFooter].join('\n');
  const body = html`<p>Hello ${b.driver?.name ?? 'driver'},</p>
<p><strong>${line}</strong></p>`;
  return { subject, text, html: layout(subject, body) };
}
