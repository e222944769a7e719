import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingRecord, type EventEnvelope, type JobProgressed } from '@vanhop/contracts';
import { bookingService } from '@vanhop/booking';
import { createEvent, createLogger, MemoryEventBus, startService, type RunningService } from '@vanhop/platform';
import { reviewService } from '../src/service.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';
import { AUTO_REVIEW_REQUESTS } from '../src/adapters/auto-review-repository.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

const booking = (code: number): BookingRecord => ({
  _id: randomUUID(),
  randomNumber: code,
  date: '2026-02-20T09:00:00.000Z',
  paymentStatus: 'paid',
  OutstandingBalance: 0,
  percentage: 100,
  reviewRequest: false,
  quote: {
    name: 'Grace Mover',
    email: 'grace@example.com',
    phone: '07700900321',
    description: '',
    date: '2026-03-01T10:00:00.000Z',
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
  driver: {
    id: 'drv-1',
    name: 'Ali Hassan',
    email: 'ali@example.com',
    phone: '07700900101',
  } as BookingRecord['driver'],
  deletedAt: null,
});

/** "Done" asks for the review at 09:00 London the next morning, once, across restarts; a staff request first is not doubled. */
describe('the automatic review request the morning after "done"', () => {
  const clock = new MovableClock(Date.parse('2026-03-01T15:00:00.000Z'));
  let stack: TestStack;
  let bus: MemoryEventBus;
  let bookingSvc: RunningService;
  let reviewSvc: RunningService;
  const requested: EventEnvelope[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'auto-review', clock });
    bus = stack.bus;
    await bus.subscribe('test-observer', TOPICS.reviewRequested, async (e) => void requested.push(e));
    bookingSvc = await stack.start(bookingService);
    reviewSvc = await stack.start(reviewService, { BOOKING_SERVICE_URL: bookingSvc.url });
  });
  afterAll(async () => {
    for (const r of restarted) await r.stop();
    await stack?.stop();
  });

  /**
   * Restarts the review service on the same store (a new process would: nothing kept in memory),
   * on a fresh in-process bus (the stack's keeps the first instance's consumer group); its
   * start-up sweep runs at the clock's time. What it publishes is observed on that bus too.
   */
  const restarted: RunningService[] = [];
  const restartReview = async () => {
    await reviewSvc.stop();
    const own = new MemoryEventBus(createLogger('bus', 'silent'));
    await own.start();
    await own.subscribe('test-observer', TOPICS.reviewRequested, async (e) => void requested.push(e));
    reviewSvc = await startService(
      reviewService,
      reviewService.loadConfig({ ...stack.env, BOOKING_SERVICE_URL: bookingSvc.url }),
      { bus: own, clock },
    );
    restarted.push(reviewSvc);
    bus = own;
  };
  /** Waits until the start-up sweep settled every due request (bounded), then for the bus. */
  const settled = async (dueBy: string) => {
    const schedule = reviewSvc.infra.store.collection(AUTO_REVIEW_REQUESTS);
    const deadline = Date.now() + 10_000;
    while ((await schedule.count({ settledAt: null, dueAt: { $lte: dueBy } })) > 0) {
      if (Date.now() > deadline) throw new Error('automatic review requests still due after 10 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (let i = 0; i < 3; i++) {
      await bus.idle();
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const done = async (b: BookingRecord) => {
    const bus = stack.bus;
    const data: JobProgressed = {
      bookingId: b._id,
      randomNumber: b.randomNumber,
      step: 'done',
      at: clock.now().toISOString(),
      driver: { id: 'drv-1', name: 'Ali Hassan' },
      customer: { name: 'Grace Mover', phone: '07700900321' },
    };
    const e = await createEvent(TOPICS.jobProgressed, data, { producer: 'quote', clock });
    await bus.publish(TOPICS.jobProgressed, e);
    await bus.publish(TOPICS.jobProgressed, e);
    await bus.idle();
  };
  const requestsFor = (id: string) => requested.filter((e) => (e.data as { bookingId: string }).bookingId === id);

  it('requests once at 09:00 London the next morning (not before), across restarts; staff asking first is not doubled', async () => {
    const auto = booking(7_400_001);
    const byHand = booking(7_400_002);
    for (const b of [auto, byHand]) await bookingSvc.infra.store.collection<BookingRecord>('bookings').insertOne(b);
    await done(auto);
    await done(byHand);
    const staff = await fetch(`${reviewSvc.url}/api/backdata/review/${byHand._id}`, {
      method: 'POST',
      headers: staffAuth('Sam_Admin', { clock }),
    });
    expect(staff.status).toBe(200);

    clock.set('2026-03-02T08:59:00.000Z');
    await restartReview();
    await settled('2026-03-02T08:59:00.000Z');
    expect(requestsFor(auto._id)).toHaveLength(0);

    clock.set('2026-03-02T09:00:00.000Z');
    await restartReview();
    await settled('2026-03-02T09:00:00.000Z');
    await restartReview();
    await settled('2026-03-02T09:00:00.000Z');
    expect(requestsFor(auto._id).map((e) => (e.data as { requestedBy: string }).requestedBy)).toEqual(['automatic']);
    expect(requestsFor(byHand._id).map((e) => (e.data as { requestedBy: string }).requestedBy)).toEqual(['Sam_Admin']);
  });
});

/** The interval sweep, not only the start-up one: a request falling due while the service runs goes within REVIEW_SWEEP_INTERVAL_MS. */
describe('the automatic review sweep on its configured interval', () => {
  const clock = new MovableClock(Date.parse('2026-03-01T15:00:00.000Z'));
  let stack: TestStack;
  const requested: EventEnvelope[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'auto-review-interval', clock });
    await stack.bus.subscribe('test-observer', TOPICS.reviewRequested, async (e) => void requested.push(e));
    const bookingSvc = await stack.start(bookingService);
    await stack.start(reviewService, { BOOKING_SERVICE_URL: bookingSvc.url, REVIEW_SWEEP_INTERVAL_MS: '100' });
    const b = booking(7_400_003);
    await bookingSvc.infra.store.collection<BookingRecord>('bookings').insertOne(b);
    const data: JobProgressed = {
      bookingId: b._id,
      randomNumber: b.randomNumber,
      step: 'done',
      at: clock.now().toISOString(),
      driver: { id: 'drv-1', name: 'Ali Hassan' },
      customer: { name: 'Grace Mover', phone: '07700900321' },
    };
    await stack.bus.publish(
      TOPICS.jobProgressed,
      await createEvent(TOPICS.jobProgressed, data, { producer: 'quote', clock }),
    );
    await stack.bus.idle();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('asks once the clock reaches 09:00 the next morning, with no restart', async () => {
    expect(requested).toEqual([]);
    clock.set('2026-03-02T09:00:00.000Z');
    const deadline = Date.now() + 10_000;
    while (requested.length === 0) {
      if (Date.now() > deadline) throw new Error('no review request 10 s after it fell due');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(requested.map((e) => (e.data as { requestedBy: string }).requestedBy)).toEqual(['automatic']);
  });
});
