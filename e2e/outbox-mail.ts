/** Reading the mail the embedded product "sent": the .eml files in its data folder's outbox. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';

export type Mail = ParsedMail & { raw: string; to: string[] };

export async function outboxMails(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      const parsed = await simpleParser(raw);
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
        a.value.map((v) => v.address ?? ''),
      );
      return Object.assign(parsed, { raw, to });
    }),
  );
}

/** Waits for the one mail matching `match` (the outbox relay and consumer run in the background). */
export async function waitForMail(dataDir: string, match: (m: Mail) => boolean, timeout = 15_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMails(dataDir)).find(match);
        return found !== undefined;
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
  return found!;
}

/** The site path of a link in a mail's text part, e.g. linkPath(mail, 'driver-reply') → "/driver-reply/v1...." */
export function linkPath(mail: Mail, route: string): string {
  const match = new RegExp(`https?://[^/\\s]+(/${route}/[\\w.-]+)`).exec(mail.text ?? '');
  expect(match, `a /${route}/ link in "${mail.subject}"`).toBeTruthy();
  return match![1]!;
}
