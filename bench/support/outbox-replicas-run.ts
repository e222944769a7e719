/**
 * Two replicas of one service, each with its outbox relay, over one store and one bus: each
 * replica parks events in its own writes (alternately, at the bench's rate) and hands them to its
 * relay, as the services' writers do. The bus holds each publish's acknowledgement for a while, as
 * a loaded broker does, so an entry stays pending while the other replica writes and kicks its
 * relay. Counts the publishes each event took: 1 each when a relay publishes only its own
 * writers' entries; up to 2 when every relay takes every pending entry.
 *
 * `outboxBacklogRun` is the broker's return after an outage: events both replicas parked while it
 * was away (none handed over, all past the grace period) and both relays' safety polls running:
 * 1 publish each when one replica at a time sweeps; 2 when each sweeps all of it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  EmbeddedDocumentStore,
  type EventBus,
  OutboxRelay,
  outboxEntry,
  type OutboxEntry,
  PENDING_OUTBOX,
} from '@vanhop/platform';

export interface OutboxReplicasRun {
  events: number;
  publishes: number;
  ackMs: number;
}

const contact = { name: 'Bench Writer', email: 'bench@example.com', phone: '0700', title: 'Bench', message: 'Hi' };

/** A bus counting publishes and acknowledging each after `ackMs`, as a loaded broker does. */
function slowBroker(ackMs: number): EventBus & { publishes: number } {
  return {
    publishes: 0,
    async publish(_topic: string, _event: EventEnvelope) {
      this.publishes++;
      return { durable: new Promise<void>((r) => setTimeout(r, ackMs)) };
    },
    subscribe: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
    ping: async () => undefined,
  };
}

/** Two replicas' relays over a store in a folder of its own, removed after `work`. */
async function twoReplicas<T>(
  ackMs: number,
  work: (r: {
    broker: ReturnType<typeof slowBroker>;
    col: ReturnType<typeof messagesOf>;
    relays: OutboxRelay[];
  }) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-outbox-'));
  const store = new EmbeddedDocumentStore(dir);
  const logger = createLogger('bench', 'silent');
  const broker = slowBroker(ackMs);
  const relays = [0, 1].map(() => new OutboxRelay(store, ['messages'], broker, logger));
  try {
    return await work({ broker, col: messagesOf(store), relays });
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const messagesOf = (store: EmbeddedDocumentStore) =>
  store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');

export function outboxReplicasRun(events: number, gapMs: number, ackMs: number): Promise<OutboxReplicasRun> {
  return twoReplicas(ackMs, async ({ broker, col, relays }) => {
    await Promise.all(relays.map((r) => r.start()));
    for (let i = 0; i < events; i++) {
      const relay = relays[i % 2]!;
      const id = randomUUID();
      const event = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'bench' });
      await col.insertOne({ _id: id, outbox: [outboxEntry(TOPICS.contactMessageReceived, event, id)] });
      void relay.kick([event.eventId]);
      await new Promise((r) => setTimeout(r, gapMs));
    }
    await Promise.all(relays.map((r) => r.stop()));
    return { events, publishes: broker.publishes, ackMs };
  });
}

export function outboxBacklogRun(events: number, ackMs: number): Promise<OutboxReplicasRun> {
  return twoReplicas(ackMs, async ({ broker, col, relays }) => {
    // Parked a minute ago, while the broker was away: past the grace period for both relays.
    const then = { now: () => new Date(Date.now() - 60_000) };
    for (let i = 0; i < events; i++) {
      const id = randomUUID();
      const event = await createEvent(TOPICS.contactMessageReceived, contact, { producer: 'bench', clock: then });
      await col.insertOne({ _id: id, outbox: [outboxEntry(TOPICS.contactMessageReceived, event, id)] });
    }
    // Both safety polls, as their timers would run them, until the backlog is gone.
    while ((await col.count(PENDING_OUTBOX)) > 0) {
      await Promise.all(relays.map((r) => r.sweep()));
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(relays.map((r) => r.stop()));
    return { events, publishes: broker.publishes, ackMs };
  });
}
