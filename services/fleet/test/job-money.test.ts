import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  type BalancePaid,
  type BookingAmended,
  type BookingConfirmed,
  type BookingReactivated,
  type DriverJobsResponse,
  type JobView,
} from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { driverAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

/**
 * The driver's job carries the booked price and the cash to collect on the day
 * (what the customer has not paid online), and both follow the booking's events.
 */
describe('a job shows its price and the cash to collect (booking.confirmed, booking.balance-paid, booking.amended, booking.reactivated)', () => {
  const clock = fixedClock(NOW);
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const facts = (bookingId: string, date: string) => ({
    bookingId,
    randomNumber: 7001,
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
    driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' },
    move: {
      date,
      addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      description: '',
    },
    myMovePath: '/mymove/x',
  });
  const publish = async (topic: string, data: unknown) => {
    await svc.bus.publish(
      topic,
      await createEvent(topic as typeof TOPICS.bookingConfirmed, data as BookingConfirmed, {
        producer: 'booking',
        clock,
      }),
    );
    await svc.bus.idle();
  };
  const jobOf = async (bookingId: string): Promise<JobView> => {
    const res = await fetch(`${svc.url}/api/driver/me/jobs`, { headers: ali() });
    const all = (await res.json()) as DriverJobsResponse;
    return [...all.today, ...all.upcoming, ...all.past].find((j) => j.bookingId === bookingId)!;
  };

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' }, clock);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('a deposit booking: the price, and the balance to collect until the customer pays it online', async () => {
    const confirmed: BookingConfirmed = {
      ...facts('bk-m1', '2026-01-20T10:00:00.000Z'),
      paymentStatus: '30percentage',
      amountPaidPence: 9408,
      outstandingBalancePence: 21953,
      totalPricePence: 31361,
    };
    await publish(TOPICS.bookingConfirmed, confirmed);
    expect(await jobOf('bk-m1')).toMatchObject({ pricePence: 31361, cashToCollectPence: 21953 });

    // Staff add a stop: dearer, and the difference is owed too.
    const amended: BookingAmended = {
      ...facts('bk-m1', '2026-01-20T10:00:00.000Z'),
      previousMove: facts('bk-m1', '2026-01-20T10:00:00.000Z').move,
      changed: ['stops'],
      totalPricePence: 33361,
      previousTotalPricePence: 31361,
      balancePence: 23953,
      refundPence: 0,
      amendedBy: 'sue',
    };
    await publish(TOPICS.bookingAmended, amended);
    expect(await jobOf('bk-m1')).toMatchObject({ pricePence: 33361, cashToCollectPence: 23953 });

    const paid: BalancePaid = {
      ...facts('bk-m1', '2026-01-20T10:00:00.000Z'),
      amountPence: 23953,
      totalPricePence: 33361,
      provider: 'local',
      providerRef: 'pay-balance-1',
      paidAt: NOW,
    };
    await publish(TOPICS.balancePaid, paid);
    expect(await jobOf('bk-m1')).toMatchObject({ pricePence: 33361, cashToCollectPence: 0 });
  });

  it('a part payment leaves the rest to collect; a new date re-prices it', async () => {
    await publish(TOPICS.bookingConfirmed, {
      ...facts('bk-m2', '2026-01-21T10:00:00.000Z'),
      paymentStatus: '50percentage',
      amountPaidPence: 5000,
      outstandingBalancePence: 5000,
      totalPricePence: 10000,
    } satisfies BookingConfirmed);
    await publish(TOPICS.balancePaid, {
      ...facts('bk-m2', '2026-01-21T10:00:00.000Z'),
      amountPence: 2000,
      totalPricePence: 10000,
      provider: 'local',
      providerRef: 'pay-2',
      paidAt: NOW,
    } satisfies BalancePaid);
    expect(await jobOf('bk-m2')).toMatchObject({ pricePence: 10000, cashToCollectPence: 3000 });

    await publish(TOPICS.bookingReactivated, {
      ...facts('bk-m2', '2026-01-22T10:00:00.000Z'),
      previousDate: '2026-01-21T10:00:00.000Z',
      totalPricePence: 12000,
      previousTotalPricePence: 10000,
      balancePence: 5000,
      refundPence: 0,
    } satisfies BookingReactivated);
    expect(await jobOf('bk-m2')).toMatchObject({ pricePence: 12000, cashToCollectPence: 5000 });
  });

  it('a balance payment that says what is left sets exactly that: a redelivered one changes nothing', async () => {
    await publish(TOPICS.bookingConfirmed, {
      ...facts('bk-m4', '2026-01-23T10:00:00.000Z'),
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
    } satisfies BookingConfirmed);
    const part: BalancePaid = {
      ...facts('bk-m4', '2026-01-23T10:00:00.000Z'),
      amountPence: 2000,
      totalPricePence: 10000,
      provider: 'local',
      providerRef: 'pay-4',
      paidAt: NOW,
      balancePence: 5000,
    };
    await publish(TOPICS.balancePaid, part);
    await publish(TOPICS.balancePaid, part);
    expect(await jobOf('bk-m4')).toMatchObject({ cashToCollectPence: 5000 });
  });

  it('paid in full online: nothing to collect', async () => {
    await publish(TOPICS.bookingConfirmed, {
      ...facts('bk-m3', '2026-01-24T10:00:00.000Z'),
      paymentStatus: 'paid',
      amountPaidPence: 10000,
      outstandingBalancePence: 0,
      totalPricePence: 10000,
    } satisfies BookingConfirmed);
    expect(await jobOf('bk-m3')).toMatchObject({ pricePence: 10000, cashToCollectPence: 0 });
  });
});
