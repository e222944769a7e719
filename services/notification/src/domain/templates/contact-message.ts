import type { ContactMessageReceived } from '@vanhop/contracts';
import { escapeHtml } from '../escape-html.js';

/** The office's copy of a contact-form message. */
export function contactMessageEmail(m: ContactMessageReceived) {
  const subject = `Contact form: ${m.title}`;
  const text = [`From: ${m.name} <${m.email}>`, `Phone: ${m.phone}`, `Title: ${m.title}`, '', m.message].join('\n');
  const html = `<h2>New contact message</h2>
<p><strong>From:</strong> ${escapeHtml(m.name)} &lt;${escapeHtml(m.email)}&gt;<br>
<strong>Phone:</strong> ${escapeHtml(m.phone)}<br>
<strong>Title:</strong> ${escapeHtml(m.title)}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>`;
  return { subject, text, html, replyTo: m.email };
}
