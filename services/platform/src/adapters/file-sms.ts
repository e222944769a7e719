import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Sms, SmsMessage } from '../ports/sms.js';

/** Embedded text messages: one JSON file per message in the outbox's `sms` folder. */
export class FileOutboxSms implements Sms {
  constructor(private readonly dir: string) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const id = message.id ?? randomUUID();
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${id.replace(/[^a-zA-Z0-9._-]/g, '_')}.json`);
    await fs.writeFile(file, JSON.stringify({ id, to: message.to, body: message.body, sentAt: new Date().toISOString() }, null, 2));
    return { id };
  }
}
