/**
 * Two replicas of one service, each with its outbox relay, over one store and one bus: each
 * replica parks events in its own writes (alternately, at the bench's rate) and hands them to its
 * relay, as the services' writers do. The bus holds each publish's acknowledgement for a while, as
 * a loaded broker does, so an entry stays pending while the other replica writes and kicks its
 * relay. Counts the publishes each event took: 1 each when a relay publishes only its own
 * writers' entries; up to 2 when every relay takes every pending entry.
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
} from '@vanhop/platform';

export interface OutboxReplicasRun {
  events: number;
  publishes: number;
  ackMs: number;
}

const contact = { name: 'Bench Writer', email: 'bench@example.com', phone: '0700', title: 'Bench', message: 'Hi' };

export async function outboxReplicasRun(events: number, gapMs: number, ackMs: number): Promise<OutboxReplicasRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-outbox-'));
  const store = new EmbeddedDocumentStore(dir);
  const logger = createLogger('bench', 'silent');
  let publishes = 0;
  const broker: EventBus = {
    publish: async (_topic: string, _event: EventEnvelope) => {
      publishes++;
      return { durable: new Promise<void>((r) => setTimeout(r, ackMs)) };
    },
    subscribe: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
    ping: async () => undefined,
  };
  const col = store.collection<{ _id: string; outbox: OutboxEntry[] }>('messages');
  const relays = [0, 1].map(() => new OutboxRelay(store, ['messages'], broker, logger));
  try {
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
    return { events, publishes, ackMs };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
