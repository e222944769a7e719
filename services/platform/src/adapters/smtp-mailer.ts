import type { Mailer, MailMessage } from '../ports/mailer.js';
import { sendMail, smtpTransport } from './nodemailer.js';

/** Production mailer: nodemailer over SMTP (pooled connections). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof smtpTransport>;

  constructor(
    smtpUrl: string,
    private readonly defaultFrom: string,
  ) {
    this.transport = smtpTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await sendMail(this.transport, message, this.defaultFrom);
    return { messageId: info.messageId };
  }

  async ping(): Promise<void> {
    await this.transport.verify();
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
