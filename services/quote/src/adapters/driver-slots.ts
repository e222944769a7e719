import { randomUUID } from 'node:crypto';
import { ConflictError, DuplicateKeyError, type Clock, type Collection, type DocumentStore } from '@vanhop/platform';
import { DRIVER_TAKEN_MESSAGE } from '@vanhop/contracts';
import { slotStarts, type Window } from '../domain/availability.js';
import type { DriverSlots as DriverSlotsPort } from '../domain/ports.js';

export const DRIVER_SLOTS = 'driver_slots';

export const DRIVER_TAKEN = DRIVER_TAKEN_MESSAGE;

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

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
  ) {
    this.col = store.collection<SlotDoc>(DRIVER_SLOTS);
  }

  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { driverId: 1, slotStart: 1 }, unique: true });
    await this.col.ensureIndex({ fields: { bookingId: 1 } });
  }

  /**
   * Takes every slot of the window for the booking, or none (ConflictError). Idempotent for the
   * same booking (a retried checkout keeps its slots); a lapsed hold of another booking is
   * cleared out of the way first.
   */
  async hold(
    driverId: string,
    bookingId: string,
    window: Window,
    expiresAt: Date | null,
    holder?: string,
  ): Promise<{ holdId: string; slots: number }> {
    const holdId = randomUUID();
    const taken: string[] = [];
    const displaced = new Set<string>();
    for (const start of slotStarts(window)) {
      const slotStart = start.toISOString();
      // The field is left out, never null, when the hold is kept: "no expiresAt" is what keep() and busy() read.
      const doc: SlotDoc = {
        _id: `${driverId}:${slotStart}:${holdId}`,
        driverId,
        slotStart,
        bookingId,
        holdId,
        ...(expiresAt ? { expiresAt: expiresAt.toISOString(), ...(holder ? { holder } : {}) } : {}),
      };
      const ok = await this.tryInsert(doc, displaced);
      if (ok === 'mine') continue;
      if (ok === 'inserted') {
        taken.push(doc._id);
        continue;
      }
      await Promise.all(taken.map((_id) => this.col.deleteOne({ _id, holdId })));
      throw new ConflictError(DRIVER_TAKEN);
    }
    // The customer's earlier checkout this one replaced gives back the rest of its unpaid hold too.
    for (const earlier of displaced) {
      for (const slot of await this.col.find({ bookingId: earlier, expiresAt: { $exists: true } }))
        await this.col.deleteOne({ _id: slot._id, expiresAt: slot.expiresAt });
    }
    // Same booking, new window (a retried checkout after a date change): drop the old slots.
    const wanted = new Set(slotStarts(window).map((d) => d.toISOString()));
    for (const old of await this.col.find({ bookingId, driverId })) {
      if (!wanted.has(old.slotStart)) await this.col.deleteOne({ _id: old._id });
    }
    // A retried checkout extends its own unpaid hold; a kept (paid) slot stays kept.
    if (expiresAt) {
      for (const mine of await this.col.find({ bookingId, driverId })) {
        if (mine.expiresAt !== undefined && mine.expiresAt !== expiresAt.toISOString())
          await this.col.updateOne({ _id: mine._id }, { $set: { expiresAt: expiresAt.toISOString() } });
      }
    } else {
      await this.keep(bookingId);
    }
    return { holdId, slots: wanted.size };
  }

  private async tryInsert(doc: SlotDoc, displaced: Set<string>): Promise<'inserted' | 'mine' | 'taken'> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.col.insertOne(doc);
        return 'inserted';
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const holder = await this.col.findOne({ driverId: doc.driverId, slotStart: doc.slotStart });
      if (!holder) continue; // released meanwhile: try again
      if (holder.bookingId === doc.bookingId) return 'mine';
      const lapsed = holder.expiresAt !== undefined && holder.expiresAt <= this.clock.now().toISOString();
      // The same customer's own unpaid checkout (they went back and chose again) gives way to the new one.
      if (!lapsed && !sameHolder(holder, doc)) return 'taken';
      if (!lapsed) displaced.add(holder.bookingId);
      // Conditional on the very document seen, so two clearers cannot remove a fresh hold.
      await this.col.deleteOne({ _id: holder._id, expiresAt: holder.expiresAt });
    }
    return 'taken';
  }

  /** A paid booking keeps its driver: the hold no longer lapses. */
  async keep(bookingId: string): Promise<number> {
    let kept = 0;
    for (const slot of await this.col.find({ bookingId, expiresAt: { $exists: true } })) {
      kept += (await this.col.updateOne({ _id: slot._id }, { $unset: { expiresAt: true } })).modified;
    }
    return kept;
  }

  /** Frees the booking's slots (checkout expired or cancelled, booking cancelled or postponed, job declined). */
  async release(bookingId: string): Promise<number> {
    let released = 0;
    for (const slot of await this.col.find({ bookingId })) released += await this.col.deleteOne({ _id: slot._id });
    return released;
  }

  /** Frees one driver's slots of a booking (a reassignment: the new driver holds the booking's time now). */
  async releaseDriver(bookingId: string, driverId: string): Promise<number> {
    let released = 0;
    for (const slot of await this.col.find({ bookingId, driverId }))
      released += await this.col.deleteOne({ _id: slot._id });
    return released;
  }

  /**
   * Slot starts in [from, to) taken by live holds or kept bookings, per driver. The asking customer's
   * own unpaid holds (`holder`) do not count: the driver is theirs to book again.
   */
  async busy(
    from: Date,
    to: Date,
    options: { exceptBookingId?: string; holder?: string } = {},
  ): Promise<Map<string, Set<string>>> {
    const now = this.clock.now().toISOString();
    const docs = await this.col.find({ slotStart: { $gte: from.toISOString(), $lt: to.toISOString() } });
    const out = new Map<string, Set<string>>();
    for (const d of docs) {
      if (d.bookingId === options.exceptBookingId) continue;
      if (d.expiresAt !== undefined && d.expiresAt <= now) continue;
      if (options.holder && sameHolder(d, { holder: options.holder, expiresAt: now })) continue;
      if (!out.has(d.driverId)) out.set(d.driverId, new Set());
      out.get(d.driverId)!.add(d.slotStart);
    }
    return out;
  }
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
