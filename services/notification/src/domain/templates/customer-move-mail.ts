import type { BookingConfirmed } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { myMoveButton, myMoveText, myMoveUrl } from './my-move.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';

/**
 * The shape of most mails to a customer about their booked move: a greeting, what happened in a
 * paragraph or two, the move itself, and the way to their My move page when the event carries it.
 */
export function customerMoveMail(
  ctx: TemplateContext,
  mail: { subject: string; name: string; paragraphs: string[]; move: BookingConfirmed['move']; myMovePath?: string },
): EmailContent {
  const url = mail.myMovePath ? myMoveUrl(ctx, mail.myMovePath) : null;
  const text = [
    `Hello ${mail.name},`,
    ...mail.paragraphs.flatMap((p) => ['', p]),
    '',
    moveSummaryText(mail.move),
    ...(url ? ['', myMoveText(url)] : []),
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${mail.name},</p>
${mail.paragraphs.map((p) => html`<p>${p}</p>`)}
${moveSummaryHtml(mail.move)}
${url ? myMoveButton(url) : ''}`;
  return { subject: mail.subject, text, html: layout(mail.subject, body) };
}
