import type { StoredBooking } from '../src/domain/booking-record.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS, type BookingRecord, type EventEnvelope, type PaymentSucceeded } from '@vanhop/contracts';
import {
  createLogger,
  EmbeddedDocumentStore,
  fixedClock,
  LinkSigner,
  MemoryEventBus,
  OutboxRelay,
  type OutboxEntry,
} from '@vanhop/platform';
import { RecordPayment } from '../src/app/record-payment.js';
import { BookingLifecycleWriter } from '../src/app/booking-lifecycle-writer.js';
import { BookingRepository } from '../src/adapters/booking-repository.js';
import { onPaymentSucceeded } from '../src/consumers/on-payment-succeeded.js';
import { MyMoveLinks } from '../src/domain/my-move-link.js';
import { unpaidBookingRecord } from '../../../test/support/booking-fixtures.js';

const clock = fixedClock('2026-03-01T10:00:00Z');
const logger = createLogger('booking-test', 'silent');
const links = new MyMoveLinks(new LinkSigner('record-payment-test-link-secret-0123456789', 'my-move'));

/** Wired as service.ts wires it: the lifecycle writer shares the repository and nudges the relay. */
function recordPayment(store: EmbeddedDocumentStore, afterWrite?: (eventIds: string[]) => void): RecordPayment {
  const bookings = new BookingRepository(store);
  return new RecordPayment(bookings, new BookingLifecycleWriter(bookings, links, clock, afterWrite), clock, logger);
}

const paid = (overrides: Partial<PaymentSucceeded> = {}): PaymentSucceeded => ({
  bookingId: 'bk-1',
  randomNumber: 4242,
  percentage: 30,
  amountPence: 8625,
  currency: 'gbp',
  provider: 'stripe',
  providerRef: 'cs_test_1',
  ...overrides,
});

describe('RecordPayment (booking consumes PaymentSucceeded)', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let bookings: ReturnType<EmbeddedDocumentStore['collection']>;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vanhop-record-payment-'));
    store = new EmbeddedDocumentStore(dir, 0);
    bookings = store.collection('bookings');
    await bookings.insertOne(unpaidBookingRecord());
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stored = async () =>
    (await bookings.findOne({ _id: 'bk-1' })) as unknown as BookingRecord & { outbox?: OutboxEntry[] };

  it('sets 30percentage, the outstanding balance in pounds and one BookingConfirmed in the same write', async () => {
    const record = recordPayment(store);
    expect(await record.execute(paid(), { eventId: 'ev-1', correlationId: 'corr-1' })).toBe('recorded');

    const after = await stored();
    expect(after.paymentStatus).toBe('30percentage');
    expect(after.percentage).toBe(30);
    expect(after.OutstandingBalance).toBe(201.25);
    expect(after.outbox).toHaveLength(1);
    const event = after.outbox![0]!.event as EventEnvelope<Record<string, unknown>>;
    expect(after.outbox![0]!.topic).toBe(TOPICS.bookingConfirmed);
    expect(after.outbox![0]!.key).toBe('bk-1');
    expect(event.causationId).toBe('ev-1');
    expect(event.correlationId).toBe('corr-1');
    expect(event.data).toMatchObject({
      bookingId: 'bk-1',
      paymentStatus: '30percentage',
      amountPaidPence: 8625,
      outstandingBalancePence: 20125,
      totalPricePence: 28750,
      customer: { name: 'Alice Mover', email: 'alice@example.com', phone: '07123456789' },
      driver: { id: 'drv-1', email: 'sam@drivers.example' },
      move: { date: '2026-03-14T09:30:00.000Z', typeofVan: 'Large', totalHour: 3 },
    });
    // The customer's way back: a signed link to My move, opening this booking only.
    const path = (event.data as { myMovePath: string }).myMovePath;
    expect(links.bookingIdOf(path.replace('/mymove/', ''), clock.now())).toBe('bk-1');
    // Placing the booking starts its lifecycle: cooling-off from paidAt, what was paid, a receipt.
    expect(after).toMatchObject({
      state: 'active',
      paidAt: '2026-03-01T10:00:00.000Z',
      amountPaidPence: 8625,
      amountRefundedPence: 0,
      history: [
        { kind: 'saved', text: 'Quote saved' },
        { kind: 'paid', text: 'Booked: 30 % deposit of £86.25 paid', amountPence: 8625 },
      ],
      receipts: [
        {
          id: 'pay-cs_test_1',
          kind: 'payment',
          amountPence: 8625,
          description: '30 % deposit',
          provider: 'stripe',
          providerRef: 'cs_test_1',
        },
      ],
    });
  });

  it('full payment leaves nothing outstanding and reads "paid"', async () => {
    await recordPayment(store).execute(paid({ percentage: 100, amountPence: 28750 }), { eventId: 'ev-1' });
    const after = await stored();
    expect(after.paymentStatus).toBe('paid');
    expect(after.OutstandingBalance).toBe(0);
  });

  it('a replay changes nothing; a second payment leaves the booking as placed, is on the record and refunded at once', async () => {
    const handed: string[][] = [];
    const record = recordPayment(store, (eventIds) => handed.push(eventIds));
    await record.execute(paid(), { eventId: 'ev-1' });
    expect(await record.execute(paid(), { eventId: 'ev-1-redelivered' })).toBe('already-paid');
    expect((await stored()).outbox).toHaveLength(1);
    const second = paid({ percentage: 50, amountPence: 14375, providerRef: 'pi_other' });
    expect(await record.execute(second, { eventId: 'ev-2' })).toBe('already-paid');
    expect(await record.execute(second, { eventId: 'ev-2-redelivered' })).toBe('already-paid');
    const after = (await stored()) as Awaited<ReturnType<typeof stored>> & StoredBooking;
    expect(after.paymentStatus).toBe('30percentage');
    expect(after.OutstandingBalance).toBe(201.25);
    expect(after.amountPaidPence).toBe(8625 + 14375);
    expect(after.receipts?.map((r) => [r.providerRef, r.amountPence])).toEqual([
      [expect.any(String), 8625],
      ['pi_other', 14375],
    ]);
    expect(after.pendingRefunds).toEqual([expect.objectContaining({ amountPence: 14375, reason: 'overpayment' })]);
    // BookingConfirmed once, then the RefundRequested for that payment only.
    expect(after.outbox?.map((e) => [e.topic, (e.event.data as { paymentRef?: string }).paymentRef])).toEqual([
      [TOPICS.bookingConfirmed, undefined],
      [TOPICS.refundRequested, 'pi_other'],
    ]);
    // Each write hands the relay exactly the events it parked (the relay publishes only those at once).
    expect(handed).toEqual(after.outbox?.map((e) => [e.eventId]));
  });

  it('concurrent deliveries of the same payment confirm the booking once', async () => {
    const record = recordPayment(store);
    const outcomes = await Promise.all([1, 2, 3, 4].map((n) => record.execute(paid(), { eventId: `ev-${n}` })));
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    expect((await stored()).outbox).toHaveLength(1);
  });

  it('an unknown booking is logged and skipped, not retried forever', async () => {
    expect(await recordPayment(store).execute(paid({ bookingId: 'nope' }), { eventId: 'ev-9' })).toBe('not-found');
  });

  it('through the bus: the consumer validates the event and the relay publishes BookingConfirmed once', async () => {
    const bus = new MemoryEventBus(logger, { maxRetries: 0, retryBackoffMs: 1 });
    const relay = new OutboxRelay(store, ['bookings'], bus, logger, 60_000);
    const confirmed: EventEnvelope[] = [];
    await bus.subscribe('test', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
    await bus.subscribe(
      'booking',
      TOPICS.paymentSucceeded,
      onPaymentSucceeded(recordPayment(store, () => void relay.kick())),
    );
    await bus.start();

    const envelope = {
      eventId: 'ev-1',
      type: TOPICS.paymentSucceeded,
      version: 1,
      occurredAt: clock.now().toISOString(),
      correlationId: 'c',
      producer: 'payment',
      data: paid(),
    };
    await bus.publish(TOPICS.paymentSucceeded, envelope, 'bk-1');
    await bus.publish(TOPICS.paymentSucceeded, { ...envelope, eventId: 'ev-1b' }, 'bk-1');
    await bus.idle();
    await relay.flush();
    await bus.idle();
    expect(confirmed).toHaveLength(1);
    expect((await stored()).outbox).toEqual([]);

    // A malformed payload is refused at the boundary (it goes to the dead-letter topic), nothing changes.
    await bus.publish(
      TOPICS.paymentSucceeded,
      { ...envelope, eventId: 'ev-bad', data: { ...paid(), percentage: 40 } },
      'bk-1',
    );
    await bus.idle();
    expect(bus.deadLettered().map((d) => d.event.eventId)).toEqual(['ev-bad']);
    await bus.stop();
  });
});
