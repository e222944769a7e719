import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage } from '../ports/mailer.js';

/** Writes the RFC 822 message into a buffer instead of sending it (the embedded outbox folder). */
export const messageWriter = () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Sends over SMTP on pooled connections unless the URL says `pool=false`: a connection (and its
 * TLS and login) per message put a round trip or three in front of every confirmation mail.
 */
export const smtpTransport = (smtpUrl: string) => nodemailer.createTransport(pooled(smtpUrl));

export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * The one place a message is handed to nodemailer, so the outbox folder holds exactly what SMTP
 * would have sent. `messageId` lets the outbox give a message without one a name it can file.
 */
export function sendMail<Sent>(
  transport: Transporter<Sent>,
  message: MailMessage,
  defaultFrom: string,
  messageId = message.messageId,
): Promise<Sent> {
  return transport.sendMail({
    from: message.from ?? defaultFrom,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId,
  });
}
