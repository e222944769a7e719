import type { Clock } from '@vanhop/platform';
import type { HelpLevel, VanSize } from '@vanhop/contracts';
import { AreaGrid } from '../domain/area-grid.js';
import { CardColumns, type CandidateRows } from '../domain/card-columns.js';
import type { Driver } from '@vanhop/contracts';
import { shownRating, withoutPhotoBytes } from '@vanhop/contracts';
import type { LatLng } from '../domain/great-circle.js';

/** A driver's card as kept, with a token unique to its revision (SupplyCards: `<driver>:<revision>`). */
export type StoredDriver = Driver & { rev?: string };

/** Where the cards are read from: quote's read model of the supply side (SupplyCards). */
export interface DriverReads {
  listActive(): Promise<StoredDriver[]>;
  findById(id: string): Promise<StoredDriver | null>;
  /** The drivers whose rev is none of `known` (written since, or new here); drivers with no rev are left out. */
  listRevNotIn(known: string[]): Promise<StoredDriver[]>;
  /** A token replaced after every card applied (ChangeToken): unchanged, the poll asks nothing more. */
  changeToken?(): Promise<string | null>;
}

/**
 * How long the whole model may go without a full read. Writes in this process and the poll of
 * revs (every replica's writes) are what keep it current; this only bounds how long a change that
 * carries no rev stays unseen on another replica (a driver stored before revs, until its next write).
 */
export const FULL_READ_MAX_AGE_MS = 30_000;

interface Held {
  /** The sequence number at which the read that produced this entry started. */
  seq: number;
  /** The stored driver's rev when read: the poll asks only for drivers whose rev differs. */
  rev?: string;
  /** Null: suspended or gone. */
  card: Driver | null;
}

/**
 * An uploaded photo is a data URL of up to 200 KB: pricing only needs to know there is one (the
 * offer links to /api/driver-photos/:id), so the card keeps the data URL's header and no bytes.
 */

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};

/**
 * The card pricing reads: the stored driver without its outbox, e-mail key, rev and photo bytes,
 * its `rating` and `reviewCount` the ones shown (VanHop's own reviews counted in: offers, ranking and
 * the rating filter all read these); frozen, as it is shared by every quote.
 */
export function toCard(
  d: Driver & {
    outbox?: unknown;
    emailKey?: unknown;
    rev?: unknown;
    cardUnpublished?: unknown;
    cardRevision?: unknown;
  },
): Driver {
  const {
    outbox: _outbox,
    emailKey: _emailKey,
    rev: _rev,
    cardUnpublished: _unpublished,
    cardRevision: _revision,
    photoUrl,
    ...rest
  } = d;
  const photo = withoutPhotoBytes(photoUrl);
  return deepFreeze({ ...rest, ...shownRating(d), ...(photo !== undefined ? { photoUrl: photo } : {}) });
}

/**
 * A read model of the active drivers' cards, so a quote does not copy every driver document (photos
 * included) out of the store. Consistency: `changed(id)` marks a driver dirty once a write of it has
 * returned (this process's writes); `pollChanges()`, run on an interval, reads the drivers whose
 * stored rev is not the one held (other replicas' writes, documents included), so they show here
 * within that interval. The poll replaced a DriverUpdated subscription: that needed a Kafka
 * consumer group of each replica's own (every replica keeps a copy), and every restart left one
 * behind on the broker (a group deleted on stop would still be left by every crash); the store
 * knows every write, events or not. A dirty driver is read again from the store before the next
 * answer, so no quote that starts after a write returns sees the card from before it. Reads are
 * ordered by a sequence number taken when they start: a slow read never overwrites what a later
 * one found, and a mark is cleared only by a read that started after it.
 */
export class ActiveDriverCards {
  private seq = 0;
  private readonly held = new Map<string, Held>();
  private readonly dirty = new Map<string, number>();
  private readonly reading = new Map<string, { seq: number; done: Promise<void> }>();
  private fullRead: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  /** The change token when the last poll asked for revs (undefined: never, or the reads have no token). */
  private polledToken: string | null | undefined;
  private loaded = false;
  private fullReadAt = Number.NEGATIVE_INFINITY;
  private sorted: Driver[] | null = null;
  /** Where the held cards' drivers work: a quote reads only its pickup's cell (candidatesFor). */
  private readonly grid = new AreaGrid();
  /** The held cards as columns of numbers: what a quote prices and ranks every candidate from (candidateRows). */
  private readonly columns = new CardColumns();

  constructor(private readonly deps: { drivers: DriverReads; clock: Clock; maxAgeMs?: number }) {}

  /** A write of this driver returned (call it after the write, never before). */
  changed(id: string): void {
    this.dirty.set(id, ++this.seq);
  }

  /**
   * The active drivers' cards, by id. `named`: a driver the caller asks for by id (a chosen offer,
   * a re-price), read from the store when the model does not hold it, so a driver created on
   * another replica whose event has not arrived yet is still found.
   */
  async listActive(named?: string): Promise<Driver[]> {
    await this.fresh(named);
    if (!this.sorted) {
      const cards: Driver[] = [];
      for (const h of this.held.values()) if (h.card) cards.push(h.card);
      // Shared by every quote until the next change: frozen like the cards in it.
      this.sorted = Object.freeze(cards.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))) as Driver[];
    }
    return this.sorted;
  }

  /**
   * The active drivers who can take a move from this pickup with this van and help (exactly those
   * driverCanTake accepts), as fresh as listActive, read from the grid of where drivers work
   * without looking at the rest of the fleet. `named` as in listActive.
   */
  async candidatesFor(
    job: { pickup: LatLng; vanSize: VanSize; helpLevel: HelpLevel },
    named?: string,
  ): Promise<readonly Driver[]> {
    await this.fresh(named);
    return this.grid.candidates(job.pickup, job.vanSize, job.helpLevel);
  }

  /** candidatesFor's drivers as rows of the cards' columns: what a quote prices and ranks them from. */
  async candidateRows(
    job: { pickup: LatLng; vanSize: VanSize; helpLevel: HelpLevel },
    named?: string,
  ): Promise<CandidateRows> {
    await this.fresh(named);
    const slots = this.grid.candidateSlots(job.pickup, job.vanSize, job.helpLevel);
    return { columns: this.columns, slots, version: this.columns.version };
  }

  /** A full read when due, then the drivers marked changed (and `named`, when not held) read again. */
  private async fresh(named: string | undefined): Promise<void> {
    if (
      !this.loaded ||
      this.deps.clock.now().getTime() - this.fullReadAt > (this.deps.maxAgeMs ?? FULL_READ_MAX_AGE_MS)
    )
      await this.readAll();
    if (named !== undefined && !this.held.has(named) && !this.dirty.has(named)) this.changed(named);
    if (this.dirty.size > 0) await Promise.all([...this.dirty.keys()].map((id) => this.readOne(id)));
  }

  /**
   * Reads the drivers written since this model read them: one query for the revs it does not
   * hold, usually answering nothing. Before the first full read there is nothing to compare: the
   * first quote reads everything anyway. One poll at a time; its reads are ordered like any other.
   */
  pollChanges(): Promise<void> {
    if (!this.loaded) return Promise.resolve();
    if (this.polling !== null) return this.polling;
    const done = (async () => {
      try {
        // The token first: a write that replaces it after this read is asked about at the next poll.
        const token = this.deps.drivers.changeToken ? await this.deps.drivers.changeToken() : undefined;
        if (token !== undefined && token !== null && token === this.polledToken) return;
        const seq = ++this.seq;
        const known: string[] = [];
        for (const h of this.held.values()) if (h.rev) known.push(h.rev);
        for (const d of await this.deps.drivers.listRevNotIn(known)) this.apply(d._id, seq, d);
        this.polledToken = token;
      } finally {
        this.polling = null;
      }
    })();
    this.polling = done;
    return done;
  }

  private readAll(): Promise<void> {
    // One full read at a time: a quote arriving meanwhile waits for it. A write that returned after
    // it started left its mark, which that read does not clear, so the driver is read again after.
    if (this.fullRead !== null) return this.fullRead;
    const seq = ++this.seq;
    const done = (async () => {
      try {
        const drivers = await this.deps.drivers.listActive();
        const seen = new Set<string>();
        for (const d of drivers) {
          seen.add(d._id);
          this.apply(d._id, seq, d);
        }
        for (const id of [...this.held.keys()]) if (!seen.has(id)) this.apply(id, seq, null);
        for (const [id, marked] of this.dirty) if (marked < seq) this.dirty.delete(id);
        this.fullReadAt = this.deps.clock.now().getTime();
        this.loaded = true;
      } finally {
        this.fullRead = null;
      }
    })();
    this.fullRead = done;
    return done;
  }

  private readOne(id: string): Promise<void> {
    const marked = this.dirty.get(id) ?? 0;
    const inFlight = this.reading.get(id);
    // A read already started after the mark answers for it.
    if (inFlight && inFlight.seq > marked) return inFlight.done;
    const seq = ++this.seq;
    const done = (async () => {
      try {
        this.apply(id, seq, await this.deps.drivers.findById(id));
      } finally {
        if (this.reading.get(id)?.seq === seq) this.reading.delete(id);
      }
    })();
    this.reading.set(id, { seq, done });
    return done;
  }

  private apply(id: string, seq: number, driver: StoredDriver | null): void {
    const marked = this.dirty.get(id);
    if (marked !== undefined && marked < seq) this.dirty.delete(id);
    const held = this.held.get(id);
    if (held && held.seq > seq) return;
    // The same rev is the same card (every write that changes what pricing reads gives a new one):
    // the periodic full read then leaves the sorted list and the grid as they are.
    const unchanged = !!held?.card && !!driver?.active && driver.rev !== undefined && driver.rev === held.rev;
    const card = unchanged ? held!.card : driver?.active ? toCard(driver) : null;
    // A driver not found (or not active in a full read) stays as a null card, so an older read cannot bring it back.
    this.held.set(id, { seq, rev: driver?.rev ?? held?.rev, card });
    if (unchanged) return;
    if (card || held?.card) this.sorted = null;
    if (card) this.grid.put(card, this.columns.put(card));
    else if (held?.card) {
      this.grid.remove(id);
      this.columns.remove(id);
    }
  }
}
