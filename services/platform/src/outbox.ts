import type { EventEnvelope } from '@vanhop/contracts';
import type { Collection, Doc, DocumentStore } from './ports/document-store.js';
import type { EventBus } from './ports/event-bus.js';
import type { Logger } from './logger.js';

/** A pending event kept on the very document whose change it announces (single-document atomicity). */
export interface OutboxEntry {
  eventId: string;
  topic: string;
  key: string;
  event: EventEnvelope;
}

export interface WithOutbox { outbox?: OutboxEntry[] }

/**
 * Documents with at least one pending event. Matches through the entries' ids so a sparse index
 * on `outbox.eventId` (created by the relay) holds only documents with something to publish:
 * the safety-net poll stays cheap however many records a collection keeps.
 */
const PENDING = { 'outbox.eventId': { $exists: true } };

export const outboxEntry = (topic: string, event: EventEnvelope, key: string): OutboxEntry => ({ eventId: event.eventId, topic, key, event });

/**
 * Publishes events parked in the `outbox` array of documents, then pulls each one off. A crash
 * between publish and pull republishes the event on the next pass: consumers dedupe on eventId.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
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
        col.ensureIndex({ fields: { 'outbox.eventId': 1 }, sparse: true }).catch((err) => this.logger.warn({ err: String(err) }, 'could not create the outbox index')),
      ),
    );
    await this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass now (or right after the current one); resolves with the number of events published. */
  kick(): Promise<number> {
    if (this.running) {
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

  /** Publishes everything pending; resolves when the outbox is empty (used by tests and shutdown). */
  async flush(): Promise<number> {
    await this.running;
    return this.kick();
  }

  private async pass(): Promise<number> {
    let published = 0;
    for (const col of this.collections) {
      const docs = await col.find(PENDING, { limit: 100 });
      for (const doc of docs) {
        for (const entry of doc.outbox ?? []) {
          await this.bus.publish(entry.topic, entry.event, entry.key);
          await col.updateOne({ _id: doc._id }, { $pull: { outbox: { eventId: entry.eventId } } });
          published++;
        }
      }
    }
    return published;
  }
}
