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
import { eventually } from './contracts/eventually.js';

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
    await col.insertOne({
      _id: 'm1',
      outbox: [
        outboxEntry(TOPICS.contactMessageReceived, e1, 'm1'),
        outboxEntry(TOPICS.contactMessageReceived, e2, 'm1'),
      ],
    });

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

  it('pulls an event only once every group handled it; a stop keeps the rest in the outbox for the next start', async () => {
    const store = tmpStore();
    const col = store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');
    const events = [
      await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'test' }),
      await createEvent(TOPICS.contactMessageReceived, { ...contact, title: 'Second' }, { producer: 'test' }),
    ];
    await col.insertOne({ _id: 'm1', outbox: events.map((e) => outboxEntry(TOPICS.contactMessageReceived, e, 'm1')) });
    const seen: Record<string, string[]> = { fast: [], slow: [] };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const consumer = (group: 'fast' | 'slow', wait: Promise<void>) =>
      idempotentHandler(store, group, async (e) => {
        await wait;
        seen[group]!.push(e.eventId);
      });

    // First run: the slow group is still on the first event when the process stops.
    const bus1 = new MemoryEventBus(logger);
    await bus1.subscribe('fast', TOPICS.contactMessageReceived, consumer('fast', Promise.resolve()));
    await bus1.subscribe('slow', TOPICS.contactMessageReceived, consumer('slow', gate));
    const relay1 = new OutboxRelay(store, ['messages'], bus1, logger, 60_000);
    expect(await relay1.kick()).toBe(2);
    await eventually(() => seen.fast!.length === 2);
    const stopping = bus1.stop();
    release();
    await stopping;
    await relay1.stop();
    expect(seen).toEqual({ fast: [events[0]!.eventId, events[1]!.eventId], slow: [events[0]!.eventId] });
    expect((await col.findOne({ _id: 'm1' }))?.outbox.map((o) => o.eventId)).toEqual([events[1]!.eventId]);

    // Next start: the kept event reaches the group that missed it, and no group twice.
    const bus2 = new MemoryEventBus(logger);
    await bus2.subscribe('fast', TOPICS.contactMessageReceived, consumer('fast', Promise.resolve()));
    await bus2.subscribe('slow', TOPICS.contactMessageReceived, consumer('slow', Promise.resolve()));
    const relay2 = new OutboxRelay(store, ['messages'], bus2, logger, 60_000);
    expect(await relay2.flush()).toBe(1);
    expect(seen).toEqual({
      fast: [events[0]!.eventId, events[1]!.eventId],
      slow: [events[0]!.eventId, events[1]!.eventId],
    });
    expect((await col.findOne({ _id: 'm1' }))?.outbox).toEqual([]);
    await bus2.stop();
    await store.close();
  });

  it('refuses to build an event whose payload breaks its contract', async () => {
    await expect(
      createEvent(TOPICS.contactMessageReceived, { ...contact, email: 'nope' }, { producer: 'test' }),
    ).rejects.toThrow(/email/);
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
