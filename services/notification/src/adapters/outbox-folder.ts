import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readMailHeaders } from '../domain/mail-headers.js';
import type { OutboxFolder as OutboxFolderPort, OutboxMail, OutboxText } from '../domain/ports.js';

/** File names the outbox writes; anything else (e.g. `../x`) is refused before touching the disk. */
const EML_FILE = /^[\w.-]+\.eml$/;

/** Newest first by modification time (file names are message ids, not timestamps). */
const listFiles = async (dir: string, ext: string): Promise<string[]> => {
  try {
    const names = (await fs.readdir(dir)).filter((f) => f.endsWith(ext) && !f.startsWith('.'));
    const stamped = await Promise.all(names.map(async (f) => ({ f, t: (await fs.stat(path.join(dir, f))).mtimeMs })));
    return stamped.sort((a, b) => b.t - a.t || b.f.localeCompare(a.f)).map((x) => x.f);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};

/** Reads the embedded mail/SMS outbox written by FileOutboxMailer and FileOutboxSms, newest first. */
export class OutboxFolder implements OutboxFolderPort {
  constructor(
    private readonly mailDir: string,
    private readonly smsDir: string,
  ) {}

  async mails(): Promise<OutboxMail[]> {
    const files = (await listFiles(this.mailDir, '.eml')).filter((f) => EML_FILE.test(f));
    return Promise.all(
      files.map(async (file) => {
        const h = readMailHeaders(await fs.readFile(path.join(this.mailDir, file), 'utf8'));
        return {
          file,
          subject: h.subject ?? '',
          to: h.to ?? '',
          from: h.from ?? '',
          date: h.date ?? '',
          messageId: h['message-id'] ?? '',
        };
      }),
    );
  }

  async texts(): Promise<OutboxText[]> {
    const files = await listFiles(this.smsDir, '.json');
    return Promise.all(
      files.map(async (file) => {
        const m = JSON.parse(await fs.readFile(path.join(this.smsDir, file), 'utf8')) as Partial<OutboxText>;
        return { file, to: String(m.to ?? ''), body: String(m.body ?? ''), sentAt: String(m.sentAt ?? '') };
      }),
    );
  }

  /** The raw message, or null when there is no such file. */
  async mail(file: string): Promise<Buffer | null> {
    if (!EML_FILE.test(file)) return null;
    try {
      return await fs.readFile(path.join(this.mailDir, file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
