import type { EventEnvelope, OutboxEntry } from '@vanhop/contracts';
import type { Collection, Doc, DocumentStore } from './ports/document-store.js';
import { DuplicateKeyError } from './errors.js';
import type { EventBus } from './ports/event-bus.js';
import type { Logger } from './logger.js';

export type { OutboxEntry };

export interface WithOutbox {
  outbox?: OutboxEntry[];
}

/** A stored document as a repository hands it out: without the events parked on it. */
export function withoutOutbox<T extends Doc>(doc: T & WithOutbox): T;
export function withoutOutbox<T extends Doc>(doc: (T & WithOutbox) | null): T | null;
export function withoutOutbox<T extends Doc>(doc: (T & WithOutbox) | null): T | null {
  if (!doc) return null;
  const { outbox: _outbox, ...rest } = doc;
  return rest as unknown as T;
}

/**
 * Stores a new document with an empty outbox. When one with the same `_id` is already there (a
 * concurrent request or delivery stored it first) that one is returned instead, never a second.
 */
export async function insertOrExisting<T extends Doc>(collection: Collection<T & WithOutbox>, doc: T): Promise<T> {
  try {
    return withoutOutbox<T>(await collection.insertOne({ ...doc, outbox: [] }));
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    const existing = withoutOutbox<T>(await collection.findOne({ _id: doc._id }));
    if (!existing) throw err;
    return existing;
  }
}

/**
 * Documents with at least one pending event. Matches through the entries' ids so a sparse index
 * on `outbox.eventId` (created by the relay) holds only documents with something to publish:
 * the safety-net poll stays cheap however many records a collection keeps. A range (every id is a
 * non-empty string), not `$exists`: both stores answer a range from the index, while the embedded
 * store answers `$exists` by reading every document (30 ms per 100,000 bookings, every poll).
 */
export const PENDING_OUTBOX = { 'outbox.eventId': { $gt: '' } };

export const outboxEntry = (topic: string, event: EventEnvelope, key: string): OutboxEntry => ({
  eventId: event.eventId,
  topic,
  key,
  event,
});

const PAGE = 100;

/**
 * Publishes events parked in the `outbox` array of documents, and pulls each one off once the bus
 * says it is durable (Kafka: acked; in-process bus: handled by every group). An event the bus lost
 * to a stop, or a crash between publish and pull, is published again on a later pass: consumers
 * dedupe on eventId.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  /** Published, not yet durable: skipped by later passes so nothing is queued twice meanwhile. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** A pass that filled a page may have left pending documents behind the in-flight ones. */
  private pageWasFull = false;
  private readonly collections: Collection<Doc & WithOutbox>[];

  constructor(
    store: DocumentStore,
    collectionNames: string[],
    private readonly bus: EventBus,
    private readonly logger: Logger,
    // Writers kick() the relay right after each write; the timer is only the safety net for a
    // failed publish or a crash, so it can be slow and spare the store a scan every second.
    private readonly intervalMs = 5000,
  ) {
    this.collections = collectionNames.map((n) => store.collection<Doc & WithOutbox>(n));
  }

  /**
   * Creates the pending-events index and publishes what a previous run left, before the service
   * reports itself started; then polls as a safety net.
   */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.kick(), this.intervalMs);
    this.timer.unref();
    await Promise.all(
      this.collections.map((col) =>
        col
          .ensureIndex({ fields: { 'outbox.eventId': 1 }, sparse: true })
          .catch((err) => this.logger.warn({ err: String(err) }, 'could not create the outbox index')),
      ),
    );
    await this.kick();
  }

  /** Stops polling; waits for the current pass and for the pulls of events already delivered. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await Promise.all(this.inFlight.values());
  }

  /** Runs a pass now (or right after the current one); resolves with the number of events published. */
  kick(): Promise<number> {
    if (this.running !== null) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.rerun = false;
        total += await this.pass().catch((err) => {
          this.logger.warn({ err: String(err) }, 'outbox relay pass failed; will retry');
          return 0;
        });
      } while (this.rerun);
      this.running = null;
      return total;
    })();
    return this.running;
  }

  /** Publishes everything pending and waits until it is durable and pulled (used by tests). */
  async flush(): Promise<number> {
    await this.running;
    const published = await this.kick();
    await Promise.all(this.inFlight.values());
    return published;
  }

  private async pass(): Promise<number> {
    let published = 0;
    this.pageWasFull = false;
    // The collections are read side by side: an event written just now waits for one query's time,
    // not one per collection in turn (payment's relay reads three), before its publish starts.
    const pending = await Promise.all(this.collections.map((col) => col.find(PENDING_OUTBOX, { limit: PAGE })));
    for (const [i, col] of this.collections.entries()) {
      const docs = pending[i]!;
      if (docs.length >= PAGE) this.pageWasFull = true;
      for (const doc of docs) {
        for (const entry of doc.outbox ?? []) {
          if (this.inFlight.has(entry.eventId)) continue;
          const receipt = await this.bus.publish(entry.topic, entry.event, entry.key);
          this.track(col, doc._id, entry.eventId, receipt.durable);
          published++;
        }
      }
    }
    return published;
  }

  private track(col: Collection<Doc & WithOutbox>, docId: Doc['_id'], eventId: string, durable: Promise<void>): void {
    const settled = durable
      .then(async () => {
        await col.updateOne({ _id: docId }, { $pull: { outbox: { eventId } } });
        if (this.pageWasFull && this.timer) void this.kick();
      })
      .catch((err) => this.logger.warn({ eventId, err: String(err) }, 'event not delivered yet; kept in the outbox'))
      .finally(() => this.inFlight.delete(eventId));
    this.inFlight.set(eventId, settled);
  }
}
