import { formatPence } from '@vanhop/contracts';
import type { QuoteSaved } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';

/**
 * Sent when a customer saves a quote for later: the code and link to come back and pay. It greets
 * nobody by name: whoever saves types the name and the address, and nobody proved the address, so
 * the name would be a stranger's words in our mail ("Hello Visit evil.example,"). Only our text
 * and the quote's own facts are in it: figures, the route's place names (chosen from the
 * geocoder's, never typed free), the van and help, and the driver's name from our records.
 */
export function quoteSavedEmail(q: QuoteSaved, ctx: TemplateContext): EmailContent {
  const link = `${ctx.publicUrl}/retrieve/${q.randomNumber}`;
  const total = formatPence(q.totalPricePence);
  const perHalfHour = formatPence(q.pricePerHalfHourPence);
  const when = moveDate(q.date);
  const route = q.places && q.places.length > 0 ? q.places.join(' → ') : '';
  const subject = `Your VanHop quote ${q.randomNumber} is saved`;
  const text = [
    'Hello,',
    '',
    'Thank you for saving your quote with VanHop. Use this code to come back to it, choose a deposit and book:',
    '',
    `Retrieve code: ${q.randomNumber}`,
    `Link: ${link}`,
    '',
    ...(route ? [`Route: ${route}`] : []),
    ...(q.vanSize ? [`Van and help: ${q.vanSize}${q.helpLevel ? `, ${q.helpLevel}` : ''}`] : []),
    ...(q.driverName ? [`Driver: ${q.driverName}`] : []),
    `Move date: ${when}`,
    `Total price: ${total}`,
    `Price per half hour (extra time): ${perHalfHour}`,
    '',
    'Prices may change until the quote is booked and paid.',
    textFooter,
  ].join('\n');
  const body = html`<p>Hello,</p>
<p>Thank you for saving your quote with VanHop. Use this code to come back to it, choose a deposit and book:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:2px">${q.randomNumber}</p>
<p><a href="${link}" style="background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">Open my quote</a></p>
<p>Or copy this link: ${link}</p>
<table style="font-size:14px">
${route ? html`<tr><th style="text-align:left;padding-right:8px">Route</th><td>${route}</td></tr>` : ''}
${q.vanSize ? html`<tr><th style="text-align:left;padding-right:8px">Van and help</th><td>${q.vanSize}${q.helpLevel ? `, ${q.helpLevel}` : ''}</td></tr>` : ''}
${q.driverName ? html`<tr><th style="text-align:left;padding-right:8px">Driver</th><td>${q.driverName}</td></tr>` : ''}
<tr><th style="text-align:left;padding-right:8px">Move date</th><td>${when}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Total price</th><td>${total}</td></tr>
<tr><th style="text-align:left;padding-right:8px">Price per half hour (extra time)</th><td>${perHalfHour}</td></tr>
</table>
<p>Prices may change until the quote is booked and paid.</p>`;
  return { subject, text, html: layout(subject, body) };
}
