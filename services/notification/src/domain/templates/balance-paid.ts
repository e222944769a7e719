import { formatPence } from '@vanhop/contracts';
import type { BalancePaid } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { myMoveButton, myMoveText, myMoveUrl, receiptHtml, receiptText, type ReceiptFacts } from './my-move.js';

const receiptOf = (b: BalancePaid): ReceiptFacts => ({
  title: 'Payment receipt',
  bookingRef: b.randomNumber,
  at: b.paidAt,
  description: 'Balance',
  amountPence: b.amountPence,
  method: 'Paid by card',
});

/** The customer's receipt for paying the balance online. */
export function balancePaidCustomerEmail(b: BalancePaid, ctx: TemplateContext): EmailContent {
  const url = myMoveUrl(ctx, b.myMovePath);
  const subject = `Receipt: balance paid for booking ${b.randomNumber}`;
  const line = `Thank you: you have paid the balance of ${formatPence(b.amountPence)} for your move on ${moveDate(b.move.date)}. Your booking (${formatPence(b.totalPricePence)}) is paid in full: nothing is to be paid to the driver on the day.`;
  const text = [
    `Hello ${b.customer.name},`,
    '',
    line,
    '',
    receiptText(receiptOf(b)),
    '',
    myMoveText(url),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${b.customer.name},</p>
<p>${line}</p>
${receiptHtml(receiptOf(b))}
${myMoveButton(url, 'Print receipts on My move')}`;
  return { subject, text, html: layout(subject, body) };
}

/** The driver must not collect what was paid online. */
export function balancePaidDriverEmail(b: BalancePaid): EmailContent {
  const subject = `Job ${b.randomNumber}: balance paid online, nothing to collect`;
  const line = `${b.customer.name} has paid the balance of job ${b.randomNumber} (${moveDate(b.move.date)}) online. Nothing is to be collected on the day.`;
  const text = [`Hello ${b.driver?.name ?? 'driver'},`, '', line, textFooter].join('\n');
  const body = html`<p>Hello ${b.driver?.name ?? 'driver'},</p>
<p><strong>${line}</strong></p>`;
  return { subject, text, html: layout(subject, body) };
}
