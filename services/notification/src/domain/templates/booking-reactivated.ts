import type { BookingReactivated } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate, pounds } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { myMoveButton, myMoveText, myMoveUrl } from './my-move.js';

function moneyLines(b: BookingReactivated): string[] {
  const price =
    b.totalPricePence === b.previousTotalPricePence
      ? `The price is unchanged: ${pounds(b.totalPricePence)}.`
      : `The price for the new date is ${pounds(b.totalPricePence)} (it was ${pounds(b.previousTotalPricePence)}).`;
  const settle =
    b.refundPence > 0
      ? `You paid more than the new price: ${pounds(b.refundPence)} is being refunded to your card.`
      : b.balancePence > 0
        ? `Left to pay: ${pounds(b.balancePence)}, online on your My move page or to the driver on the day.`
        : 'Nothing is left to pay.';
  return [price, settle];
}

/** The customer's confirmation of the new date, with any price change and what it means for them. */
export function bookingReactivatedCustomerEmail(b: BookingReactivated, ctx: TemplateContext): EmailContent {
  const url = myMoveUrl(ctx, b.myMovePath);
  const subject = `New date confirmed: ${moveDate(b.move.date)} (ref ${b.randomNumber})`;
  const intro = `Your postponed move (booking ${b.randomNumber}) is booked again for ${moveDate(b.move.date)}${b.driver ? ` with ${b.driver.name}` : ''}.`;
  const text = [`Hello ${b.customer.name},`, '', intro, '', ...moneyLines(b), '', moveSummaryText(b.move), '', myMoveText(url), textFooter].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
<p>${intro}</p>
${moneyLines(b).map((l) => html`<p><strong>${l}</strong></p>`)}
${moveSummaryHtml(b.move)}
${myMoveButton(url)}`;
  return { subject, text, html: layout(subject, body) };
}

/** The driver's job sheet for the new date: who, where, and what to collect. */
export function bookingReactivatedDriverEmail(b: BookingReactivated): EmailContent {
  const subject = `Job ${b.randomNumber} has a new date: ${moveDate(b.move.date)}`;
  const collect = b.balancePence > 0 ? `Collect from the customer on the day: ${pounds(b.balancePence)}.` : 'Paid in full online: nothing to collect.';
  const text = [
    `Hello ${b.driver?.name ?? 'driver'},`,
    '',
    `The postponed job ${b.randomNumber} for ${b.customer.name} now takes place on ${moveDate(b.move.date)}.`,
    `Customer: ${b.customer.name}, ${b.customer.email}, ${b.customer.phone}`,
    '',
    moveSummaryText(b.move),
    '',
    `Total price: ${pounds(b.totalPricePence)}`,
    collect,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.driver?.name ?? 'driver'},</p>
<p>The postponed job ${b.randomNumber} for ${b.customer.name} now takes place on <strong>${moveDate(b.move.date)}</strong>.</p>
<p>Customer: ${b.customer.name}, <a href="mailto:${b.customer.email}">${b.customer.email}</a>, <a href="tel:${b.customer.phone}">${b.customer.phone}</a></p>
${moveSummaryHtml(b.move)}
<p>Total price: ${pounds(b.totalPricePence)}</p>
<p><strong>${collect}</strong></p>`;
  return { subject, text, html: layout(subject, body), replyTo: b.customer.email };
}
