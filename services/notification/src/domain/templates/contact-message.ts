import type { ContactMessageReceived } from '@vanhop/contracts';
import { html } from '../html.js';
import { layout, type EmailContent } from './email-content.js';

/** The office's copy of a contact-form message; replying answers the customer. */
export function contactMessageEmail(m: ContactMessageReceived): EmailContent {
  const subject = `Contact form: ${m.title}`;
  const text = [`From: ${m.name} <${m.email}>`, `Phone: ${m.phone}`, `Title: ${m.title}`, '', m.message].join('\n');
  const body = html`<h2 style="font-size:16px">New contact message</h2>
<p><strong>From:</strong> ${m.name} &lt;<a href="mailto:${m.email}">${m.email}</a>&gt;<br>
<strong>Phone:</strong> <a href="tel:${m.phone}">${m.phone}</a><br>
<strong>Title:</strong> ${m.title}</p>
<p style="white-space:pre-wrap">${m.message}</p>`;
  return { subject, text, html: layout(subject, body), replyTo: m.email };
}
