import { randomUUID } from 'node:crypto';
import type { BookingRecord } from '@vanhop/contracts';
import type { Clock, RunningService } from '@vanhop/platform';
import { bookingService } from '../src/service.js';
import { BOOKINGS } from '../src/domain/booking-record.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startServiceForTest } from '../../../test/support/service-stack.js';

/** Codes are unique in the bookings collection (unique index), so each fixture gets its own by default. */
let nextCode = 4_200_042;

/** A stored booking as POST /api/saveRetrieve leaves it, including the internal fields staff must not see. */
export function bookingRecord(
  overrides: Partial<BookingRecord> & Record<string, unknown> = {},
): BookingRecord & Record<string, unknown> {
  return {
    _id: randomUUID(),
    randomNumber: nextCode++,
    date: '2026-11-20T09:00:00.000Z',
    paymentStatus: 'unpaid',
    OutstandingBalance: 180,
    percentage: null,
    reviewRequest: false,
    quote: {
      name: 'Alex Mover',
      email: 'alex@example.com',
      phone: '07700900123',
      description: 'Sofa and 10 boxes',
      date: '2026-12-01T10:00:00.000Z',
      totalAddress: [],
      places: ['London NW2, UK', 'London E1, UK'],
      pickupStair: 0,
      deliveryStair: 1,
      viaStopStair: [],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 2,
      totalSecond: 7200,
      totalPrice: 180,
      travelHour: 1800,
      travelMiles: 9.4,
    },
    request: { addresses: ['internal pricing input'] },
    outbox: [{ topic: 'quote.saved', pending: true }],
    driver: { id: 'drv-1', name: 'Dev Driver', email: 'dev@example.com', phone: '07700900456' },
    deletedAt: null,
    ...overrides,
  } as BookingRecord & Record<string, unknown>;
}

export interface TestBooking {
  service: RunningService;
  /** A staff token for this service's clock. */
  staff: { authorization: string };
  bookings(): ReturnType<RunningService['infra']['store']['collection']>;
  request(method: string, pathname: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** The booking service over real HTTP on port 0, with its embedded store in a temp folder. */
export async function startBooking(clock?: Clock): Promise<TestBooking> {
  const { service, stop } = await startServiceForTest(bookingService, { name: 'booking-admin', clock });
  return {
    service,
    staff: staffAuth('Sam_Admin', { clock }),
    bookings: () => service.infra.store.collection(BOOKINGS),
    request: async (method, pathname, headers = {}) => {
      const res = await fetch(`${service.url}${pathname}`, { method, headers });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* keep text */
      }
      return { status: res.status, body: body as any };
    },
    stop,
  };
}
