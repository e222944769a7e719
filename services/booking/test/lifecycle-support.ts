import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  TOPICS,
  type BookingConfirmed,
  type EventEnvelope,
  type EventPayloads,
  type JobReassigned,
  type JobReturned,
  type PaymentSucceeded,
  type Quote,
  type RefundIssued,
} from '@vanhop/contracts';
import { createEvent, LinkSigner, type Collection, type MemoryEventBus, type RunningService } from '@vanhop/platform';
import { startSupplyPair, type SupplyPair } from '../../../test/support/supply-pair.js';
import { completeBooking, type CompleteBookingRequest } from '../../../test/support/booking-fixtures.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';
import { apiClient, type Api } from '../../../test/support/gateway-api.js';
import { bookingService } from '../src/service.js';
import { MyMoveLinks } from '../src/domain/my-move-link.js';
import { BOOKINGS, type StoredBooking } from '../src/domain/booking-record.js';
import { BookingRepository, type BookingDocument } from '../src/adapters/booking-repository.js';
import { MovableClock as TestClock } from '../../platform/test/movable-clock.js';
export { MovableClock as TestClock } from '../../platform/test/movable-clock.js';

export const LINK_SECRET = 'my-move-service-test-link-secret-0123456789';
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** Booked (paid) at 08:00 UTC on 15 January; the move is on the 20th at 10:00 (London is on GMT). */
export const PAID_AT = Date.parse('2026-01-15T08:00:00.000Z');
export const MOVE_DATE = '2026-01-20T10:00:00.000Z';
export const MOVE_AT = Date.parse(MOVE_DATE);

/** Every topic the booking service publishes after a quote is saved (placed, changed, cancelled, deleted). */
const OBSERVED = [
  TOPICS.bookingConfirmed,
  TOPICS.bookingCancelled,
  TOPICS.bookingPostponed,
  TOPICS.bookingReactivated,
  TOPICS.bookingAmended,
  TOPICS.balancePaid,
  TOPICS.refundRequested,
  TOPICS.bookingDeleted,
];

export interface Booked {
  id: string;
  code: number;
  paidPence: number;
  totalPence: number;
  /** `/api/mymove/<token>` of the confirmation. */
  path: string;
}

export interface LifecycleServices {
  clock: TestClock;
  links: MyMoveLinks;
  /** Requests to the booking service. */
  api: Api;
  quoteUrl(): string;
  bookings(): Collection<BookingDocument>;
  /** The repository over the same store, for use cases a test builds itself. */
  repository(): BookingRepository;
  stored(id: string): Promise<BookingDocument>;
  /** Lets the outbox relay and the consumers finish. */
  settle(): Promise<void>;
  /** The payloads published on `topic` since the test began. */
  of<T>(topic: string): T[];
  /** Saves the cheapest offer for the move (priced by the quote service) and pays `percentage` of it. */
  bookAndPay(
    percentage?: 30 | 50 | 100,
    moveDate?: string,
    overrides?: Partial<CompleteBookingRequest>,
  ): Promise<Booked>;
  pay(data: PaymentSucceeded, eventId?: string): Promise<void>;
  refundIssued(data: RefundIssued): Promise<void>;
  /** The quote service's word that the driver gave the job back and nobody else could take it at once. */
  jobReturned(data: JobReturned): Promise<void>;
  /** The quote service's word that the job went to another driver. */
  jobReassigned(data: JobReassigned): Promise<void>;
}

/**
 * The booking service with the real quote service (re-pricing), on one in-process bus and one
 * clock the tests move, over HTTP; started in the calling describe block's beforeAll. Payments
 * arrive as PaymentSucceeded events, as the payment service would publish them.
 */
export function useLifecycleServices(): LifecycleServices {
  const clock = new TestClock(PAID_AT);
  const links = new MyMoveLinks(new LinkSigner(LINK_SECRET, 'my-move'));
  const published: Record<string, EventEnvelope[]> = {};
  let stack: TestStack;
  let bus: MemoryEventBus;
  /** Quote and fleet behind one address (the supply routes go to fleet, pricing to quote). */
  let supply: SupplyPair;
  let booking: RunningService;

  beforeAll(async () => {
    stack = await startTestStack({
      name: 'my-move',
      clock,
      bus: { maxRetries: 0, retryBackoffMs: 1 },
      env: { RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000', MY_MOVE_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    bus = stack.bus;
    for (const topic of OBSERVED)
      await bus.subscribe('test-observer', topic, async (e) => {
        const seen = published[topic] ?? [];
        published[topic] = seen;
        seen.push(e);
      });
    supply = await startSupplyPair((def, env) => stack.start(def as never, env), bus);
    booking = await stack.start(bookingService, {
      QUOTE_SERVICE_URL: supply.quote.url,
      FLEET_SERVICE_URL: supply.fleet.url,
      MY_MOVE_LINK_SECRET: LINK_SECRET,
    });
  });
  afterAll(async () => {
    await supply?.close();
    await stack?.stop();
  });
  beforeEach(() => {
    clock.set(PAID_AT);
    for (const k of Object.keys(published)) published[k] = [];
  });

  const api = apiClient(() => booking.url);
  const bookings = () => booking.infra.store.collection<BookingDocument>(BOOKINGS);
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      await bus.idle();
      await new Promise((r) => setTimeout(r, 15));
    }
  };
  const of = <T>(topic: string) => (published[topic] ?? []).map((e) => e.data as T);
  const publish = async <K extends 'payment.succeeded' | 'refund.issued' | 'job.returned' | 'job.reassigned'>(
    topic: K,
    data: EventPayloads[K],
    eventId?: string,
  ) => {
    await bus.publish(
      topic,
      await createEvent(topic, data, { producer: topic.startsWith('job.') ? 'fleet' : 'payment', clock, eventId }),
      data.bookingId,
    );
    await settle();
  };
  const pay = (data: PaymentSucceeded, eventId?: string) => publish(TOPICS.paymentSucceeded, data, eventId);

  return {
    clock,
    links,
    api,
    quoteUrl: () => supply.url,
    bookings,
    repository: () => new BookingRepository(booking.infra.store),
    stored: async (id) => (await bookings().findOne({ _id: id }))!,
    settle,
    of,
    pay,
    refundIssued: (data) => publish(TOPICS.refundIssued, data),
    jobReturned: (data) => publish(TOPICS.jobReturned, data),
    jobReassigned: (data) => publish(TOPICS.jobReassigned, data),
    async bookAndPay(percentage = 30, moveDate = MOVE_DATE, overrides = {}) {
      const priced = await apiClient(() => supply.url)<{ quote: Quote }>(
        'POST',
        '/api/booking',
        completeBooking(moveDate, overrides),
      );
      expect(priced.status, JSON.stringify(priced.body)).toBe(200);
      const saved = await api<{ data: StoredBooking }>('POST', '/api/saveRetrieve', { quote: priced.body.quote });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const record = saved.body.data;
      const amountPence = Math.round((Math.round(record.quote.totalPrice * 100) * percentage) / 100);
      await pay({
        bookingId: record._id,
        randomNumber: record.randomNumber,
        percentage,
        amountPence,
        currency: 'gbp',
        provider: 'local',
        providerRef: `cs_local_${record.randomNumber}`,
      });
      const confirmed = of<BookingConfirmed>(TOPICS.bookingConfirmed).find((c) => c.bookingId === record._id)!;
      expect(confirmed.myMovePath).toMatch(/^\/mymove\/v1\./);
      return {
        id: record._id,
        code: record.randomNumber,
        paidPence: amountPence,
        totalPence: Math.round(record.quote.totalPrice * 100),
        path: `/api${confirmed.myMovePath}`,
      };
    },
  };
}
