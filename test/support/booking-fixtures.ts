/**
 * Booking data the tests send and store: one complete booking request (what the booking form posts
 * to /api/booking) and one unpaid booking record (what the booking service stores). Tests override
 * only what they assert on, so the rest stays the same everywhere.
 */
import type { BookingRecord } from '@vanhop/contracts';

export interface AddressInput {
  id: string;
  location: string;
  physicalAddress: string;
  stair: number;
}

/** The body of POST /api/booking with every field the full quote needs. */
export interface CompleteBookingRequest {
  addresses: AddressInput[];
  vanSize: string;
  driverHelp: string;
  /** A number of hours (our web app) or the hour select's option text "03hr:00Min" (docs/WIRE-CONTRACT.md). */
  hour: number | string;
  date: string;
  description: string;
  name: string;
  email: string;
  phone: string;
}

export const address = (id: string, location: string, physicalAddress: string, stair: number): AddressInput => ({
  id,
  location,
  physicalAddress,
  stair,
});

/** NW2 to Cricklewood in a large van with a helper for three hours, booked by Alice Mover. */
export function completeBooking(date: string, overrides: Partial<CompleteBookingRequest> = {}): CompleteBookingRequest {
  return {
    addresses: [
      address('a-nw2', 'London NW2, UK', '12 Example Road', 1),
      address('a-crick', 'Cricklewood, UK', '3 Other Street', 0),
    ],
    vanSize: 'Large',
    driverHelp: 'Driver-Help',
    hour: 3,
    date,
    description: 'Sofa, bed and twenty boxes',
    name: 'Alice Mover',
    email: 'alice@example.com',
    phone: '07123456789',
    ...overrides,
  };
}

/** `days` after `from`, at `hourUtc`:00 UTC, as the ISO text the wire carries. */
export function daysAheadAtUtc(from: Date, days: number, hourUtc: number): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days, hourUtc)).toISOString();
}

/** An unpaid, server-priced booking record as the booking service stores it. */
export function unpaidBookingRecord(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    _id: 'bk-1',
    randomNumber: 4242,
    date: '2026-02-20T09:00:00.000Z',
    paymentStatus: 'unpaid',
    OutstandingBalance: 287.5,
    percentage: null,
    reviewRequest: false,
    deletedAt: null,
    driver: { id: 'drv-1', name: 'Sam Driver', email: 'sam@drivers.example', phone: '07000000001' },
    quote: {
      name: 'Alice Mover',
      email: 'alice@example.com',
      phone: '07123456789',
      description: 'Sofa and boxes',
      date: '2026-03-14T09:30:00.000Z',
      totalAddress: [
        { id: 'a', location: 'London NW2', physicalAddress: '1 Cricklewood Lane', stair: 1 },
        { id: 'b', location: 'London N1', physicalAddress: '9 Upper Street', stair: 0 },
      ],
      places: ['London NW2', 'London N1'],
      pickupStair: 1,
      deliveryStair: 0,
      viaStopStair: [],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      totalSecond: 10800,
      totalPrice: 287.5,
      travelHour: 1500,
      travelMiles: 6.2,
    },
    ...overrides,
  };
}
