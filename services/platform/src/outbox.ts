import type { EventEnvelope, OutboxEntry } from '@vanhop/contracts';
import type { Collection, Doc, DocumentStore } from './ports/document-store.js';
import { DuplicateKeyError } from './errors.js';
import type { EventBus } from './ports/event-bus.js';
import type { Logger } from './logger.js';
import { systemClock, type Clock } from './clock.js';
import { OutboxSweepLease } from './outbox-sweep-lease.js';

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

/** How long an entry may wait for its own writer's relay before any replica's safety poll takes it. */
export const DEFAULT_OUTBOX_GRACE_MS = 10_000;

export interface OutboxRelayOptions {
  /**
   * Entries younger than this are left to the replica that wrote them (its writer hands them to
   * its own relay at once); older ones are the safety poll's, whichever replica polls first.
   */
  graceMs?: number;
  clock?: Clock;
  /**
   * Milliseconds from a clock that always runs (default: the process's monotonic clock). An entry
   * seen waiting this long is stale too, so a clock pinned by tests or a demo never stops the
   * safety net.
   */
  elapsed?: () => number;
  /**
   * The lease that lets one replica at a time sweep stale entries: how long a dead sweeper keeps
   * it (default 30 s) and the clock it is timed on (default real time).
   */
  sweepLease?: { ttlMs?: number; clock?: Clock };
}

/** What one pass reads: the entries a writer just handed over, stale ones, or everything pending. */
type PassScope = { kind: 'written'; eventIds: Set<string> } | { kind: 'stale' } | { kind: 'all' };

/**
 * Publishes events parked in the `outbox` array of documents, and pulls each one off once the bus
 * says it is durable (Kafka: acked; in-process bus: handled by every group). An event the bus lost
 * to a stop, or a crash between publish and pull, is published again on a later pass: consumers
 * dedupe on eventId.
 *
 * Several replicas of a service share its collections, so each one's relay publishes at once only
 * what its own writers hand it (`kick(eventIds)`); the safety poll takes what has waited longer
 * than the grace period, which is how a replica that died between write and publish is covered.
 * Without that split every replica's pass published every fresh entry: each event went out once
 * per replica. For the same reason the safety poll sweeps on one replica at a time: after a
 * broker outage the whole backlog is stale for every replica at once.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Event ids writers handed over since the last pass that looked for them. */
  private readonly written = new Set<string>();
  private wantStale = false;
  private wantAll = false;
  /** Published, not yet durable: skipped by later passes so nothing is queued twice meanwhile. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** When the safety poll first saw each pending entry (clock time, elapsed time): the grace runs from then too. */
  private readonly firstSeen = new Map<string, { at: number; elapsed: number }>();
  /** A pass that filled a page may have left pending documents behind the in-flight ones: its scope, to go on with. */
  private fullPage: PassScope | null = null;
  private readonly collections: Collection<Doc & WithOutbox>[];
  private readonly graceMs: number;
  private readonly clock: Clock;
  private readonly elapsed: () => number;
  private readonly sweepLease: OutboxSweepLease;

  constructor(
    store: DocumentStore,
    collectionNames: string[],
    private readonly bus: EventBus,
    private readonly logger: Logger,
    // Writers kick() the relay right after each write; the timer is only the safety net for a
    // failed publish or a crash, so it can be slow and spare the store a scan every second.
    private readonly intervalMs = 5000,
    options: OutboxRelayOptions = {},
  ) {
    this.collections = collectionNames.map((n) => store.collection<Doc & WithOutbox>(n));
    this.graceMs = options.graceMs ?? DEFAULT_OUTBOX_GRACE_MS;
    this.clock = options.clock ?? systemClock;
    this.elapsed = options.elapsed ?? (() => performance.now());
    this.sweepLease = new OutboxSweepLease(store, collectionNames, options.sweepLease);
  }

  /**
   * Creates the pending-events index and publishes what a previous run left, before the service
   * reports itself started; then polls as a safety net. The start takes every pending entry, not
   * only stale ones: it cannot tell this replica's own entries from before a crash from another
   * replica's fresh ones, and a start is rare enough for the odd event to go out twice (consumers
   * dedupe) rather than keep a restarted single replica's events waiting out the grace period.
   */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
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
    await this.sweepLease
      .giveUp()
      .catch((err) => this.logger.warn({ err: String(err) }, 'could not give back the outbox sweep lease'));
  }

  /**
   * Runs a pass now (or right after the current one); resolves with the number of events
   * published. Writers pass the ids of the events they just parked, and only those are published:
   * entries other replicas wrote are theirs to publish. Without ids every pending entry is taken
   * (the start, drains and tests).
   */
  kick(eventIds?: Iterable<string>): Promise<number> {
    if (eventIds === undefined) this.wantAll = true;
    else for (const id of eventIds) this.written.add(id);
    return this.run();
  }

  /** The safety poll's pass (the timer runs it): publishes entries pending longer than the grace period. */
  sweep(): Promise<number> {
    this.wantStale = true;
    return this.run();
  }

  /** Publishes everything pending and waits until it is durable and pulled (used by tests). */
  async flush(): Promise<number> {
    await this.running;
    const published = await this.kick();
    await Promise.all(this.inFlight.values());
    return published;
  }

  /** One loop of passes at a time; what is asked for while it runs is taken by its next pass. */
  private run(): Promise<number> {
    if (this.running !== null) return this.running;
    // With nothing to do the loop below would end before `running` is even set, and stay set.
    if (this.written.size === 0 && !this.wantAll && !this.wantStale) return Promise.resolve(0);
    this.running = (async () => {
      let total = 0;
      for (let scope = this.nextScope(); scope; scope = this.nextScope()) {
        total += await this.pass(scope).catch((err) => {
          this.logger.warn({ err: String(err) }, 'outbox relay pass failed; will retry');
          return 0;
        });
      }
      this.running = null;
      return total;
    })();
    // The in-process bus counts the pass as busy: a test waiting for it waits for these events.
    this.bus.publishing?.(this.running);
    return this.running;
  }

  /** Fresh writes first: they are what a customer is waiting on. */
  private nextScope(): PassScope | null {
    if (this.written.size > 0) {
      const eventIds = new Set(this.written);
      this.written.clear();
      return { kind: 'written', eventIds };
    }
    if (this.wantAll) {
      this.wantAll = false;
      this.wantStale = false;
      return { kind: 'all' };
    }
    if (this.wantStale) {
      this.wantStale = false;
      return { kind: 'stale' };
    }
    return null;
  }

  private async pass(scope: PassScope): Promise<number> {
    let published = 0;
    if (scope.kind !== 'written') this.fullPage = null;
    // In flight before the read: one acknowledged and pulled while this pass waits (on the lease,
    // on a publish) is still in the documents read, and must not go out again.
    const busy = new Set(this.inFlight.keys());
    let pending = await this.readPending(scope);
    let takes = this.taker(scope, pending);
    if (scope.kind === 'stale' && this.anyToTake(pending, takes)) {
      const lead = await this.sweepLease.lead();
      // Another replica sweeping now publishes these; ours looks again at its next poll.
      if (lead === 'refused') return 0;
      // Read again under a lease just taken: the sweeper before may have published them meanwhile.
      // A renewal needs no second look: nobody else has swept since this replica's last sweep.
      if (lead === 'took') {
        pending = await this.readPending(scope);
        takes = this.taker(scope, pending);
      }
    }
    for (const [i, col] of this.collections.entries()) {
      const docs = pending[i]!;
      if (scope.kind !== 'written' && docs.length >= PAGE) this.fullPage = scope;
      for (const doc of docs) {
        for (const entry of doc.outbox ?? []) {
          if (busy.has(entry.eventId) || this.inFlight.has(entry.eventId) || !takes(entry)) continue;
          const receipt = await this.bus.publish(entry.topic, entry.event, entry.key);
          this.track(col, doc._id, entry.eventId, receipt.durable);
          published++;
        }
      }
    }
    return published;
  }

  /**
   * The collections are read side by side: an event written just now waits for one query's time,
   * not one per collection in turn (payment's relay reads three), before its publish starts.
   * Handed-over ids are few and each must be found now, so that read is not paged.
   */
  private readPending(scope: PassScope): Promise<(Doc & WithOutbox)[][]> {
    const filter = scope.kind === 'written' ? { 'outbox.eventId': { $in: [...scope.eventIds] } } : PENDING_OUTBOX;
    const page = scope.kind === 'written' ? {} : { limit: PAGE };
    return Promise.all(this.collections.map((col) => col.find(filter, page)));
  }

  private anyToTake(pending: (Doc & WithOutbox)[][], takes: (entry: OutboxEntry) => boolean): boolean {
    return pending.some((docs) =>
      docs.some((doc) => (doc.outbox ?? []).some((e) => !this.inFlight.has(e.eventId) && takes(e))),
    );
  }

  /** Which of the entries read this pass may take. */
  private taker(scope: PassScope, pending: (Doc & WithOutbox)[][]): (entry: OutboxEntry) => boolean {
    if (scope.kind === 'all') return () => true;
    if (scope.kind === 'written') return (entry) => scope.eventIds.has(entry.eventId);
    const now = this.clock.now().getTime();
    const elapsed = this.elapsed();
    const seenNow = new Map<string, { at: number; elapsed: number }>();
    for (const docs of pending)
      for (const doc of docs)
        for (const entry of doc.outbox ?? [])
          seenNow.set(entry.eventId, this.firstSeen.get(entry.eventId) ?? { at: now, elapsed });
    // Forget entries no longer pending, unless a full page may have hidden them.
    if (!pending.some((docs) => docs.length >= PAGE)) this.firstSeen.clear();
    for (const [id, seen] of seenNow) this.firstSeen.set(id, seen);
    return (entry) => {
      // Stale by the event's own time (a replica that died long ago), or by how long this relay
      // has seen it waiting: on the clock (robust to a writer whose clock runs ahead) or in
      // elapsed time (robust to a pinned clock).
      const seen = seenNow.get(entry.eventId) ?? { at: now, elapsed };
      const written = Date.parse(entry.event.occurredAt);
      const since = Math.min(seen.at, Number.isNaN(written) ? now : written);
      return now - since >= this.graceMs || elapsed - seen.elapsed >= this.graceMs;
    };
  }

  private track(col: Collection<Doc & WithOutbox>, docId: Doc['_id'], eventId: string, durable: Promise<void>): void {
    const settled = durable
      .then(async () => {
        await col.updateOne({ _id: docId }, { $pull: { outbox: { eventId } } });
        this.firstSeen.delete(eventId);
        const more = this.fullPage;
        if (more && this.timer) void (more.kind === 'all' ? this.kick() : this.sweep());
      })
      .catch((err) => this.logger.warn({ eventId, err: String(err) }, 'event not delivered yet; kept in the outbox'))
      .finally(() => this.inFlight.delete(eventId));
    this.inFlight.set(eventId, settled);
  }
}
