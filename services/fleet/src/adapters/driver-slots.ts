import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  DomainError,
  DuplicateKeyError,
  type Clock,
  type Collection,
  type DocumentStore,
} from '@vanhop/platform';
import { DRIVER_TAKEN_MESSAGE, HELD_BY_CUSTOMER_CODE } from '@vanhop/contracts';
import { slotStarts, type Window } from '@vanhop/contracts';
import type { DriverSlots as DriverSlotsPort } from '../domain/ports.js';

export const DRIVER_SLOTS = 'driver_slots';

export const DRIVER_TAKEN = DRIVER_TAKEN_MESSAGE;

/**
 * Refused because only the asking customer's own unpaid checkouts hold the time: the 409 names their
 * bookings, so payment can close those checkouts at the provider and ask again superseding them.
 */
export class HeldByCustomerError extends DomainError {
  constructor(readonly bookingIds: string[]) {
    super(DRIVER_TAKEN, 409, HELD_BY_CUSTOMER_CODE, { bookingIds });
  }
}

/** One quarter hour of one driver's time, taken by one booking. */
interface SlotDoc {
  _id: string;
  driverId: string;
  /** ISO instant; with driverId under a unique index: the one thing that makes double booking impossible. */
  slotStart: string;
  bookingId: string;
  holdId: string;
  /** A checkout's hold lapses at this instant unless the booking is paid (then it is unset). */
  expiresAt?: string;
  /** Whose unpaid checkout holds it (holdHolderOf); unset on kept (paid) slots' meaning. */
  holder?: string;
}

/**
 * The `driver_slots` collection. A hold inserts one document per quarter hour of the move
 * window; the unique index on (driverId, slotStart) lets exactly one booking have each quarter
 * hour, whatever the number of concurrent checkouts or service replicas. No transaction is
 * needed: a hold that meets a taken slot deletes the slots it inserted and reports 409.
 */
export class DriverSlots implements DriverSlotsPort {
  private readonly col: Collection<SlotDoc>;
  /** Told of every change of a booking's slots, before and after it (DriverTimeOutbox publishes driver-time.changed). */
  private time: TimeChanges | null = null;

  /** Every change of slots from now on is bracketed by `time`'s mark and publication. */
  publishTimeWith(time: TimeChanges): void {
    this.time = time;
  }

  /** Runs a change of these bookings' slots bracketed by the time outbox's mark and publication (when there is one). */
  private changing<T>(
    bookingIds: readonly string[],
    change: (touch: (bookingId: string) => Promise<void>) => Promise<T>,
  ) {
    const time = this.time;
    if (!time) return change(async () => undefined);
    const touched = new Set(bookingIds);
    // Another booking's slots cleared out of the way (lapsed, superseded) are a change of its time too.
    const touch = async (id: string) => {
      if (touched.has(id)) return;
      touched.add(id);
      await time.mark(id);
    };
    return time.around(bookingIds, async () => {
      try {
        return await change(touch);
      } finally {
        const extra = [...touched].filter((id) => !bookingIds.includes(id));
        await Promise.all(extra.map((id) => time.publishOrLeave(id)));
      }
    });
  }

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
  ) {
    this.col = store.collection<SlotDoc>(DRIVER_SLOTS);
  }

  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { driverId: 1, slotStart: 1 }, unique: true });
    await this.col.ensureIndex({ fields: { bookingId: 1 } });
    // Every dated quote asks which drivers are busy in its day (busy(): a range on slotStart alone,
    // which the (driverId, slotStart) index cannot serve): without this, each quote read every slot
    // ever held, about 30 ms per quote after a year of bookings (bench/driver-slots.ts).
    await this.col.ensureIndex({ fields: { slotStart: 1 } });
  }

  /**
   * Takes every slot of the window for the booking, or none (ConflictError). Idempotent for the
   * same booking (a retried checkout keeps its slots); a lapsed hold of another booking is
   * cleared out of the way first. A live hold of another booking is never taken over on its own,
   * not even the same customer's: its checkout may still take money. When only that customer's
   * unpaid holds are in the way the refusal names their bookings (HeldByCustomerError); payment
   * closes those checkouts at the provider and asks again with them in `supersedes`, and then their
   * unpaid holds give way, each released whole.
   *
   * A handful of round trips whatever the move's length: one read of what stands in the window
   * (a live hold of another customer refuses at once, writing nothing), one ordered insert of the
   * missing quarter hours (earliest first, so of two overlapping checkouts one always gets through),
   * then the extensions together. Only a slot taken between the read and the insert goes the slot-
   * by-slot way. A retry after a crash used to cost three round trips per quarter hour, and outlast
   * the checkout's call to this service.
   */
  hold(
    driverId: string,
    bookingId: string,
    window: Window,
    expiresAt: Date | null,
    holder?: string,
    supersedes: readonly string[] = [],
  ): Promise<{ holdId: string; slots: number }> {
    return this.changing([bookingId, ...supersedes], (touch) =>
      this.holdSlots(driverId, bookingId, window, expiresAt, holder, supersedes, touch),
    );
  }

  private async holdSlots(
    driverId: string,
    bookingId: string,
    window: Window,
    expiresAt: Date | null,
    holder: string | undefined,
    supersedes: readonly string[],
    touch: (bookingId: string) => Promise<void>,
  ): Promise<{ holdId: string; slots: number }> {
    const superseded = new Set(supersedes);
    const holdId = randomUUID();
    const starts = slotStarts(window).map((d) => d.toISOString());
    const wanted = new Set(starts);
    // The field is left out, never null, when the hold is kept: "no expiresAt" is what keep() and busy() read.
    const slotDoc = (slotStart: string): SlotDoc => ({
      _id: `${driverId}:${slotStart}:${holdId}`,
      driverId,
      slotStart,
      bookingId,
      holdId,
      ...(expiresAt ? { expiresAt: expiresAt.toISOString(), ...(holder ? { holder } : {}) } : {}),
    });
    const [standing, mineAnywhere] = await Promise.all([
      this.col.find({
        driverId,
        slotStart: { $gte: starts[0] ?? window.start.toISOString(), $lt: window.end.toISOString() },
      }),
      this.col.find({ bookingId, driverId }),
    ]);
    const standingAt = new Map(standing.map((d) => [d.slotStart, d]));
    // Other bookings' slots in the window: all must give way (lapsed, or superseded by their own customer).
    const inTheWay = standing.filter((held) => held.bookingId !== bookingId && wanted.has(held.slotStart));
    const blocking = inTheWay.filter((held) => !this.givesWay(held, slotDoc(held.slotStart), superseded));
    if (blocking.length > 0) throw refusal(blocking, holder);
    for (const held of inTheWay) await touch(held.bookingId);
    // Conditional on the very document seen, so two clearers cannot remove a fresh hold.
    await Promise.all(inTheWay.map((d) => this.col.deleteOne({ _id: d._id, expiresAt: d.expiresAt })));

    const missing = starts.filter((slotStart) => standingAt.get(slotStart)?.bookingId !== bookingId).map(slotDoc);
    const inserted = await this.col.insertOrdered(missing);
    const taken = missing.slice(0, inserted).map((d) => d._id);
    for (const doc of missing.slice(inserted)) {
      const ok = await this.tryInsert(doc, superseded, touch);
      if (ok === 'inserted') taken.push(doc._id);
      if (ok !== 'taken') continue;
      await Promise.all(taken.map((_id) => this.col.deleteOne({ _id, holdId })));
      throw new ConflictError(DRIVER_TAKEN);
    }

    const writes: Promise<unknown>[] = [];
    // A superseded checkout's hold goes whole, also the part outside this window.
    for (const earlier of superseded) {
      if (!holder) break;
      writes.push(
        this.col
          .find({ bookingId: earlier, driverId, holder, expiresAt: { $exists: true } })
          .then((rest) => Promise.all(rest.map((d) => this.col.deleteOne({ _id: d._id, expiresAt: d.expiresAt })))),
      );
    }
    for (const old of mineAnywhere) {
      // Same booking, new window (a retried checkout after a date change): drop the old slots.
      if (!wanted.has(old.slotStart)) writes.push(this.col.deleteOne({ _id: old._id }));
      // A retried checkout extends its own unpaid hold; a kept (paid) slot stays kept.
      else if (expiresAt && old.expiresAt !== undefined && old.expiresAt !== expiresAt.toISOString())
        writes.push(this.col.updateOne({ _id: old._id }, { $set: { expiresAt: expiresAt.toISOString() } }));
    }
    await Promise.all(writes);
    if (!expiresAt) await this.keepSlots(bookingId);
    return { holdId, slots: wanted.size };
  }

  /**
   * Another booking's slot gives way when its unpaid hold has lapsed, or when it is the same
   * customer's and its checkout was closed (superseded); a paid booking's never.
   */
  private givesWay(held: SlotDoc, wanted: SlotDoc, superseded: ReadonlySet<string>): boolean {
    if (held.expiresAt === undefined) return false;
    if (held.expiresAt <= this.clock.now().toISOString()) return true;
    return superseded.has(held.bookingId) && sameHolder(held, wanted);
  }

  /** The slot-by-slot way, for a quarter hour taken or freed by someone else since the window was read. */
  private async tryInsert(
    doc: SlotDoc,
    superseded: ReadonlySet<string>,
    touch: (bookingId: string) => Promise<void>,
  ): Promise<'inserted' | 'mine' | 'taken'> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.col.insertOne(doc);
        return 'inserted';
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const held = await this.col.findOne({ driverId: doc.driverId, slotStart: doc.slotStart });
      if (!held) continue; // released meanwhile: try again
      if (held.bookingId === doc.bookingId) return 'mine';
      if (!this.givesWay(held, doc, superseded)) return 'taken';
      await touch(held.bookingId);
      await this.col.deleteOne({ _id: held._id, expiresAt: held.expiresAt });
    }
    return 'taken';
  }

  /** A paid booking keeps its driver: the hold no longer lapses. */
  keep(bookingId: string): Promise<number> {
    return this.changing([bookingId], () => this.keepSlots(bookingId));
  }

  private async keepSlots(bookingId: string): Promise<number> {
    const slots = await this.col.find({ bookingId, expiresAt: { $exists: true } });
    const results = await Promise.all(
      slots.map((slot) => this.col.updateOne({ _id: slot._id }, { $unset: { expiresAt: true } })),
    );
    return results.reduce((kept, r) => kept + r.modified, 0);
  }

  /** Frees the booking's slots (checkout expired or cancelled, booking cancelled or postponed, job declined). */
  release(bookingId: string): Promise<number> {
    return this.changing([bookingId], async () => this.deleteAll(await this.col.find({ bookingId })));
  }

  /** Frees one driver's slots of a booking (a reassignment: the new driver holds the booking's time now). */
  releaseDriver(bookingId: string, driverId: string): Promise<number> {
    return this.changing([bookingId], async () => this.deleteAll(await this.col.find({ bookingId, driverId })));
  }

  /** Whether the driver still holds any of the booking's time (through the bookingId index). */
  async heldBy(bookingId: string, driverId: string): Promise<boolean> {
    return (await this.col.findOne({ bookingId, driverId })) !== null;
  }

  private async deleteAll(slots: SlotDoc[]): Promise<number> {
    const deleted = await Promise.all(slots.map((slot) => this.col.deleteOne({ _id: slot._id })));
    return deleted.reduce((sum, n) => sum + n, 0);
  }

  /**
   * Slot starts in [from, to) taken by live holds or kept bookings, per driver, whoever holds them
   * (an unpaid checkout hides its driver from its own customer too: see CandidateTime).
   */
  async busy(
    from: Date,
    to: Date,
    options: { exceptBookingId?: string; driverIds?: readonly string[] } = {},
  ): Promise<Map<string, Set<string>>> {
    // The query stays on the slotStart index; the drivers asked about (a quote's candidates) are picked out here.
    const docs = await this.col.find({ slotStart: { $gte: from.toISOString(), $lt: to.toISOString() } });
    return this.liveByDriver(docs, options.driverIds ? new Set(options.driverIds) : null, options.exceptBookingId);
  }

  /**
   * busy() for a few drivers over days (the flexible dates' cheapest drivers over two weeks): read
   * per driver on the (driverId, slotStart) index rather than every driver's slots in the range.
   */
  async busyOf(driverIds: readonly string[], from: Date, to: Date): Promise<Map<string, Set<string>>> {
    if (driverIds.length === 0) return new Map();
    const docs = await this.col.find({
      driverId: { $in: [...driverIds] },
      slotStart: { $gte: from.toISOString(), $lt: to.toISOString() },
    });
    return this.liveByDriver(docs, null, undefined);
  }

  /** Live holds' and kept bookings' slot starts by driver (lapsed holds and `exceptBookingId`'s left out). */
  private liveByDriver(
    docs: readonly SlotDoc[],
    wanted: ReadonlySet<string> | null,
    exceptBookingId: string | undefined,
  ): Map<string, Set<string>> {
    const now = this.clock.now().toISOString();
    const out = new Map<string, Set<string>>();
    for (const d of docs) {
      if (wanted && !wanted.has(d.driverId)) continue;
      if (d.bookingId === exceptBookingId) continue;
      if (d.expiresAt !== undefined && d.expiresAt <= now) continue;
      if (!out.has(d.driverId)) out.set(d.driverId, new Set());
      out.get(d.driverId)!.add(d.slotStart);
    }
    return out;
  }
}

/** What DriverSlots tells of its changes (DriverTimeOutbox). */
export interface TimeChanges {
  around<T>(bookingIds: readonly string[], change: () => Promise<T>): Promise<T>;
  mark(bookingId: string): Promise<void>;
  /** Publishes the booking's time; a failure is logged and left to the sweep. */
  publishOrLeave(bookingId: string): Promise<void>;
}

/** Both unpaid and held by the same customer: a kept (paid) slot is never given way. */
const sameHolder = (
  held: Pick<SlotDoc, 'holder' | 'expiresAt'>,
  wanted: Pick<SlotDoc, 'holder' | 'expiresAt'>,
): boolean =>
  held.expiresAt !== undefined &&
  wanted.expiresAt !== undefined &&
  held.holder !== undefined &&
  held.holder === wanted.holder;

/**
 * Why a hold is refused: only the asking customer's own live unpaid holds in the way (their bookings
 * named), or anything else (another customer's hold, a paid booking).
 */
function refusal(blocking: readonly SlotDoc[], holder: string | undefined): DomainError {
  const own = blocking.every((held) => holder !== undefined && held.expiresAt !== undefined && held.holder === holder);
  return own
    ? new HeldByCustomerError([...new Set(blocking.map((h) => h.bookingId))].sort())
    : new ConflictError(DRIVER_TAKEN);
}
