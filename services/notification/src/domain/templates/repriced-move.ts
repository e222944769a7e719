import { formatPence } from '@vanhop/contracts';
import type { BookingReactivated } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { myMoveButton, myMoveText, myMoveUrl } from './my-move.js';

/** What every mail about a move priced again reads (a postponed move's new date, a staff amendment). */
export type RepricedMove = Pick<
  BookingReactivated,
  | 'randomNumber'
  | 'customer'
  | 'driver'
  | 'move'
  | 'myMovePath'
  | 'totalPricePence'
  | 'previousTotalPricePence'
  | 'balancePence'
  | 'refundPence'
>;

/** `priceIs` names the new price for the occasion, e.g. "The price for the new date is". */
function moneyLines(b: RepricedMove, priceIs: string): string[] {
  const price =
    b.totalPricePence === b.previousTotalPricePence
      ? `The price is unchanged: ${formatPence(b.totalPricePence)}.`
      : `${priceIs} ${formatPence(b.totalPricePence)} (it was ${formatPence(b.previousTotalPricePence)}).`;
  const settle =
    b.refundPence > 0
      ? `You paid more than the new price: ${formatPence(b.refundPence)} is being refunded to your card.`
      : b.balancePence > 0
        ? `Left to pay: ${formatPence(b.balancePence)}, online on your My move page or to the driver on the day.`
        : 'Nothing is left to pay.';
  return [price, settle];
}

/** The customer's mail: `lines` say what happened, then the money, the move as it is now and the My move link. */
export function repricedCustomerEmail(
  b: RepricedMove,
  ctx: TemplateContext,
  m: { subject: string; lines: string[]; priceIs: string },
): EmailContent {
  const url = myMoveUrl(ctx, b.myMovePath);
  const money = moneyLines(b, m.priceIs);
  const text = [
    `Hello ${b.customer.name},`,
    '',
    ...m.lines,
    '',
    ...money,
    '',
    moveSummaryText(b.move),
    '',
    myMoveText(url),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
${m.lines.map((l) => html`<p>${l}</p>`)}
${money.map((l) => html`<p><strong>${l}</strong></p>`)}
${moveSummaryHtml(b.move)}
${myMoveButton(url)}`;
  return { subject: m.subject, text, html: layout(m.subject, body) };
}

/** The driver's job sheet after the change: who, where, the price and what to collect on the day. */
export function repricedDriverEmail(b: RepricedMove, m: { subject: string; lines: string[] }): EmailContent {
  const hello = `Hello ${b.driver?.name ?? 'driver'},`;
  const customer = `Customer: ${b.customer.name}, ${b.customer.email}, ${b.customer.phone}`;
  const total = `Total price: ${formatPence(b.totalPricePence)}`;
  const collect =
    b.balancePence > 0
      ? `Collect from the customer on the day: ${formatPence(b.balancePence)}.`
      : 'Paid in full online: nothing to collect.';
  const text = [hello, '', ...m.lines, customer, '', moveSummaryText(b.move), '', total, collect, textFooter].join(
    '\n',
  );
  const body = html`<p>${hello}</p>
${m.lines.map((l) => html`<p>${l}</p>`)}
<p>Customer: ${b.customer.name}, <a href="mailto:${b.customer.email}">${b.customer.email}</a>, <a href="tel:${b.customer.phone}">${b.customer.phone}</a></p>
${moveSummaryHtml(b.move)}
<p>${total}</p>
<p><strong>${collect}</strong></p>`;
  return { subject: m.subject, text, html: layout(m.subject, body), replyTo: b.customer.email };
}
