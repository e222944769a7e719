import { CUSTOMER_LINK_VALID_MINUTES, type CustomerSignInLinkIssued } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';

/**
 * The customer's sign-in link to "My moves". Only our own words and the link: sent only to an
 * address that made a booking or saved a quote, and only because someone asked for it.
 */
export function customerSignInEmail(link: CustomerSignInLinkIssued, ctx: TemplateContext): EmailContent {
  const url = `${ctx.publicUrl}${link.signInPath}`;
  const subject = 'Your VanHop sign-in link';
  const text = [
    'Hello,',
    '',
    'Use this link to sign in to My moves, where you can see your bookings and saved quotes and book a move again:',
    '',
    url,
    '',
    `The link works once, for ${CUSTOMER_LINK_VALID_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello,</p>
<p>Use this link to sign in to My moves, where you can see your bookings and saved quotes and book a move again:</p>
<p><a href="${url}" style="background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">Sign in to My moves</a></p>
<p>Or copy this link: ${url}</p>
<p>The link works once, for ${CUSTOMER_LINK_VALID_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.</p>`;
  return { subject, text, html: layout(subject, body) };
}
