import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  EmbeddedDocumentStore,
  idempotentHandler,
  MemoryEventBus,
  OutboxRelay,
  outboxEntry,
  type OutboxEntry,
} from '../src/index.js';

const logger = createLogger('test', 'silent');
const tmpStore = () => new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-')));
const contact = { name: 'Ann Smith', email: 'ann@example.com', phone: '0700', title: 'Hello', message: 'Hi' };

describe('transactional outbox relay', () => {
  it('publishes each pending event once and removes it from the document', async () => {
    const store = tmpStore();
    const bus = new MemoryEventBus(logger);
    const seen: EventEnvelope[] = [];
    await bus.subscribe('g', TOPICS.contactMessageReceived, async (e) => {
      seen.push(e);
    });
    const col = store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');
    const e1 = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'test' });
    const e2 = await createEvent(TOPICS.contactMessageReceived, { ...contact, title: 'Second' }, { producer: 'test' });
    await col.insertOne({ _id: 'm1', outbox: [outboxEntry(TOPICS.contactMessageReceived, e1, 'm1'), outboxEntry(TOPICS.contactMessageReceived, e2, 'm1')] });

    const relay = new OutboxRelay(store, ['messages'], bus, logger, 60_000);
    expect(await relay.flush()).toBe(2);
    expect(await relay.flush()).toBe(0);
    await bus.idle();
    expect(seen.map((e) => e.eventId)).toEqual([e1.eventId, e2.eventId]);
    expect((await col.findOne({ _id: 'm1' }))?.outbox).toEqual([]);
    await store.close();
  });

  it('keeps an event pending while the bus refuses it, and publishes it later', async () => {
    const store = tmpStore();
    const bus = new MemoryEventBus(logger);
    const col = store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');
    const e1 = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'test' });
    await col.insertOne({ _id: 'm1', outbox: [outboxEntry(TOPICS.contactMessageReceived, e1, 'm1')] });
    await bus.stop();
    const relay = new OutboxRelay(store, ['messages'], bus, logger, 60_000);
    expect(await relay.flush()).toBe(0);
    expect((await col.findOne({ _id: 'm1' }))?.outbox).toHaveLength(1);
    await bus.start();
    expect(await relay.flush()).toBe(1);
    await store.close();
  });

  it('refuses to build an event whose payload breaks its contract', async () => {
    await expect(createEvent(TOPICS.contactMessageReceived, { ...contact, email: 'nope' }, { producer: 'test' })).rejects.toThrow(/email/);
  });
});

describe('idempotent consumer', () => {
  it('applies a redelivered event once per group', async () => {
    const store = tmpStore();
    let applied = 0;
    const handler = idempotentHandler(store, 'notification', async () => {
      applied++;
    });
    const other = idempotentHandler(store, 'booking', async () => {
      applied++;
    });
    const event = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'test' });
    await handler(event);
    await handler(event);
    await other(event);
    expect(applied).toBe(2);
    await store.close();
  });

  it('does not mark an event processed when its handler fails, so a retry applies it', async () => {
    const store = tmpStore();
    let calls = 0;
    const handler = idempotentHandler(store, 'g', async () => {
      calls++;
      if (calls === 1) throw new Error('smtp down');
    });
    const event = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'test' });
    await expect(handler(event)).rejects.toThrow('smtp down');
    await handler(event);
    await handler(event);
    expect(calls).toBe(2);
    await store.close();
  });
});
