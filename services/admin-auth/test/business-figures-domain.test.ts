import { describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { conversionPercent, fieldKey, figureChanges, summarise } from '../src/domain/business-figures.js';

const envelope = <T>(data: T, occurredAt = '2026-11-26T10:00:00.000Z'): EventEnvelope<T> => ({
  eventId: 'e1',
  type: 't',
  version: 1,
  occurredAt,
  correlationId: 'c',
  producer: 'p',
  data,
});
const customer = { name: 'Ann', email: 'ann@example.com', phone: '07700900000' };
const driver = { id: 'drv-1', name: 'Dan Driver', email: 'dan@example.com' };
const move = {
  date: '2026-12-01T09:00:00.000Z',
  addresses: [],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
  description: '',
};

describe('business figures: folding events', () => {
  it('a confirmed booking counts one booking, its price and its first payment on its London day', () => {
    // 23:30 UTC on 31 March is already 1 April in London (BST).
    const e = envelope(
      {
        bookingId: 'b1',
        randomNumber: 1,
        paymentStatus: '30percentage',
        amountPaidPence: 6000,
        outstandingBalancePence: 14000,
        totalPricePence: 20000,
        customer,
        driver: null,
        move,
      },
      '2026-03-31T23:30:00.000Z',
    );
    expect(figureChanges(TOPICS.bookingConfirmed, e as never)).toEqual([
      { kind: 'day', day: '2026-04-01', add: { bookings: 1, revenuePence: 20000, depositsPence: 6000 } },
      { kind: 'bookingPlaced', bookingId: 'b1', day: '2026-04-01', totalPricePence: 20000 },
    ]);
  });

  it('balances, refunds and tallies of quotes priced add to their day', () => {
    expect(figureChanges(TOPICS.balancePaid, envelope({ amountPence: 14000 }) as never)).toEqual([
      { kind: 'day', day: '2026-11-26', add: { balancesPence: 14000 } },
    ]);
    expect(figureChanges(TOPICS.refundIssued, envelope({ amountPence: 500 }) as never)).toEqual([
      { kind: 'day', day: '2026-11-26', add: { refundsPence: 500 } },
    ]);
    expect(
      figureChanges(TOPICS.quotesPriced, envelope({ day: '2026-11-25', count: 4 }, '2026-11-26T00:00:01.000Z')),
    ).toEqual([{ kind: 'day', day: '2026-11-25', add: { quotesPriced: 4 } }]);
  });

  it('jobs: offered books the driver, returned waits for a driver, reassigned moves the hours, cancelled frees both', () => {
    expect(
      figureChanges(TOPICS.jobOffered, envelope({ bookingId: 'b1', randomNumber: 7, driver, move, respondBy: 'x' })),
    ).toEqual([
      {
        kind: 'driverJob',
        driverId: 'drv-1',
        driverName: 'Dan Driver',
        bookingId: 'b1',
        job: { moveDay: '2026-12-01', hours: 3 },
      },
    ]);
    expect(
      figureChanges(
        TOPICS.jobReturned,
        envelope({
          bookingId: 'b1',
          randomNumber: 7,
          driver,
          move,
          because: 'declined',
          at: '2026-11-26T10:00:00.000Z',
        }) as never,
      ),
    ).toEqual([
      {
        kind: 'waitingJob',
        bookingId: 'b1',
        waiting: {
          bookingId: 'b1',
          randomNumber: 7,
          driverName: 'Dan Driver',
          because: 'declined',
          moveDate: move.date,
          since: '2026-11-26T10:00:00.000Z',
        },
      },
    ]);
    const reassigned = figureChanges(
      TOPICS.jobReassigned,
      envelope({
        bookingId: 'b1',
        randomNumber: 7,
        driver: { id: 'drv-2', name: 'Eve', email: 'e@example.com', phone: '1' },
        previousDriverId: 'drv-1',
        move,
      }) as never,
    );
    expect(reassigned).toEqual([
      { kind: 'waitingJob', bookingId: 'b1', waiting: null },
      { kind: 'driverJob', driverId: 'drv-1', driverName: null, bookingId: 'b1', job: null },
      {
        kind: 'driverJob',
        driverId: 'drv-2',
        driverName: 'Eve',
        bookingId: 'b1',
        job: { moveDay: '2026-12-01', hours: 3 },
      },
    ]);
    expect(figureChanges(TOPICS.bookingCancelled, envelope({ bookingId: 'b1', driver }) as never)).toEqual([
      { kind: 'waitingJob', bookingId: 'b1', waiting: null },
      { kind: 'bookingCancelled', bookingId: 'b1' },
      { kind: 'driverJob', driverId: 'drv-1', driverName: null, bookingId: 'b1', job: null },
    ]);
    // Postponed is still a booking: only the driver's time and the waiting job change.
    expect(figureChanges(TOPICS.bookingPostponed, envelope({ bookingId: 'b1', driver }) as never)).toEqual([
      { kind: 'waitingJob', bookingId: 'b1', waiting: null },
      { kind: 'driverJob', driverId: 'drv-1', driverName: null, bookingId: 'b1', job: null },
    ]);
  });

  it('support chats wait for staff after the customer speaks, not after staff answer; driver chats do not count', () => {
    const posted = (from: string, kind = 'support') =>
      figureChanges(
        TOPICS.conversationMessagePosted,
        envelope({ conversationId: 'c1', messageId: 'm', kind, from, first: false }) as never,
      );
    expect(posted('customer')).toEqual([
      { kind: 'supportChat', conversationId: 'c1', awaitingSince: '2026-11-26T10:00:00.000Z' },
    ]);
    expect(posted('staff')).toEqual([{ kind: 'supportChat', conversationId: 'c1', awaitingSince: null }]);
    expect(posted('customer', 'driver')).toEqual([]);
  });
});

describe('business figures: summarising', () => {
  it('charts the busiest 25 drivers of a large fleet (by name) and says how many have hours booked', () => {
    const drivers = Array.from({ length: 40 }, (_, i) => ({
      _id: `drv-${String(i).padStart(2, '0')}`,
      name: `Driver ${String(i).padStart(2, '0')}`,
      jobs: i === 39 ? {} : { [`b${i}`]: { moveDay: '2026-12-01', hours: i + 1 } },
    }));
    const figures = summarise({
      now: new Date('2026-11-26T12:00:00.000Z'),
      days: [],
      drivers,
      waiting: [],
      openSupportChats: 0,
    });
    expect(figures.driversBooked).toBe(39);
    expect(figures.drivers).toHaveLength(25);
    expect(figures.drivers[0]).toEqual({ driverId: 'drv-14', name: 'Driver 14', bookedHours: 15 });
    expect(figures.drivers.at(-1)).toEqual({ driverId: 'drv-38', name: 'Driver 38', bookedHours: 39 });
  });

  it('fills 30 days ending today, sums conversion, and counts driver hours only inside the window', () => {
    const figures = summarise({
      now: new Date('2026-11-26T12:00:00.000Z'),
      days: [
        { _id: '2026-11-26', bookings: 2, revenuePence: 40000, quotesPriced: 5 },
        { _id: '2026-10-28', bookings: 1, quotesPriced: 3 },
      ],
      drivers: [
        {
          _id: 'drv-1',
          name: 'Dan',
          jobs: {
            b1: { moveDay: '2026-12-01', hours: 3 },
            b2: { moveDay: '2026-11-20', hours: 5 },
            b3: { moveDay: '2026-12-23', hours: 2 },
            b4: { moveDay: '2026-12-24', hours: 9 },
          },
        },
      ],
      waiting: [],
      openSupportChats: 2,
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]!.day).toBe('2026-10-28');
    expect(figures.days[29]).toEqual({
      day: '2026-11-26',
      bookings: 2,
      revenuePence: 40000,
      depositsPence: 0,
      balancesPence: 0,
      refundsPence: 0,
      quotesPriced: 5,
    });
    expect(figures.conversionPercent).toBe(37.5);
    expect(figures.driverWindow).toEqual({ from: '2026-11-26', to: '2026-12-23' });
    expect(figures.drivers).toEqual([{ driverId: 'drv-1', name: 'Dan', bookedHours: 5 }]);
    expect(figures.openSupportChats).toBe(2);
  });

  it('has no conversion before any quote, and keeps ids safe as field names', () => {
    expect(conversionPercent(3, 0)).toBeNull();
    expect(fieldKey('0b8e-41f2')).toBe('0b8e-41f2');
    expect(fieldKey('a.b$c')).not.toMatch(/[.$]/);
  });
});
