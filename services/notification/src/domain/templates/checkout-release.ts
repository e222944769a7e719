import type { CheckoutReleaseOffered } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';

/**
 * Sent to an address whose share of unpaid checkouts is used up, partly from another device: the
 * owner may be paying on their phone, or someone who knows the address may be holding drivers in
 * their name. Only our own words and the link: nothing anyone typed (no name, no move) is in it.
 */
export function checkoutReleaseEmail(offer: CheckoutReleaseOffered, ctx: TemplateContext): EmailContent {
  const link = `${ctx.publicUrl}${offer.releasePath}`;
  const until = moveDate(offer.expiresAt);
  const count = offer.openCheckouts === 1 ? '1 move is' : `${offer.openCheckouts} moves are`;
  const subject = 'Moves are waiting for payment under your e-mail address';
  const text = [
    'Hello,',
    '',
    `${count} waiting for payment at VanHop under this e-mail address, and this address cannot start another checkout until they are paid or lapse.`,
    '',
    'If you started them, you need do nothing: finish paying one, or let them lapse within the hour.',
    '',
    'If you did not, or you no longer want them, release them with this link. Their checkouts close, no money can be taken on them, and you can book at once:',
    '',
    link,
    '',
    `The link works until ${until}.`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello,</p>
<p>${count} waiting for payment at VanHop under this e-mail address, and this address cannot start another checkout until they are paid or lapse.</p>
<p>If you started them, you need do nothing: finish paying one, or let them lapse within the hour.</p>
<p>If you did not, or you no longer want them, release them with this link. Their checkouts close, no money can be taken on them, and you can book at once:</p>
<p><a href="${link}" style="background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">Release these checkouts</a></p>
<p>Or copy this link: ${link}</p>
<p>The link works until ${until}.</p>`;
  return { subject, text, html: layout(subject, body) };
}
