import { driverChangeLine, type DriverInvited, type DriverUpdated } from '@vanhop/contracts';
import { html } from '../html.js';
import { moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';

/** The driver's one-use link to choose a password (admin-auth signed it). */
export const driverWelcomeUrl = (ctx: TemplateContext, token: string): string =>
  `${ctx.publicUrl}/driver/welcome/${encodeURIComponent(token)}`;

/** DriverInvited → the driver: set a password and sign in to the portal. */
export function driverInvitedEmail(d: DriverInvited, ctx: TemplateContext): EmailContent {
  const url = driverWelcomeUrl(ctx, d.token);
  const subject = 'Your VanHop driver portal invitation';
  const line = `You have been invited to the VanHop driver portal, where you set your own prices and working hours and accept the jobs customers book with you. Choose your password with this link before ${moveDate(d.expiresAt)}; it works once.`;
  const text = [
    `Hello ${d.name},`,
    '',
    line,
    '',
    `Set your password: ${url}`,
    '',
    'If you did not expect this e-mail, you can ignore it.',
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${d.name},</p>
<p>${line}</p>
<p><a href="${url}" style="display:inline-block;background:#1a73e8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Set your password</a></p>
<p>If you did not expect this e-mail, you can ignore it.</p>`;
  return { subject, text, html: layout(subject, body) };
}

const ACTION_SUBJECT: Record<DriverUpdated['action'], string> = {
  created: 'You have been added as a VanHop driver',
  updated: 'Your VanHop driver profile was changed',
  suspended: 'Your VanHop driver account is suspended',
  reactivated: 'Your VanHop driver account is active again',
};

/** Who changed it, in the driver's words: their own edit, or the office. */
const changedBy = (d: DriverUpdated): string => (d.by === `driver:${d.driverId}` ? 'you' : 'the VanHop office');

/**
 * DriverUpdated → the driver: what changed and who changed it, so a change they did not make
 * (their prices, their bank of hours, their e-mail) is noticed at once.
 */
export function driverUpdatedEmail(d: DriverUpdated, ctx: TemplateContext): EmailContent {
  const subject = ACTION_SUBJECT[d.action];
  const intro =
    d.action === 'suspended'
      ? `The VanHop office has suspended your driver account: you will not be offered new moves until it is reactivated.${d.reason ? ` Reason: ${d.reason}` : ''}`
      : d.action === 'reactivated'
        ? 'The VanHop office has reactivated your driver account: customers can book you again.'
        : d.action === 'created'
          ? 'The VanHop office has added you as a driver. You will receive an invitation to the driver portal to set your prices and hours.'
          : `Your driver profile was changed by ${changedBy(d)}.`;
  // In words and pounds, as the office's change history says them (contracts' driver-field-words).
  const lines = d.action === 'updated' ? d.changes.map(driverChangeLine) : [];
  const portal = `${ctx.publicUrl}/driver/prices`;
  const text = [
    `Hello ${d.driver.name},`,
    '',
    intro,
    ...(lines.length ? ['', ...lines] : []),
    '',
    `Your profile: ${portal}`,
    '',
    'If you did not expect this change, reply to this e-mail or call the office.',
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${d.driver.name},</p>
<p>${intro}</p>
${lines.length ? html`<ul>${lines.map((l) => html`<li>${l}</li>`)}</ul>` : ''}
<p><a href="${portal}">Open your driver profile</a></p>
<p>If you did not expect this change, reply to this e-mail or call the office.</p>`;
  return { subject, text, html: layout(subject, body) };
}
