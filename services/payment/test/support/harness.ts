import { TOPICS, type BookingRecord, type EventEnvelope } from '@vanhop/contracts';
import { createLogger, type Clock, type Env, type MemoryEventBus, type RunningService } from '@vanhop/platform';
import { bookingService } from '@vanhop/booking';
import { startSupply } from '../../../../test/support/supply-pair.js';
import { DEMO_DRIVERS } from '../../../fleet/src/domain/demo-drivers.js';
import { paymentService } from '../../src/service.js';
import { startTestStack } from '../../../../test/support/service-stack.js';
import { apiClient, type ApiResponse } from '../../../../test/support/gateway-api.js';
import { freePort } from '../../../../test/system/process-fleet.js';

/** An unpaid, server-priced booking record as the booking service stores it. */
export { unpaidBookingRecord as unpaidBooking } from '../../../../test/support/booking-fixtures.js';

/**
 * The real booking and payment services on free loopback ports, sharing one in-process bus, with a
 * test consumer group recording every PaymentSucceeded, BookingConfirmed, BalancePaid, RefundRequested and RefundIssued published.
 */
export interface Published {
  paymentSucceeded: EventEnvelope[];
  bookingConfirmed: EventEnvelope[];
  balancePaid: EventEnvelope[];
  refundRequested: EventEnvelope[];
  refundIssued: EventEnvelope[];
}

export interface PaymentHarness {
  payment: RunningService;
  booking: RunningService;
  /** Prices the moves booking saves. */
  quote: RunningService;
  /** Holds the booked driver's time: a checkout takes a hold there first. */
  fleet: RunningService;
  bus: MemoryEventBus;
  published: Published;
  seedBooking(record: BookingRecord): Promise<void>;
  bookingRecord(id: string): Promise<BookingRecord & Record<string, unknown>>;
  /** Waits until both services have published and consumed everything pending. */
  settle(): Promise<void>;
  /** POSTs to the payment service (objects as JSON, strings as they are; redirects answered, not followed). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  stop(): Promise<void>;
}

export async function startPaymentHarness(
  extraEnv: Env = {},
  options: { clock?: Clock } = {},
): Promise<PaymentHarness> {
  const logger = createLogger('payment-test', 'silent');
  // One test client opens many unpaid checkouts for one e-mail here, naming bookings by code many times a
  // minute: the open-hold cap and the lookup budget have tests of their own (open-holds, booking-lookup-limit).
  const stack = await startTestStack({
    name: 'payment',
    logger,
    bus: { maxRetries: 1, retryBackoffMs: 5 },
    clock: options.clock,
    env: {
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://vanhop.example',
      OPEN_HOLDS_PER_CUSTOMER: '1000',
      RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
      ...extraEnv,
    },
  });
  const { bus } = stack;
  const published: Published = {
    paymentSucceeded: [],
    bookingConfirmed: [],
    balancePaid: [],
    refundRequested: [],
    refundIssued: [],
  };
  for (const name of Object.keys(published) as (keyof Published)[]) {
    await bus.subscribe('test', TOPICS[name], async (e) => void published[name].push(e));
  }

  // Each calls the other (payment reads bookings, booking opens balance checkouts): payment's port is chosen first.
  const paymentPort = await freePort();
  const { quote, fleet } = await startSupply(
    (def, env) => stack.start(def as never, { SEED_DEMO_DRIVERS: 'true', ...env }),
    bus,
  );
  const fleetDrivers = fleet.infra.store.collection<{ _id: string }>('drivers');
  const booking = await stack.start(bookingService, {
    PAYMENT_SERVICE_URL: `http://127.0.0.1:${paymentPort}`,
    QUOTE_SERVICE_URL: quote.url,
    FLEET_SERVICE_URL: fleet.url,
  });
  const payment = await stack.start(paymentService, {
    PORT: String(paymentPort),
    BOOKING_SERVICE_URL: booking.url,
    FLEET_SERVICE_URL: fleet.url,
  });

  const api = apiClient(() => payment.url);
  const bookings = booking.infra.store.collection<BookingRecord>('bookings');
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await bus.idle();
      await new Promise((r) => setTimeout(r, 20));
      await bus.idle();
    }
  };
  return {
    payment,
    booking,
    quote,
    fleet,
    bus,
    published,
    // The fixtures all book one driver at one time; here each booking gets a driver of its own
    // (a demo driver's card under a new id), so only the tests about holds meet a taken driver.
    seedBooking: async (record) => {
      if (record.driver) {
        const driverId = `${record.driver.id}-${record._id}`;
        await fleetDrivers.insertOne({ ...DEMO_DRIVERS[0]!, _id: driverId });
        record = { ...record, driver: { ...record.driver, id: driverId } };
      }
      await bookings.insertOne(record);
    },
    bookingRecord: async (id) => (await bookings.findOne({ _id: id })) as BookingRecord & Record<string, unknown>,
    settle,
    post: (p, body, headers = {}) => api('POST', p, body, { headers }),
    stop: () => stack.stop(),
  };
}
