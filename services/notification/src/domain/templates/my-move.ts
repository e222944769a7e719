import { formatPence } from '@vanhop/contracts';
import { html, type SafeHtml } from '../html.js';
import { moveDate } from '../format.js';
import type { TemplateContext } from './email-content.js';

/** The customer's signed My move link (events carry the path; the site's address is ours). */
export const myMoveUrl = (ctx: TemplateContext, myMovePath: string): string => `${ctx.publicUrl}${myMovePath}`;

export const myMoveButton = (url: string, label = 'Open My move'): SafeHtml =>
  html`<p><a href="${url}" style="background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${label}</a></p>
<p style="font-size:13px;color:#555">On My move you can see your booking, pay the balance, print receipts, postpone or cancel. Or copy this link: ${url}</p>`;

export const myMoveText = (url: string): string =>
  `My move (see, pay, postpone or cancel your booking, print receipts): ${url}`;

/** What a receipt states: one payment or refund, and of which booking. */
export interface ReceiptFacts {
  title: 'Payment receipt' | 'Refund receipt';
  bookingRef: number;
  at: string;
  description: string;
  amountPence: number;
  /**
   * "Paid by card" / "Refunded to your card". The provider's reference is never printed: a Checkout
   * Session id is the success page's credential (it answers with the My move link), and a receipt is
   * what a customer forwards. My move's printable receipt shows a digest of it instead.
   */
  method: string;
}

const rows = (r: ReceiptFacts): [string, string][] => [
  ['Booking reference', String(r.bookingRef)],
  ['Date', moveDate(r.at)],
  ['For', r.description],
  ['Amount', formatPence(r.amountPence)],
  ['Method', r.method],
];

export const receiptHtml = (r: ReceiptFacts): SafeHtml =>
  html`<h2 style="font-size:16px">${r.title}</h2>
<table style="font-size:14px;border:1px solid #ddd;padding:8px">${rows(r).map(
    ([label, value]) =>
      html`<tr><th style="text-align:left;padding:2px 12px 2px 0">${label}</th><td>${value}</td></tr>`,
  )}</table>`;

export const receiptText = (r: ReceiptFacts): string =>
  [r.title, ...rows(r).map(([label, value]) => `${label}: ${value}`)].join('\n');
