import { TOPICS } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Collection, type DocumentStore } from '@vanhop/platform';
import type { SupplyOutboxDeps } from './supply-outbox-deps.js';
import type { DriverDoc } from '../domain/ports.js';
import type { DocumentedDriver } from '@vanhop/contracts';
import { DRIVERS } from './driver-repository.js';
import { cardWireOf } from './driver-card-wire.js';

const PRODUCER = 'fleet';
/** How many drivers one sweep or backfill pass publishes: bounded, and the next pass takes the rest. */
export const CARD_SWEEP_PAGE = 200;

/**
 * Publishes driver.card-changed through the drivers' own outbox. Every write that changes what
 * pricing reads leaves a mark on the driver in the same write (`cardUnpublished`, the write's rev);
 * this reads the driver and, only while that very mark is there, clears it and parks the event with
 * the next `cardRevision` in one conditional write. Two publishers of one write: one wins; a write
 * landing meanwhile replaces the mark, so the publication of the older card fails and the newer card
 * is published instead, with the higher revision. A process stopped between the write and this
 * leaves the mark for `sweep` (start-up and an interval); drivers stored before these events have
 * no revision yet and are published by `sweep` too (the backfill).
 */
export class DriverCardOutbox {
  private readonly col: Collection<DriverDoc & DocumentedDriver>;

  constructor(
    store: DocumentStore,
    private readonly deps: SupplyOutboxDeps,
  ) {
    this.col = store.collection<DriverDoc & DocumentedDriver>(DRIVERS);
  }

  async ensureIndexes(): Promise<void> {
    // The sweep reads the marked drivers only: few at any time.
    await this.col.ensureIndex({ fields: { cardUnpublished: 1 }, sparse: true });
  }

  /** After a write of the driver returned: publishes its card if the write left its mark (a failure: the sweep's). */
  async publish(driverId: string): Promise<void> {
    try {
      const d = await this.col.findOne({ _id: driverId });
      if (d) await this.publishDoc(d);
    } catch (err) {
      this.deps.logger?.warn({ err: String(err), driverId }, 'driver card not published yet: the sweep will');
    }
  }

  private async publishDoc(d: DriverDoc & DocumentedDriver): Promise<boolean> {
    const unpublished = d.cardUnpublished;
    // Neither marked nor ever published: a driver stored before these events (the backfill's).
    if (unpublished === undefined && d.cardRevision !== undefined) return false;
    const revision = (d.cardRevision ?? 0) + 1;
    const event = await createEvent(
      TOPICS.driverCardChanged,
      { driverId: d._id, revision, active: d.active, card: cardWireOf(d) },
      { producer: PRODUCER, clock: this.deps.clock },
    );
    const entry = outboxEntry(TOPICS.driverCardChanged, event, d._id);
    const still =
      unpublished !== undefined
        ? { cardUnpublished: unpublished }
        : { cardUnpublished: { $exists: false }, cardRevision: { $exists: false } };
    const { modified } = await this.col.updateOne(
      { _id: d._id, ...still },
      { $set: { cardRevision: revision }, $unset: { cardUnpublished: true }, $push: { outbox: entry } },
    );
    if (modified === 1) await this.deps.relay.kick([entry.eventId]);
    return modified === 1;
  }

  /** Publishes up to a page of the cards a stopped process left marked; how many it published. */
  async sweep(limit = CARD_SWEEP_PAGE): Promise<number> {
    let published = 0;
    for (const d of await this.col.find({ cardUnpublished: { $gt: '' } }, { limit }))
      if (await this.publishDoc(d)) published++;
    return published;
  }

  /**
   * At start: the drivers stored before these events (never published) get their first card, so a
   * read model fed by them can be complete. Read a page at a time by id; idempotent (a driver
   * published meanwhile, by a write or another replica, is skipped by the conditional write).
   */
  async backfill(limit = CARD_SWEEP_PAGE): Promise<number> {
    let published = 0;
    let after: string | null = '';
    while (after !== null) {
      const page = await this.backfillPage(after, limit);
      published += page.published;
      after = page.next;
    }
    if (published > 0) this.deps.logger?.info({ published }, 'driver cards published for the first time');
    return published;
  }

  /** One page of the backfill: the drivers after `after` by id; `next` is where the next page starts (null: none left). */
  async backfillPage(after: string, limit = CARD_SWEEP_PAGE): Promise<{ published: number; next: string | null }> {
    const page = await this.col.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit });
    let published = 0;
    for (const d of page) if (d.cardRevision === undefined && (await this.publishDoc(d))) published++;
    return { published, next: page.length < limit ? null : page.at(-1)!._id };
  }
}
