import { randomUUID } from 'node:crypto';
import { ConflictError, createEvent, NotFoundError, outboxEntry, type Clock, type OutboxEntry } from '@vanhop/platform';
import type { EventPayloads, RefundReason } from '@vanhop/contracts';
import type { BookingRepository, LifecycleChange } from '../domain/ports.js';
import type { PendingRefund, StoredBooking } from '../domain/booking-record.js';
import { customerOf, moveOf } from '../domain/lifecycle.js';
import type { MyMoveLinks } from '../domain/my-move-link.js';

export const LINK_NOT_VALID = 'This link is not valid or has expired.';
export const CHANGED_MEANWHILE = 'This booking changed meanwhile: please reload the page and try again.';

/** How many times an action re-reads and re-decides after losing a race to another write. */
export const WRITE_ATTEMPTS = 4;

/**
 * The booking lifecycle writer: every change to a booking after its quote is saved (paid,
 * cancelled, postponed, given a new date, amended, deleted) is written here, with its events, as
 * one conditional single-document write, and nudges the outbox relay when it lands. It also finds
 * the record a My move link names and builds the facts and events those changes carry. One per
 * service (service.ts), shared by the use cases.
 */
export class BookingLifecycleWriter {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly links: MyMoveLinks,
    private readonly clock: Clock,
    /** Hands the events of a write that landed to the outbox relay. */
    private readonly afterWrite: (eventIds: string[]) => void = () => undefined,
  ) {}

  /** The instant a change is decided at. */
  now(): Date {
    return this.clock.now();
  }

  /** The live record a token names. Forged, expired and deleted all read the same: not found. */
  async byToken(token: unknown): Promise<StoredBooking> {
    const id = this.links.bookingIdOf(token, this.clock.now());
    const record = id ? await this.bookings.liveById(id) : null;
    if (!record) throw new NotFoundError(LINK_NOT_VALID);
    return record;
  }

  reload(id: string): Promise<StoredBooking | null> {
    return this.bookings.liveById(id);
  }

  /** The record as it is now, to decide again after losing a race: gone meanwhile reads as changed meanwhile (409). */
  async current(id: string): Promise<StoredBooking> {
    const record = await this.bookings.liveById(id);
    if (!record) throw new ConflictError(CHANGED_MEANWHILE);
    return record;
  }

  pathOf(record: StoredBooking): string {
    return this.links.pathFor({ _id: record._id, moveDate: record.quote.date || record.date, savedAt: record.date });
  }

  /** bookingId, code, customer, driver, move and link, as every life-after-booking event has them. */
  factsOf(record: StoredBooking) {
    return {
      bookingId: record._id,
      randomNumber: record.randomNumber,
      customer: customerOf(record),
      driver: record.driver ?? null,
      move: moveOf(record),
      myMovePath: this.pathOf(record),
    };
  }

  async event<K extends keyof EventPayloads>(
    topic: K,
    data: EventPayloads[K],
    record: StoredBooking,
    causationId?: string,
  ): Promise<OutboxEntry> {
    const event = await createEvent(topic, data, {
      producer: 'booking',
      correlationId: record._id,
      causationId,
      clock: this.clock,
    });
    return outboxEntry(topic, event, record._id);
  }

  /** A RefundRequested and the pending refund the record keeps until RefundIssued confirms it. */
  async refund(
    record: StoredBooking,
    amountPence: number,
    reason: RefundReason,
    extra: { paymentRef?: string; causationId?: string; unneededPayment?: boolean } = {},
  ) {
    const refundId = `rf-${randomUUID()}`;
    const pending: PendingRefund = { refundId, amountPence, reason, requestedAt: this.clock.now().toISOString() };
    const entry = await this.event(
      'refund.requested',
      {
        refundId,
        bookingId: record._id,
        randomNumber: record.randomNumber,
        amountPence,
        reason,
        ...(extra.paymentRef ? { paymentRef: extra.paymentRef } : {}),
        ...(extra.unneededPayment ? { unneededPayment: true } : {}),
        customer: customerOf(record),
        myMovePath: this.pathOf(record),
      },
      record,
      extra.causationId,
    );
    return { pending, entry };
  }

  /** One conditional single-document write of a change decided on `record`; false when the record changed since it was read. */
  async write(record: StoredBooking, change: LifecycleChange): Promise<boolean> {
    return this.landed(await this.bookings.writeIfUnchanged(record, change), change.events);
  }

  /** Places a booking on its first payment; false when the booking was no longer unpaid (another delivery did it). */
  async placeIfUnpaid(
    id: string,
    set: Partial<StoredBooking>,
    confirmed: OutboxEntry,
    paidAsRead?: { amountPaidPence: number | undefined },
  ): Promise<boolean> {
    return this.landed(await this.bookings.markPaidIfUnpaid(id, set, confirmed, paidAsRead), [confirmed]);
  }

  /** Marks an unpaid quotation deleted; false when it was gone or had taken money meanwhile. */
  async softDelete(id: string, deletedAt: string, deletedBy: string, deleted: OutboxEntry): Promise<boolean> {
    return this.landed(await this.bookings.softDelete(id, deletedAt, deletedBy, deleted), [deleted]);
  }

  private landed(written: boolean, events: OutboxEntry[]): boolean {
    if (written) this.afterWrite(events.map((e) => e.eventId));
    return written;
  }
}
