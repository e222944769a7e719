import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  type DocumentStore,
  DURABLE,
  EmbeddedDocumentStore,
  type EventBus,
  OutboxRelay,
  outboxEntry,
  type OutboxEntry,
  readPlatformConfig,
  OUTBOX_SWEEPS,
  serviceOutboxRelay,
} from '../src/index.js';
import type { LeaseDoc } from '../src/store-leases.js';
import { CountingStore } from './counting-store.js';
import { MovableClock } from './movable-clock.js';

const logger = createLogger('test', 'silent');
const contact = { name: 'Ann Smith', email: 'ann@example.com', phone: '0700', title: 'Hello', message: 'Hi' };
const GRACE_MS = 10_000;
const LEASE_MS = 30_000;

/**
 * A broker that counts what every replica publishes to it and holds each acknowledgement until
 * the test lets it go, so a publish stays pending (in the outbox) while the other replica works.
 */
class CountingBroker {
  readonly published = new Map<string, number>();
  private release!: () => void;
  private acked = new Promise<void>((r) => (this.release = r));

  /** One replica's producer on this broker. */
  producer(): EventBus {
    return {
      publish: async (_topic: string, event: EventEnvelope) => {
        this.published.set(event.eventId, (this.published.get(event.eventId) ?? 0) + 1);
        return { durable: this.acked };
      },
      subscribe: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
      ping: async () => undefined,
    };
  }

  /** Acknowledges everything published so far; later publishes are acknowledged at once. */
  ackAll(): void {
    this.release();
    this.acked = DURABLE.durable;
  }
}

/** One replica of a service: its own relay over the shared collection, and writers that hand it their events. */
function replica(store: DocumentStore, broker: CountingBroker, clock: MovableClock) {
  // Elapsed time stands still too: only the movable clock says how long an entry has waited.
  const relay = new OutboxRelay(store, ['messages'], broker.producer(), logger, 60_000, {
    graceMs: GRACE_MS,
    clock,
    elapsed: () => 0,
    sweepLease: { ttlMs: LEASE_MS, clock },
  });
  const col = store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');
  return {
    relay,
    /** Stores a message with its event; the writer hands the event to its relay unless it "crashes" first. */
    async write(id: string, { crashBeforeKick = false } = {}): Promise<string> {
      const event = await createEvent(
        TOPICS.contactMessageReceived,
        { ...contact, title: id },
        { producer: 'test', clock },
      );
      await col.insertOne({ _id: id, outbox: [outboxEntry(TOPICS.contactMessageReceived, event, id)] });
      if (!crashBeforeKick) void relay.kick([event.eventId]);
      return event.eventId;
    },
  };
}

const pendingIn = async (store: DocumentStore) =>
  (await store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages').find({})).flatMap((d) =>
    d.outbox.map((o) => o.eventId),
  );

describe('outbox relays of two replicas over one store', () => {
  it("publishes each entry once: a replica's writes go out through its own relay only", async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    const b = replica(store, broker, clock);
    await Promise.all([a.relay.start(), b.relay.start()]);

    // Interleaved writes while no acknowledgement has come back: every entry is still pending
    // when the other replica's relay runs, as under load with a real broker.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await a.write(`a${i}`));
      ids.push(await b.write(`b${i}`));
    }
    await Promise.all([a.relay.kick([]), b.relay.kick([])]);
    // A safety poll in between takes nothing yet: every entry is younger than the grace period.
    expect(await Promise.all([a.relay.sweep(), b.relay.sweep()])).toEqual([0, 0]);
    broker.ackAll();
    await Promise.all([a.relay.stop(), b.relay.stop()]);

    expect(Object.fromEntries(broker.published)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
    expect(await pendingIn(store)).toEqual([]);
    await store.close();
  });

  it('publishes what a writer hands over after a write that handed over nothing', async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    await a.relay.start();
    expect(await a.relay.kick([])).toBe(0);
    const id = await a.write('a1');
    await a.relay.stop();
    expect(Object.fromEntries(broker.published)).toEqual({ [id]: 1 });
    await store.close();
  });

  it("publishes an entry whose writer died before handing it over, from the other replica's poll after the grace period", async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    const b = replica(store, broker, clock);
    await b.relay.start();

    const orphan = await a.write('a-crashed', { crashBeforeKick: true });
    expect(await b.relay.sweep()).toBe(0);
    clock.advance(GRACE_MS - 1);
    expect(await b.relay.sweep()).toBe(0);
    clock.advance(1);
    expect(await b.relay.sweep()).toBe(1);
    await b.relay.stop();

    expect(Object.fromEntries(broker.published)).toEqual({ [orphan]: 1 });
    expect(await pendingIn(store)).toEqual([]);
    await store.close();
  });

  it('takes an entry seen waiting for the grace period in elapsed time, however the clock is pinned', async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const pinned = new MovableClock('2026-11-28T10:00:00Z');
    let elapsed = 0;
    const relay = new OutboxRelay(store, ['messages'], broker.producer(), logger, 60_000, {
      graceMs: GRACE_MS,
      clock: pinned,
      elapsed: () => elapsed,
    });
    const orphan = await replica(store, broker, pinned).write('a-crashed', { crashBeforeKick: true });
    expect(await relay.sweep()).toBe(0);
    elapsed += GRACE_MS;
    expect(await relay.sweep()).toBe(1);
    await relay.stop();
    expect(Object.fromEntries(broker.published)).toEqual({ [orphan]: 1 });
    await store.close();
  });

  it('takes an entry older than the grace period at its first poll', async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    const orphan = await a.write('a-long-gone', { crashBeforeKick: true });
    clock.advance(GRACE_MS);
    const b = replica(store, broker, clock);
    expect(await b.relay.sweep()).toBe(1);
    await b.relay.stop();
    expect(Object.fromEntries(broker.published)).toEqual({ [orphan]: 1 });
    await store.close();
  });

  it("a service's relay runs on the service's clock and its OUTBOX_GRACE_MS", async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-replicas-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    // Ten minutes: far beyond any pause of the machine between the sweeps, so only the clock counts.
    const config = readPlatformConfig({ OUTBOX_GRACE_MS: '600000' }, 'test', 4100);
    const relay = serviceOutboxRelay({ store, bus: broker.producer(), logger, clock, config }, ['messages']);
    const orphan = await replica(store, broker, clock).write('a-crashed', { crashBeforeKick: true });
    expect(await relay.sweep()).toBe(0);
    clock.advance(600_000);
    expect(await relay.sweep()).toBe(1);
    await relay.stop();
    expect(Object.fromEntries(broker.published)).toEqual({ [orphan]: 1 });
    await store.close();
  });
});

describe('the safety poll of two replicas after a broker outage', () => {
  /** Entries both replicas wrote while the broker was away: none was handed over, all are stale now. */
  let written = 0;
  async function backlog(a: ReturnType<typeof replica>, b: ReturnType<typeof replica>, clock: MovableClock) {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await a.write(`a${written++}`, { crashBeforeKick: true }));
      ids.push(await b.write(`b${written++}`, { crashBeforeKick: true }));
    }
    clock.advance(GRACE_MS);
    return ids;
  }

  it('publishes the backlog once: one replica sweeps while the other leaves it', async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-sweep-')));
    const broker = new CountingBroker();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    const b = replica(store, broker, clock);
    const ids = await backlog(a, b, clock);

    // The broker is slow to acknowledge as it comes back: every entry is still pending when the
    // second replica's poll runs, whichever replica polled first.
    const swept = await Promise.all([a.relay.sweep(), b.relay.sweep()]);
    expect([...swept].sort()).toEqual([0, ids.length]);
    broker.ackAll();
    await Promise.all([a.relay.stop(), b.relay.stop()]);

    expect(Object.fromEntries(broker.published)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
    expect(await pendingIn(store)).toEqual([]);
    await store.close();
  });

  it('leaves the sweep to the replica sweeping until it stops, or until a dead one’s lease runs out', async () => {
    const store = new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), 'vanhop-outbox-sweep-')));
    const broker = new CountingBroker();
    broker.ackAll();
    const clock = new MovableClock('2026-11-28T10:00:00Z');
    const a = replica(store, broker, clock);
    const b = replica(store, broker, clock);
    const first = await backlog(a, b, clock);
    expect(await a.relay.sweep()).toBe(first.length);

    // A keeps the sweep while it lives: B leaves the next backlog to it.
    const second = await backlog(a, b, clock);
    expect(await b.relay.sweep()).toBe(0);
    expect(await a.relay.sweep()).toBe(second.length);

    // A stops and gives the sweep back: B takes the next backlog at once.
    await a.relay.stop();
    const third = await backlog(a, b, clock);
    expect(await b.relay.sweep()).toBe(third.length);

    // B dies without giving it back: a new replica waits for its lease to run out, then sweeps.
    const c = replica(store, broker, clock);
    const fourth = await backlog(a, c, clock);
    expect(await c.relay.sweep()).toBe(0);
    clock.advance(LEASE_MS - GRACE_MS);
    expect(await c.relay.sweep()).toBe(fourth.length);
    await c.relay.stop();

    const all = [...first, ...second, ...third, ...fourth];
    expect(Object.fromEntries(broker.published)).toEqual(Object.fromEntries(all.map((id) => [id, 1])));
    await store.close();
  });
});

/** Entries whose writer died before handing them over, stale by now. */
async function orphans(writer: ReturnType<typeof replica>, clock: MovableClock, prefix: string, n = 3) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await writer.write(`${prefix}${i}`, { crashBeforeKick: true }));
  clock.advance(GRACE_MS);
  return ids;
}

/** A store that counts its calls, a broker (acknowledging at once unless `held`) and a clock standing still. */
function counted(prefix: string, { held = false } = {}) {
  const store = new CountingStore(new EmbeddedDocumentStore(mkdtempSync(path.join(tmpdir(), prefix))));
  const broker = new CountingBroker();
  if (!held) broker.ackAll();
  return { store, broker, clock: new MovableClock('2026-11-28T10:00:00Z') };
}

describe('giving the sweep lease back when a relay stops', () => {
  it('stops without a write to the leases when this replica never held one, and leaves the holder’s lease alone', async () => {
    const { store, broker, clock } = counted('vanhop-outbox-sweep-stop-');
    const holder = replica(store, broker, clock);
    const refused = replica(store, broker, clock);
    const idle = replica(store, broker, clock);
    await orphans(holder, clock, 'first');
    expect(await holder.relay.sweep()).toBe(3);
    // The second replica finds stale entries too, asks for the lease and is refused.
    await orphans(holder, clock, 'second');
    expect(await refused.relay.sweep()).toBe(0);
    const lease = async () =>
      (await store.collection<LeaseDoc>(OUTBOX_SWEEPS).find({})).map((l) => ({ _id: l._id, owner: l.owner }));
    const held = await lease();
    expect(held).toHaveLength(1);

    const before = store.count(OUTBOX_SWEEPS);
    await Promise.all([refused.relay.stop(), idle.relay.stop()]);
    expect(store.count(OUTBOX_SWEEPS)).toBe(before);
    expect(await lease()).toEqual(held);

    // The holder gives it back at its stop.
    await holder.relay.stop();
    expect(await lease()).toEqual([]);
    await store.close();
  });
});

describe('reading the stale page again under the sweep lease', () => {
  it('reads it again after taking the lease, free or from a sweeper whose lease ran out, and once when renewing its own', async () => {
    const { store, broker, clock } = counted('vanhop-outbox-sweep-reads-');
    const a = replica(store, broker, clock);
    const b = replica(store, broker, clock);
    const reads = async (sweep: () => Promise<number>) => {
      const before = store.count('messages', ['find']);
      const published = await sweep();
      return { published, reads: store.count('messages', ['find']) - before };
    };

    await orphans(a, clock, 'free');
    expect(await reads(() => a.relay.sweep())).toEqual({ published: 3, reads: 2 });
    await orphans(a, clock, 'renewed');
    expect(await reads(() => a.relay.sweep())).toEqual({ published: 3, reads: 1 });
    // A dies holding the lease; once it runs out B takes it over.
    await orphans(a, clock, 'taken-over');
    clock.advance(LEASE_MS);
    expect(await reads(() => b.relay.sweep())).toEqual({ published: 3, reads: 2 });
    await b.relay.stop();
    await store.close();
  });

  it('publishes an entry of its last sweep once, though it is acknowledged and pulled while the lease is renewed', async () => {
    const { store, broker, clock } = counted('vanhop-outbox-sweep-renew-', { held: true });
    const a = replica(store, broker, clock);
    const first = await orphans(a, clock, 'first');
    expect(await a.relay.sweep()).toBe(3);
    // The broker acknowledges the first sweep's events while the next sweep renews the lease,
    // after that sweep read them from the outbox: they are pulled before it publishes.
    const second = await orphans(a, clock, 'second');
    store.before = (collection, method) => {
      if (collection !== OUTBOX_SWEEPS || method !== 'updateOne') return undefined;
      store.before = null;
      broker.ackAll();
      return (async () => {
        while ((await pendingIn(store)).some((id) => first.includes(id))) await new Promise((r) => setImmediate(r));
        // Every step after the pull (the relay forgetting the entry) has run by the next turn.
        await new Promise((r) => setImmediate(r));
      })();
    };
    expect(await a.relay.sweep()).toBe(3);
    await a.relay.stop();
    expect(Object.fromEntries(broker.published)).toEqual(
      Object.fromEntries([...first, ...second].map((id) => [id, 1])),
    );
    await store.close();
  });
});
