import { REFUND_DESCRIPTIONS, type RefundIssued, formatPence } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { myMoveButton, myMoveText, myMoveUrl, receiptHtml, receiptText, type ReceiptFacts } from './my-move.js';

const receiptOf = (r: RefundIssued): ReceiptFacts => ({
  title: 'Refund receipt',
  bookingRef: r.randomNumber,
  at: r.issuedAt,
  description: REFUND_DESCRIPTIONS[r.reason],
  amountPence: r.amountPence,
  method: 'Refunded to your card',
});

/** The customer's refund receipt. */
export function refundIssuedEmail(r: RefundIssued, ctx: TemplateContext): EmailContent {
  const url = myMoveUrl(ctx, r.myMovePath);
  const subject = `Refund receipt: ${formatPence(r.amountPence)} for booking ${r.randomNumber}`;
  const line = `We have refunded ${formatPence(r.amountPence)} to the card you paid with. Banks usually show it within 5 to 10 working days.`;
  const text = [
    `Hello ${r.customer.name},`,
    '',
    line,
    '',
    receiptText(receiptOf(r)),
    '',
    myMoveText(url),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${r.customer.name},</p>
<p>${line}</p>
${receiptHtml(receiptOf(r))}
${myMoveButton(url, 'Print receipts on My move')}`;
  return { subject, text, html: layout(subject, body) };
}
