/** The embedded product's mail and text outbox as staff read it (`/api/dev/outbox`), for system tests. */
import { simpleParser } from 'mailparser';
import type { Api } from './gateway-api.js';

export interface OutboxListing {
  mails: { file: string; to: string; subject: string }[];
  texts: { to: string; body: string }[];
}

export function devOutbox(api: Api, staffHeaders: () => Record<string, string>, bus: () => { idle(): Promise<void> }) {
  const outbox = async () =>
    (await api('GET', '/api/dev/outbox', undefined, { headers: staffHeaders() })).body as OutboxListing;
  const mailText = async (file: string) =>
    (
      await simpleParser(
        (
          await api('GET', `/api/dev/outbox/${file}`, undefined, { headers: staffHeaders() })
        ).body as string,
      )
    ).text ?? '';
  /** Relays are kicked after each write; wait until the bus is idle and the outbox stops changing (bounded). */
  async function settle() {
    let last = '';
    for (let i = 0; i < 40; i++) {
      await bus().idle();
      await new Promise((r) => setTimeout(r, 100));
      const now = JSON.stringify(await outbox());
      if (now === last) return;
      last = now;
    }
  }
  return { outbox, mailText, settle };
}
