/**
 * "Save for later" mails and texts whatever address and number the saver typed: each gets a few a
 * day, whoever saves. On the embedded service with its file outbox, a settable clock and the bus.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOPICS, type QuoteSaved } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  EmbeddedDocumentStore,
  MemoryCache,
  type MemoryEventBus,
  type MailMessage,
  type Mailer,
  type RunningService,
  type Sms,
  type SmsMessage,
} from '@vanhop/platform';
import { Notifier } from '../src/app/notifier.js';
import type { OutboxFolder } from '../src/adapters/outbox-folder.js';
import { onQuoteSaved, QUOTE_SAVED_PER_RECIPIENT_PER_DAY } from '../src/consumers/on-quote-saved.js';
import { quoteSaved } from './support/events.js';
import { startNotificationOnTempDir, type NotificationOnTempDir } from './support/on-temp-dir.js';

const STRANGER = 'stranger@elsewhere.example';
/** What the probe sent: a stranger's address and number, and words of the sender's as the name. */
const probe = (customer: Partial<QuoteSaved['customer']> = {}): QuoteSaved => ({
  ...quoteSaved,
  customer: { name: 'Visit evil.example', email: STRANGER, phone: '07700900999', ...customer },
});

describe('QuoteSaved: a few mails per address and texts per number a day', () => {
  let bus: MemoryEventBus;
  let service: RunningService;
  let outbox: OutboxFolder;
  let running: NotificationOnTempDir | undefined;
  let now = Date.parse('2026-03-01T10:00:00Z');
  const clock = { now: () => new Date(now) };

  beforeAll(async () => {
    running = await startNotificationOnTempDir(
      { DELIVERY_RETRY_BACKOFF_MS: '20' },
      { clock, folderPrefix: 'vanhop-quote-saved-cap-' },
    );
    ({ bus, service, outbox } = running);
  });
  afterAll(() => running?.stop());

  const save = async (quote: QuoteSaved) => {
    const e = await createEvent(TOPICS.quoteSaved, quote, { producer: 'booking', clock });
    await bus.publish(TOPICS.quoteSaved, e);
    return e;
  };
  const mailsTo = async (address: string) =>
    (await outbox.mails()).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  const textsTo = async (number: string) => (await outbox.texts()).filter((t) => t.to === number);

  it('six saves to a stranger: three mails and three texts, none with the sender’s words; the events complete', async () => {
    expect(QUOTE_SAVED_PER_RECIPIENT_PER_DAY).toBe(3);
    const info = vi.spyOn(service.infra.logger, 'info');
    // Spellings of one address and one number count as one.
    const spellings = [
      {},
      { email: 'STRANGER@elsewhere.example' },
      { phone: '+44 7700 900999' },
      { email: 'Stranger@Elsewhere.Example', phone: '447700900999' },
      {},
      {},
    ];
    const events = [];
    for (const s of spellings) events.push(await save(probe(s)));
    await bus.idle();

    const mails = await mailsTo(STRANGER);
    expect(mails).toHaveLength(3);
    expect(await textsTo('+447700900999')).toHaveLength(3);
    for (const m of mails) {
      const raw = (await outbox.mail(m.file))!.toString('utf8');
      expect(raw).not.toContain('evil.example');
      expect(raw).toContain('Hello,');
    }
    // Skipped, not failed: nothing retried into the dead-letter topic.
    expect(bus.deadLettered()).toHaveLength(0);
    // Each skip logged at info with its event, and no address or number in the log.
    const skips = info.mock.calls.filter(([, msg]) => String(msg).startsWith('quote-saved message skipped'));
    expect(skips.map(([fields]) => fields)).toEqual(
      events.slice(3).flatMap((e) => [
        { eventId: e.eventId, channel: 'email' },
        { eventId: e.eventId, channel: 'sms' },
      ]),
    );
    expect(JSON.stringify(skips)).not.toMatch(/elsewhere|7700/);
    info.mockRestore();
  });

  it('another customer is not held back by the stranger’s cap', async () => {
    await save(probe({ name: 'Ada', email: 'ada.other@example.com', phone: '07700900321' }));
    await bus.idle();
    expect(await mailsTo('ada.other@example.com')).toHaveLength(1);
    expect(await textsTo('+447700900321')).toHaveLength(1);
  });

  it('a day after the first of them, the address and number get their share again', async () => {
    now = Date.parse('2026-03-02T10:00:01Z');
    await save(probe());
    await bus.idle();
    expect(await mailsTo(STRANGER)).toHaveLength(4);
    expect(await textsTo('+447700900999')).toHaveLength(4);
    const texts = await textsTo('+447700900999');
    expect(texts.every((t) => !t.body.includes('evil.example'))).toBe(true);
  });
});

describe('QuoteSaved: an event retried after a failed send is counted once', () => {
  it('the mail went, the text failed: the retry sends the text and counts neither again, so the next saves get their share', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-quote-saved-retry-'));
    const store = new EmbeddedDocumentStore(dir, 0);
    const clock = { now: () => new Date('2026-03-01T10:00:00Z') };
    const mails: MailMessage[] = [];
    const texts: SmsMessage[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        mails.push(m);
        return { messageId: m.messageId ?? 'id' };
      },
      ping: async () => {},
      close: async () => {},
    };
    let smsDown = true;
    const sms: Sms = {
      send: async (m) => {
        if (smsDown) throw new Error('SMS provider unreachable');
        texts.push(m);
        return { id: m.id ?? 'id' };
      },
    };
    const handle = onQuoteSaved(
      new Notifier(store, mailer, sms, clock, 'support@vanhop.test'),
      { publicUrl: 'https://vanhop.test' },
      { cache: new MemoryCache(clock), logger: createLogger('test', 'silent') },
    );
    try {
      const first = await createEvent(TOPICS.quoteSaved, probe(), { producer: 'booking', clock });
      await expect(handle(first)).rejects.toThrow('SMS provider unreachable');
      smsDown = false;
      await handle(first); // what the bus does next
      for (let i = 0; i < 3; i++)
        await handle(await createEvent(TOPICS.quoteSaved, probe(), { producer: 'booking', clock }));
      expect(mails).toHaveLength(3);
      expect(texts).toHaveLength(3);
      expect(mails[0]!.messageId).toBe(`<quote-saved.${first.eventId}@vanhop.local>`);
      expect(texts[0]!.id).toBe(`quote-saved.${first.eventId}.sms`);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
