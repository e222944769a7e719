import type { ReviewRequested } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, textFooter, type EmailContent } from './email-content.js';

/** After the move: staff ask the customer to review it. */
export function reviewRequestedEmail(r: ReviewRequested, ctx: { reviewUrl: string }): EmailContent {
  const subject = 'How was your move with VanHop?';
  const text = [
    `Hello ${r.customer.name},`,
    '',
    'Thank you for moving with VanHop. We hope everything went smoothly.',
    'Would you take a minute to review your move? Your review helps other customers choose, and helps our drivers.',
    '',
    `Leave a review: ${ctx.reviewUrl}`,
    '',
    'If something was not right, reply to this e-mail and our team will look into it.',
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${r.customer.name},</p>
<p>Thank you for moving with VanHop. We hope everything went smoothly.</p>
<p>Would you take a minute to review your move? Your review helps other customers choose, and helps our drivers.</p>
<p><a href="${ctx.reviewUrl}" style="background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">Leave a review</a></p>
<p>If something was not right, reply to this e-mail and our team will look into it.</p>`;
  return { subject, text, html: layout(subject, body) };
}
