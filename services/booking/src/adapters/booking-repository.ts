import type {
  BookingHistoryEntry,
  DriverChange,
  DriverToConfirm,
  JobProgressStep,
  NeedsDriver,
  Receipt,
} from '@vanhop/contracts';
import {
  indexOf,
  queryIndex,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type Filter,
  type OutboxEntry,
  type Update,
  type WithOutbox,
} from '@vanhop/platform';
import { BOOKINGS, type DayRecord, type StoredBooking } from '../domain/booking-record.js';
import { historyOf, receiptsOf } from '../domain/lifecycle.js';
import { withCustomerEmailKey } from './customer-email-key.js';
import type { BookingPageQuery, BookingRepository as BookingRepositoryPort, LifecycleChange } from '../domain/ports.js';
import { pageFilter, pageWindows } from './booking-page-query.js';
import { driverKeysOf, searchKeysOf, type BookingSearchKeys, type SearchKeyQuery } from '../domain/search-keys.js';
import { keysAfterSet, newestMoveFirst, placeReads, searchReads } from './booking-search-query.js';

/** The booking store's reads and the index each goes through (checked by test/architecture/query-indexes). */
export const BOOKING_QUERIES = {
  byId: queryIndex(BOOKINGS, 'a record by id', '_id'),
  byCode: queryIndex(BOOKINGS, 'a record by its retrieve code', { randomNumber: 1 }),
  byMoveDate: queryIndex(BOOKINGS, 'staff lists: live records by move date, a bounded range', { 'quote.date': 1 }),
  needingDriver: queryIndex(BOOKINGS, 'staff: bookings whose driver gave the job back', { 'needsDriver.driverId': 1 }),
  bySearchKey: queryIndex(BOOKINGS, 'staff search: a customer, phone, place or postcode key (or its start)', {
    searchKeys: 1,
  }),
  byDriverKey: queryIndex(BOOKINGS, "staff search: the driver's name (or its start)", { driverKeys: 1 }),
} as const;

/** A booking record as stored: the record and the events parked on it until the relay publishes them. */
export type BookingDocument = StoredBooking &
  WithOutbox &
  Partial<BookingSearchKeys> & { deletedBy?: string; reviewRequestedAt?: string; reviewRequestedBy?: string };

const asRead = (value: unknown) => (value === undefined ? { $exists: false } : value);

/**
 * The filter of a write decided on `r`: it matches only while nothing the decision read has changed
 * (state, money, price, date, the move itself), so two concurrent actions cannot both apply (the
 * loser matches nothing) and the record's events go out with the one write that made them true.
 */
function unchangedSince(r: StoredBooking): Filter {
  return {
    _id: r._id,
    deletedAt: null,
    paymentStatus: r.paymentStatus,
    state: asRead(r.state),
    amountPaidPence: asRead(r.amountPaidPence),
    amountRefundedPence: asRead(r.amountRefundedPence),
    'quote.totalPrice': r.quote.totalPrice,
    'quote.date': r.quote.date,
    moveRevision: asRead(r.moveRevision),
    ...arraysAsRead(r),
  };
}

/** Records saved before the lifecycle arrays existed get them written whole; the filter checks they still lack them. */
const arraysAsRead = (r: StoredBooking): Filter => ({
  ...(r.history === undefined ? { history: { $exists: false } } : {}),
  ...(r.receipts === undefined ? { receipts: { $exists: false } } : {}),
});

/**
 * $set/$push parts that add history lines and receipts: a record without the arrays gets them
 * written whole (its derived lines first), others get the new items appended.
 */
function appendLifecycle(
  r: StoredBooking,
  add: { history?: BookingHistoryEntry[]; receipts?: Receipt[] },
): { set: Record<string, unknown>; push: Record<string, unknown> } {
  const set: Record<string, unknown> = {};
  const push: Record<string, unknown> = {};
  for (const [field, items, current] of [
    ['history', add.history ?? [], r.history === undefined ? historyOf(r) : undefined],
    ['receipts', add.receipts ?? [], r.receipts === undefined ? receiptsOf(r) : undefined],
  ] as const) {
    if (items.length === 0) continue;
    if (current) set[field] = [...current, ...items];
    else push[field] = { $each: items };
  }
  return { set, push };
}

/**
 * The booking aggregate's store. Every state change is one named, conditional single-document
 * write: the condition is what makes concurrent deliveries, double clicks and replays safe (the
 * loser matches nothing), and the events announcing a change are parked in the same write.
 */
export class BookingRepository implements BookingRepositoryPort {
  readonly collectionName = BOOKINGS;
  private readonly bookings: Collection<BookingDocument>;

  constructor(store: DocumentStore) {
    this.bookings = store.collection<BookingDocument>(BOOKINGS);
  }

  /** Codes identify records for retrieval: two records must never share one. */
  async ensureIndexes(): Promise<void> {
    await this.bookings.ensureIndex(indexOf(BOOKING_QUERIES.byCode, { unique: true }));
    await this.bookings.ensureIndex(indexOf(BOOKING_QUERIES.byMoveDate));
    // Sparse: only the few records waiting for a driver carry the field.
    await this.bookings.ensureIndex(indexOf(BOOKING_QUERIES.needingDriver, { sparse: true }));
    // Multikey: one entry per key of each record (domain/search-keys.ts).
    await this.bookings.ensureIndex(indexOf(BOOKING_QUERIES.bySearchKey));
    await this.bookings.ensureIndex(indexOf(BOOKING_QUERIES.byDriverKey));
  }

  /** Any record with that id, deleted or not (events name records staff may have deleted since). */
  async byId(id: string): Promise<StoredBooking | null> {
    return withoutOutbox(await this.bookings.findOne({ _id: id }));
  }

  /** A record that has not been deleted. */
  async liveById(id: string): Promise<StoredBooking | null> {
    return withoutOutbox(await this.bookings.findOne({ _id: id, deletedAt: null }));
  }

  async liveByCode(code: number): Promise<StoredBooking | null> {
    return withoutOutbox(await this.bookings.findOne({ randomNumber: code, deletedAt: null }));
  }

  /** Whether any record, deleted ones included, holds the code. */
  async codeInUse(code: number): Promise<boolean> {
    return !!(await this.bookings.findOne({ randomNumber: code }));
  }

  /**
   * Live records whose move is at or after `from`, oldest saved first, read a batch at a time: a
   * range of the move-date index, so the legacy list grows with the weeks it covers, not with
   * every booking ever made, and is never held whole.
   */
  async *streamLiveMovingFrom(from: string): AsyncGenerator<StoredBooking> {
    const docs = this.bookings.stream({ 'quote.date': { $gte: from }, deletedAt: null }, { sort: { date: 1 } });
    for await (const d of docs) yield withoutOutbox(d);
  }

  /**
   * One page of a staff list. Each read is a window of the move-date index with a limit, widened
   * (four times each step) only while the page is not full: the embedded store sorts what a range
   * holds before it limits, so a narrow first window keeps a page's cost to the rows near it.
   */
  async pageLive(query: BookingPageQuery): Promise<StoredBooking[]> {
    let docs: BookingDocument[] = [];
    for (const window of pageWindows(query)) {
      docs = await this.bookings.find(pageFilter(query, window), {
        sort: { 'quote.date': query.order, _id: query.order },
        limit: query.limit,
      });
      if (docs.length >= query.limit) break;
    }
    return docs.map((d) => withoutOutbox(d));
  }

  /** Through the sparse index of the few records marked as needing a driver. */
  async pageNeedingDriver(after: { date: string; id: string } | null, limit: number): Promise<StoredBooking[]> {
    const docs = await this.bookings.find(
      {
        'needsDriver.driverId': { $gt: '' },
        deletedAt: null,
        state: { $ne: 'cancelled' },
        ...(after
          ? { $or: [{ 'quote.date': { $gt: after.date } }, { 'quote.date': after.date, _id: { $gt: after.id } }] }
          : {}),
      },
      { sort: { 'quote.date': 1, _id: 1 }, limit },
    );
    return docs.map((d) => withoutOutbox(d));
  }

  /**
   * Live records with the retrieve code, or a key starting with one of the query's prefixes, or
   * equal to one of its exact keys; newest move first, at most `limit`. Each read goes through the
   * code's or a search key's index with the limit, and the reads are merged.
   */
  async searchLive(match: SearchKeyQuery, limit: number): Promise<StoredBooking[]> {
    const found = new Map<string, BookingDocument>();
    for (const filter of searchReads(match))
      for (const d of await this.readDistinct(filter, limit)) found.set(d._id, d);
    // A place: around today first, wider only while the page is not full.
    for (const exact of match.exact)
      for (const filter of placeReads(exact, match.today)) {
        const docs = await this.readDistinct(filter, limit);
        for (const d of docs) found.set(d._id, d);
        if (docs.length >= limit) break;
      }
    return [...found.values()]
      .sort(newestMoveFirst)
      .slice(0, limit)
      .map((d) => withoutOutbox(d));
  }

  /**
   * Up to `limit` distinct records, newest move first. The embedded store hands a record once per
   * key of it inside a range, so a read that came back full of repeats is read again, wider.
   */
  private async readDistinct(filter: Filter, limit: number): Promise<BookingDocument[]> {
    for (let wanted = limit; ; wanted *= 4) {
      const docs = await this.bookings.find(filter, { sort: { 'quote.date': -1, date: -1 }, limit: wanted });
      const distinct = [...new Map(docs.map((d) => [d._id, d])).values()];
      if (distinct.length >= limit || docs.length < wanted || wanted >= limit * 64) return distinct;
    }
  }

  /**
   * Gives records saved before the search keys existed their keys, `batch` at a time (bounded in
   * memory; a record keyed meanwhile by a write is left as that write keyed it). Idempotent.
   * Returns how many it keyed.
   */
  async keyUnkeyedRecords(batch = 500): Promise<number> {
    let keyed = 0;
    for (;;) {
      const docs = await this.bookings.find({ searchKeys: { $exists: false } }, { limit: batch });
      if (docs.length === 0) return keyed;
      for (const d of docs) {
        const { matched } = await this.bookings.updateOne(
          { _id: d._id, searchKeys: { $exists: false } },
          { $set: { ...searchKeysOf(d) } },
        );
        keyed += matched;
      }
    }
  }

  /** Throws DuplicateKeyError when the code (or id) is taken. */
  async insert(record: StoredBooking, events: OutboxEntry[]): Promise<void> {
    // The normalised e-mail beside the record: the customer's account finds its records by it (customer-bookings-reader.ts).
    await this.bookings.insertOne({ ...withCustomerEmailKey(record), ...searchKeysOf(record), outbox: events });
  }

  /**
   * The first payment places the booking: matches only while the record is still unpaid, so of two
   * deliveries of the same payment (or two payments) only one places it. A quotation staff deleted
   * while its checkout was still open is restored: a record that took money is never deleted.
   */
  async markPaidIfUnpaid(
    id: string,
    set: Partial<StoredBooking>,
    event: OutboxEntry,
    paidAsRead?: { amountPaidPence: number | undefined },
  ): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      {
        _id: id,
        paymentStatus: 'unpaid',
        ...(paidAsRead ? { amountPaidPence: asRead(paidAsRead.amountPaidPence) } : {}),
      },
      {
        $set: { ...set, ...keysAfterSet(null, set), deletedAt: null },
        $unset: { deletedBy: '' },
        $push: { outbox: event },
      },
    );
    return matched === 1;
  }

  /** Writes a lifecycle change decided on `record`; false when the record changed since it was read. */
  async writeIfUnchanged(record: StoredBooking, change: LifecycleChange): Promise<boolean> {
    const { set, push } = appendLifecycle(record, change);
    const update: Update = {
      $set: { ...change.set, ...set, ...keysAfterSet(record, change.set) },
      $push: {
        ...push,
        outbox: { $each: change.events },
        ...(change.pendingRefund ? { pendingRefunds: change.pendingRefund } : {}),
      },
    };
    const { matched } = await this.bookings.updateOne(unchangedSince(record), update);
    return matched === 1;
  }

  /**
   * An issued refund: counted, its receipt and history line added and the pending refund pulled, in
   * one write that matches only while the refund is still pending (a replay changes nothing).
   */
  async settleRefundIfPending(
    record: StoredBooking,
    refund: { refundId: string; amountPence: number },
    add: { history: BookingHistoryEntry[]; receipts: Receipt[] },
  ): Promise<boolean> {
    const { set, push } = appendLifecycle(record, add);
    const { matched } = await this.bookings.updateOne(
      { _id: record._id, 'pendingRefunds.refundId': refund.refundId, ...arraysAsRead(record) },
      {
        $inc: { amountRefundedPence: refund.amountPence },
        $pull: { pendingRefunds: { refundId: refund.refundId } },
        ...(Object.keys(set).length ? { $set: set } : {}),
        ...(Object.keys(push).length ? { $push: push } : {}),
      },
    );
    return matched === 1;
  }

  /** Sets `reviewRequest` once (only while still false): a redelivery changes nothing. */
  async markReviewRequested(id: string, at: string, by: string): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      { _id: id, reviewRequest: false },
      { $set: { reviewRequest: true, reviewRequestedAt: at, reviewRequestedBy: by } },
    );
    return matched === 1;
  }

  /**
   * The named driver gave the job back: the booking needs a driver. Only while that driver is still
   * the one named and nothing was marked yet, so a redelivery changes nothing.
   */
  async markNeedsDriver(id: string, needs: NeedsDriver, line: BookingHistoryEntry): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      { _id: id, 'driver.id': needs.driverId, $or: [{ needsDriver: null }, { needsDriver: { $exists: false } }] },
      { $set: { needsDriver: needs }, $push: { history: line } },
    );
    return matched === 1;
  }

  /** Staff gave the booking another driver: it names them from now on (once: a redelivery matches nothing). */
  async nameNewDriver(
    id: string,
    previousDriverId: string,
    driver: NonNullable<StoredBooking['driver']>,
    line: BookingHistoryEntry,
    change?: DriverChange,
    changedAt: string = line.at,
  ): Promise<boolean> {
    // The new driver has not accepted yet: the customer reads "waiting for <new driver> to accept".
    const { matched } = await this.bookings.updateOne(
      { _id: id, 'driver.id': previousDriverId },
      // The quote's driver fields follow, so every screen and the next re-pricing name the new driver.
      {
        $set: {
          driver,
          'quote.driverId': driver.id,
          'quote.driverName': driver.name,
          driverKeys: driverKeysOf(driver),
          needsDriver: null,
          driverAcceptedAt: null,
          driverToConfirm: null,
          // The customer's free choice (cancel with everything refunded) runs from the change.
          driverChangedAt: changedAt,
          ...(change ? { driverChange: change } : {}),
        },
        $push: { history: line },
      },
    );
    return matched === 1;
  }

  /**
   * The driver the booking names accepted the job: recorded once (a redelivery, or an acceptance by a
   * driver the booking no longer names, matches nothing).
   */
  async markDriverAccepted(id: string, driverId: string, at: string, line: BookingHistoryEntry): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      {
        _id: id,
        'driver.id': driverId,
        $and: [
          // Not yet accepted, or accepted before: a driver confirming a new time accepts again.
          {
            $or: [
              { driverAcceptedAt: null },
              { driverAcceptedAt: { $exists: false } },
              { driverAcceptedAt: { $lt: at } },
            ],
          },
          // An acceptance from before they were asked to confirm a new time does not answer it.
          {
            $or: [
              { driverToConfirm: null },
              { driverToConfirm: { $exists: false } },
              { 'driverToConfirm.since': { $lt: at } },
            ],
          },
          { $or: [{ needsDriver: null }, { needsDriver: { $exists: false } }] },
        ],
      },
      { $set: { driverAcceptedAt: at, driverToConfirm: null }, $push: { history: line } },
    );
    return matched === 1;
  }

  /**
   * The driver the booking names is asked to confirm a new time: the acceptance of the old one is
   * cleared. Once per request (a redelivery matches nothing), and never over an acceptance given
   * after the request (events of two topics may arrive out of order).
   */
  async markDriverToConfirm(
    id: string,
    driverId: string,
    ask: DriverToConfirm,
    line: BookingHistoryEntry,
  ): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      {
        _id: id,
        'driver.id': driverId,
        'driverToConfirm.since': { $ne: ask.since },
        $and: [
          {
            $or: [
              { driverAcceptedAt: null },
              { driverAcceptedAt: { $exists: false } },
              { driverAcceptedAt: { $lt: ask.since } },
            ],
          },
          { $or: [{ needsDriver: null }, { needsDriver: { $exists: false } }] },
        ],
      },
      { $set: { driverAcceptedAt: null, driverToConfirm: ask }, $push: { history: line } },
    );
    return matched === 1;
  }

  /**
   * A step of the move day by the driver the booking names: its My move line once per step (a
   * redelivery matches nothing); "done" also records when the move was done.
   */
  async markJobProgress(
    id: string,
    driverId: string,
    step: JobProgressStep,
    at: string,
    line: BookingHistoryEntry,
    signedFor?: { name: string; at: string },
    day?: { settlement: DayRecord; outstandingBalance: number; lines: BookingHistoryEntry[] },
  ): Promise<boolean> {
    // One field per step (not an array): "not marked yet" then reads the same in every store.
    const { matched } = await this.bookings.updateOne(
      { _id: id, 'driver.id': driverId, [`jobSteps.${step}`]: { $exists: false } },
      {
        $set: {
          [`jobSteps.${step}`]: at,
          ...(step === 'done' ? { jobDoneAt: at } : {}),
          ...(signedFor ? { jobSignedFor: signedFor } : {}),
          ...(day ? { daySettlement: day.settlement, OutstandingBalance: day.outstandingBalance } : {}),
        },
        $push: { history: day && day.lines.length > 0 ? { $each: [line, ...day.lines] } : line },
      },
    );
    return matched === 1;
  }

  /**
   * Marks a live quotation deleted, with its BookingDeleted event; false when there is none, or it
   * took money since it was read (two clicks cannot both succeed, and a payment landing first wins:
   * a record with money taken is never deleted).
   */
  async softDelete(id: string, at: string, by: string, event: OutboxEntry): Promise<boolean> {
    const { matched } = await this.bookings.updateOne(
      {
        _id: id,
        deletedAt: null,
        paymentStatus: 'unpaid',
        $or: [{ amountPaidPence: { $exists: false } }, { amountPaidPence: null }, { amountPaidPence: 0 }],
      },
      { $set: { deletedAt: at, deletedBy: by }, $push: { outbox: event } },
    );
    return matched === 1;
  }
}
