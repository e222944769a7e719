/**
 * One mail per delivery key across redeliveries, and when the store goes away right after the send
 * (a MongoDB restart between the send and its record). On the real embedded store; only the
 * store's availability is switched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EmbeddedDocumentStore,
  StoreUnavailableError,
  type Collection,
  type Doc,
  type DocumentStore,
  type MailMessage,
  type Mailer,
  type Sms,
} from '@vanhop/platform';
import { DELIVERIES, Notifier, RECORD_RETRY_DELAYS_MS } from '../src/app/notifier.js';

class CountingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { messageId: message.messageId ?? 'id' };
  }
  async ping() {}
  async close() {}
}
const noSms: Sms = { send: async () => ({ id: 'x' }) };
const content = { subject: 'Booking confirmed', text: 'Hello', html: '<p>Hello</p>' };

/** The store with its inserts failing while `down` is true (the record after a send, in a restart). */
function flakyUpdates(store: DocumentStore, state: { down: boolean }): DocumentStore {
  const collection = <T extends Doc>(name: string): Collection<T> => {
    const col = store.collection<T>(name);
    return new Proxy(col, {
      get: (target, key) =>
        key === 'insertOne'
          ? async (...args: Parameters<Collection<T>['insertOne']>) => {
              if (state.down) throw new StoreUnavailableError(new Error('connection refused'));
              return target.insertOne(...args);
            }
          : Reflect.get(target, key, target),
    });
  };
  return new Proxy(store, {
    get: (target, key) => (key === 'collection' ? collection : Reflect.get(target, key, target)),
  });
}

describe('Notifier: one message per key', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let now: Date;
  const clock = { now: () => now };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-notifier-'));
    store = new EmbeddedDocumentStore(dir, 0);
    now = new Date('2026-11-26T10:00:00Z');
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A Notifier on the store with its inserts failing while `state.down`, and its record retries' waits given. */
  const flakyNotifier = (
    mailer: Mailer,
    state: { down: boolean },
    delaysMs: readonly number[],
    wait: (ms: number) => Promise<void>,
  ) =>
    new Notifier(flakyUpdates(store, state), mailer, noSms, clock, 'office@example.com', 'vanhop.local', {
      delaysMs,
      wait,
    });

  it('sends once across redeliveries', async () => {
    const mailer = new CountingMailer();
    const notifier = new Notifier(store, mailer, noSms, clock, 'office@example.com');
    expect(await notifier.email('evt-1.customer', 'a@example.com', content)).toBe(true);
    expect(await notifier.email('evt-1.customer', 'a@example.com', content)).toBe(false);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a send whose record failed until its retries ran out (the store restarting) is recorded on the next delivery, not sent again', async () => {
    const mailer = new CountingMailer();
    const state = { down: false };
    const waits: number[] = [];
    const notifier = flakyNotifier(mailer, state, [250, 500], async (ms) => {
      waits.push(ms);
    });
    state.down = true;
    await expect(notifier.email('evt-2.customer', 'a@example.com', content)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(mailer.sent).toHaveLength(1);
    state.down = false;
    expect(await notifier.email('evt-2.customer', 'a@example.com', content)).toBe(true);
    expect(await notifier.email('evt-2.customer', 'a@example.com', content)).toBe(false);
    expect(mailer.sent).toHaveLength(1);
    expect(waits).toEqual([250, 500]);
  });

  it('a send whose record fails while the store restarts is recorded once it is back, within the same delivery', async () => {
    const mailer = new CountingMailer();
    const state = { down: true };
    let waited = 0;
    // The store comes back during the second wait.
    const notifier = flakyNotifier(mailer, state, RECORD_RETRY_DELAYS_MS, async () => {
      if (++waited === 2) state.down = false;
    });
    expect(await notifier.email('evt-3.driver', 'd@example.com', content)).toBe(true);
    expect(waited).toBe(2);
    expect(await store.collection(DELIVERIES).findOne({ _id: 'evt-3.driver' })).toMatchObject({ to: 'd@example.com' });
    // A process started afresh (nothing in memory) finds the record and sends nothing.
    const restarted = new Notifier(store, mailer, noSms, clock, 'office@example.com');
    expect(await restarted.email('evt-3.driver', 'd@example.com', content)).toBe(false);
    expect(mailer.sent).toHaveLength(1);
  });
});
