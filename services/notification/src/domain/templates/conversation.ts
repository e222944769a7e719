import { formatPence, poundsToPence, type ConversationAbout } from '@vanhop/contracts';
import { html, type SafeHtml } from '../html.js';
import { hoursLabel, moveDate } from '../format.js';
import { layout, textFooter, type EmailContent } from './email-content.js';
import { CONFIRMATION_LINK_DAYS } from '../conversation-links.js';

/**
 * Conversation e-mails. Every one links a signed page to answer on; none carries the other side's
 * e-mail address, and Reply-To stays VanHop's own address (never the customer's or the driver's),
 * so replying by e-mail reaches our team rather than exposing anyone.
 */

const BUTTON = 'background:#1a73e8;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px';

interface AboutRow {
  label: string;
  value: string;
}

function aboutRows(about: ConversationAbout | null): AboutRow[] {
  if (!about) return [];
  const rows: AboutRow[] = [{ label: about.kind === 'booking' ? 'Booked move' : 'Quote', value: moveDate(about.date) }];
  if (about.places.length) rows.push({ label: 'Route', value: about.places.join(' → ') });
  const vehicle = [about.typeofVan && `${about.typeofVan} van`, about.typeOfWorker].filter(Boolean).join(', ');
  if (vehicle) rows.push({ label: 'Van and help', value: vehicle });
  if (about.totalHour) rows.push({ label: 'Booked time', value: hoursLabel(about.totalHour) });
  if (about.totalPrice !== null && about.totalPrice !== undefined)
    rows.push({ label: 'Price shown', value: formatPence(poundsToPence(about.totalPrice)) });
  return rows;
}

const aboutText = (about: ConversationAbout | null): string[] => {
  const rows = aboutRows(about);
  return rows.length ? ['', 'About:', ...rows.map((r) => `${r.label}: ${r.value}`)] : [];
};

const aboutHtml = (about: ConversationAbout | null): SafeHtml | string => {
  const rows = aboutRows(about);
  if (!rows.length) return '';
  return html`<table style="border-collapse:collapse;font-size:14px;margin:12px 0">${rows.map(
    (r) =>
      html`<tr><th style="text-align:left;padding:2px 8px 2px 0;vertical-align:top">${r.label}</th><td>${r.value}</td></tr>`,
  )}</table>`;
};

/** The message itself, quoted: escaped by the html tag, line breaks kept by pre-wrap. */
const quoted = (body: string): SafeHtml =>
  html`<blockquote style="margin:12px 0;padding:8px 12px;border-left:4px solid #1a73e8;background:#f6f8fc;white-space:pre-wrap">${body}</blockquote>`;

/** A customer wrote to a driver (first message or a follow-up). */
export function messageToDriverEmail(m: {
  driverName: string;
  customerName: string;
  about: ConversationAbout | null;
  body: string;
  replyUrl: string;
  first: boolean;
}): EmailContent {
  const subject = m.first
    ? `New message from ${m.customerName} about a move`
    : `${m.customerName} sent you another message`;
  const text = [
    `Hello ${m.driverName},`,
    '',
    `${m.customerName} sent you a message through VanHop:`,
    '',
    m.body,
    ...aboutText(m.about),
    '',
    `Reply here: ${m.replyUrl}`,
    '',
    "Answer through the link: replying to this e-mail reaches VanHop's team, not the customer. Your e-mail address is not shown to the customer.",
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${m.driverName},</p>
<p>${m.customerName} sent you a message through VanHop:</p>
${quoted(m.body)}
${aboutHtml(m.about)}
<p><a href="${m.replyUrl}" style="${BUTTON}">Reply to ${m.customerName}</a></p>
<p style="font-size:13px;color:#555">Answer through the link: replying to this e-mail reaches VanHop's team, not the customer. Your e-mail address is not shown to the customer.</p>`;
  return { subject, text, html: layout(subject, body) };
}

/** The other side answered the customer: a driver, or staff in an Instant Support chat. */
export function replyToCustomerEmail(m: {
  customerName: string;
  from: string;
  body: string;
  threadUrl: string;
}): EmailContent {
  const subject = `${m.from} replied to your message`;
  const text = [
    `Hello ${m.customerName},`,
    '',
    `${m.from} replied:`,
    '',
    m.body,
    '',
    `Read the conversation and reply: ${m.threadUrl}`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${m.customerName},</p>
<p>${m.from} replied:</p>
${quoted(m.body)}
<p><a href="${m.threadUrl}" style="${BUTTON}">Read and reply</a></p>
<p style="font-size:13px;color:#555">Or copy this link: ${m.threadUrl}</p>`;
  return { subject, text, html: layout(subject, body) };
}

/** The customer's own copy of a new conversation: the link to come back to it from any device. */
export function conversationStartedEmail(m: {
  customerName: string;
  to: string;
  body: string;
  threadUrl: string;
}): EmailContent {
  const subject = `Your message to ${m.to}`;
  const text = [
    `Hello ${m.customerName},`,
    '',
    `We sent your message to ${m.to}. You will get an e-mail when they reply.`,
    '',
    m.body,
    '',
    `Your conversation: ${m.threadUrl}`,
    'Keep this link to yourself: anyone with it can read and answer the conversation.',
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${m.customerName},</p>
<p>We sent your message to ${m.to}. You will get an e-mail when they reply.</p>
${quoted(m.body)}
<p><a href="${m.threadUrl}" style="${BUTTON}">Open the conversation</a></p>
<p style="font-size:13px;color:#555">Keep this link to yourself: anyone with it can read and answer the conversation.</p>`;
  return { subject, text, html: layout(subject, body) };
}

/** Staff hear about a new Instant Support chat (the inbox shows it too). */
export function supportChatStartedEmail(m: {
  customerName: string;
  page: string | null;
  body: string;
  inboxUrl: string;
}): EmailContent {
  const subject = `Instant Support: new chat from ${m.customerName}`;
  const text = [
    `${m.customerName} started an Instant Support chat${m.page ? ` on ${m.page}` : ''}:`,
    '',
    m.body,
    '',
    `Answer in the staff inbox: ${m.inboxUrl}`,
  ].join('\n');
  const body = html`<p>${m.customerName} started an Instant Support chat${m.page ? html` on <code>${m.page}</code>` : ''}:</p>
${quoted(m.body)}
<p><a href="${m.inboxUrl}" style="${BUTTON}">Open the support inbox</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

/**
 * The one mail an unproved address gets: only our fixed words and the signed one-time link. Whoever
 * typed the address wrote nothing that appears here (not their name, message or links), so it
 * cannot carry a stranger's text to someone else's inbox.
 */
export function confirmEmailAddressEmail(m: { confirmUrl: string }): EmailContent {
  const subject = 'Confirm your e-mail address for VanHop messages';
  const intro =
    'A conversation was started on VanHop with this e-mail address for the replies. We e-mail nothing of it until you confirm that the address is yours.';
  const after = `If it was not you, ignore this e-mail: you will not hear from us about that conversation again. The link works once and for ${CONFIRMATION_LINK_DAYS} days.`;
  const text = ['Hello,', '', intro, '', `Confirm your address: ${m.confirmUrl}`, '', after, textFooter].join('\n');
  const body = html`<p>Hello,</p>
<p>${intro}</p>
<p><a href="${m.confirmUrl}" style="${BUTTON}">Confirm my e-mail address</a></p>
<p style="font-size:13px;color:#555">${after}</p>`;
  return { subject, text, html: layout(subject, body) };
}
