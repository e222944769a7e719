import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Writes a file atomically (temporary file + rename) unless it already exists: the outbox adapters'
 * way of being idempotent per message id and never leaving a torn file behind.
 */
export async function writeFileOnce(file: string, content: string | Buffer): Promise<boolean> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.access(file);
    return false;
  } catch {
    // not there yet: write it
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  await fs.writeFile(tmp, content);
  await fs.rename(tmp, file);
  return true;
}
