import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Sms, SmsMessage } from '../ports/sms.js';
import { writeFileOnce } from './write-file-once.js';

/** Embedded text messages: one JSON file per message id in the outbox's `sms` folder (same id, same file). */
export class FileOutboxSms implements Sms {
  constructor(private readonly dir: string) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const id = message.id ?? randomUUID();
    const file = path.join(this.dir, `${id.replace(/[^a-zA-Z0-9._-]/g, '_')}.json`);
    await writeFileOnce(
      file,
      JSON.stringify({ id, to: message.to, body: message.body, sentAt: new Date().toISOString() }, null, 2),
    );
    return { id };
  }
}
