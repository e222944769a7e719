import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from '../ports/mailer.js';
import { messageWriter, sendMail } from './nodemailer.js';
import { writeFileOnce } from './write-file-once.js';

/**
 * Embedded mailer: nodemailer builds the real RFC 822 message and it is written to an outbox
 * folder as `<message-id>.eml`. The name comes from the Message-ID, so a message sent again after
 * a crash (same event, same id) lands on the same file instead of making a second one, and the
 * write is atomic so a crash never leaves half a message.
 */
export class FileOutboxMailer implements Mailer {
  private readonly transport = messageWriter();

  constructor(
    private readonly dir: string,
    private readonly defaultFrom: string,
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const messageId = message.messageId ?? `<${randomUUID()}@vanhop.local>`;
    const info = await sendMail(this.transport, message, this.defaultFrom, messageId);
    const safeId = messageId.replace(/[^a-zA-Z0-9._-]/g, '_').replace(/^_+|_+$/g, '');
    await writeFileOnce(path.join(this.dir, `${safeId}.eml`), info.message as Buffer);
    return { messageId };
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
