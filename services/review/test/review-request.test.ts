import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingRecord, type EventEnvelope } from '@vanhop/contracts';
import { bookingService } from '@vanhop/booking';
import { fixedClock, type MemoryEventBus, type RunningService } from '@vanhop/platform';
import { reviewService } from '../src/service.js';
import { driverAuth, staffAuth } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';
import { REVIEW_REQUESTS } from '../src/adapters/review-repositories.js';

const clock = fixedClock('2026-03-01T12:00:00Z');

let nextCode = 7_300_001;
const booking = (overrides: Partial<BookingRecord> = {}): BookingRecord => ({
  _id: randomUUID(),
  randomNumber: nextCode++,
  date: '2026-02-20T09:00:00.000Z',
  paymentStatus: 'paid',
  OutstandingBalance: 0,
  percentage: 100,
  reviewRequest: false,
  quote: {
    name: 'Grace Mover',
    email: 'grace@example.com',
    phone: '07700900321',
    description: 'Desk and boxes',
    date: '2026-02-25T10:00:00.000Z',
    totalAddress: [],
    places: ['London NW2, UK', 'London W5, UK'],
    pickupStair: 0,
    deliveryStair: 0,
    viaStopStair: [],
    typeofVan: 'Medium',
    typeOfWorker: 'Driver-Help',
    totalHour: 2,
    totalSecond: 7200,
    totalPrice: 120,
    travelHour: 1500,
    travelMiles: 6.2,
  },
  driver: null,
  deletedAt: null,
  ...overrides,
});

describe('POST /api/backdata/review/:id', () => {
  let stack: TestStack;
  let bus: MemoryEventBus;
  let bookingSvc: RunningService;
  let reviewSvc: RunningService;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'review-request', clock });
    bus = stack.bus;
    await bus.subscribe('test-observer', TOPICS.reviewRequested, async (e) => {
      published.push(e);
    });
    bookingSvc = await stack.start(bookingService);
    reviewSvc = await stack.start(reviewService, { BOOKING_SERVICE_URL: bookingSvc.url });
  });

  afterAll(async () => {
    await bus?.idle();
    await stack?.stop();
  });

  const insertBooking = async (b: BookingRecord) => {
    await bookingSvc.infra.store.collection<BookingRecord>('bookings').insertOne(b);
    return b;
  };
  const storedBooking = (id: string) =>
    bookingSvc.infra.store.collection<BookingRecord>('bookings').findOne({ _id: id });
  const request = async (id: string, headers: Record<string, string> = staffAuth('Sam_Admin', { clock })) => {
    const res = await fetch(`${reviewSvc.url}/api/backdata/review/${id}`, { method: 'POST', headers });
    return { status: res.status, body: (await res.json()) as { message: string } };
  };
  /** Waits until the relay published every stored request and the consumers are done. */
  const settle = async () => {
    const requests = reviewSvc.infra.store.collection(REVIEW_REQUESTS);
    // Bounded: a stuck relay fails here, loudly, rather than in whatever is asserted next.
    const deadline = Date.now() + 20_000;
    while ((await requests.count({ 'outbox.0': { $exists: true } })) > 0) {
      if (Date.now() > deadline) throw new Error('review requests still waiting in the outbox after 20 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    await bus.idle();
  };

  it('publishes ReviewRequested once, answers {message}, and the booking service sets reviewRequest', async () => {
    const b = await insertBooking(booking());
    const first = await request(b._id);
    expect(first).toEqual({ status: 200, body: { message: 'Review request e-mail sent to grace@example.com.' } });
    await settle();

    const events = published.filter((e) => (e.data as { bookingId: string }).bookingId === b._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: TOPICS.reviewRequested,
      producer: 'review',
      data: {
        bookingId: b._id,
        customer: { name: 'Grace Mover', email: 'grace@example.com', phone: '07700900321' },
        requestedBy: 'Sam_Admin',
      },
    });
    expect((await storedBooking(b._id))?.reviewRequest).toBe(true);

    const second = await request(b._id);
    expect(second).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'A review has already been requested for this booking.' }),
    });
    await settle();
    expect(published.filter((e) => (e.data as { bookingId: string }).bookingId === b._id)).toHaveLength(1);
  });

  it('concurrent requests for one booking publish exactly one event', async () => {
    const b = await insertBooking(booking());
    const results = await Promise.all([request(b._id), request(b._id), request(b._id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await settle();
    expect(published.filter((e) => (e.data as { bookingId: string }).bookingId === b._id)).toHaveLength(1);
  });

  it('answers 409 when the record already has reviewRequest true', async () => {
    const b = await insertBooking(booking({ reviewRequest: true }));
    const res = await request(b._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A review has already been requested for this booking.');
  });

  it('answers 404 for an unknown or deleted booking, 400 for a malformed id, 401 without a valid staff token', async () => {
    expect((await request(randomUUID())).status).toBe(404);
    const deleted = await insertBooking(booking({ deletedAt: '2026-02-28T10:00:00.000Z' }));
    expect((await request(deleted._id)).status).toBe(404);
    const bad = await request('a%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid booking id');
    expect((await request(randomUUID(), {})).status).toBe(401);
    // Inside the cluster anyone can reach the service: a name in a header proves nothing.
    expect((await request(randomUUID(), { 'x-admin-username': 'Sam_Admin' })).status).toBe(401);
    expect(
      (
        await request(
          randomUUID(),
          staffAuth('Sam_Admin', { env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }),
        )
      ).status,
    ).toBe(401);
    expect((await request(randomUUID(), driverAuth('driver-1', { clock }))).status).toBe(401);
  });
});
