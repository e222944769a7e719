import { NotFoundError } from '@vanhop/platform';
import type { OutboxFolder, OutboxMail, OutboxText } from '../domain/ports.js';

/** Development only: what the product "sent" in embedded mode, for staff to open as a customer would. */
export class ReadDevOutbox {
  constructor(private readonly outbox: OutboxFolder) {}

  async list(): Promise<{ mails: OutboxMail[]; texts: OutboxText[] }> {
    const [mails, texts] = await Promise.all([this.outbox.mails(), this.outbox.texts()]);
    return { mails, texts };
  }

  /** The raw .eml; 404 when there is no such message. */
  async message(file: string): Promise<Buffer> {
    const message = await this.outbox.mail(file);
    if (!message) throw new NotFoundError('No such message in the outbox');
    return message;
  }
}
