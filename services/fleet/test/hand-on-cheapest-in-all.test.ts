import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATIC_FALLBACK,
  TOPICS,
  type BookingConfirmed,
  type EventEnvelope,
  type InternalFreeDriver,
  type JobCandidate,
} from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { HOUSE_CARD, type PriceCard } from '@vanhop/contracts';
import { complete, MOVE_DATE, NOW, openPortalAccounts, post, startQuote, completeMove } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

/**
 * "Cheapest" is one rule everywhere a driver is picked for the customer: the price in all they pay
 * (the driver's own price and the known charges on the day). A van that is not ULEZ compliant costs
 * £12.50 more on the day in London, so a driver a few pounds cheaper on their own price is dearer in
 * all: the offers, the automatic hand-on after a decline, staff's picker and the customer's "choose
 * another driver" list all put the driver cheaper in all first.
 */
describe('the hand-on and the choose-another list go by the price in all', () => {
  const clock = new MovableClock(Date.parse(NOW));
  const staff = () => staffAuth('Sam_Admin', { clock });
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const reassigned: EventEnvelope[] = [];
  const ids = { ulez: '', clean: '', first: '' };
  const api = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  /** The house card with the Large van's hourly rate moved by `pence` (3 h booked: three times that in the total). */
  const card = (pence: number): PriceCard => ({
    ...HOUSE_CARD,
    vanPerHourPence: { ...HOUSE_CARD.vanPerHourPence, Large: HOUSE_CARD.vanPerHourPence.Large + pence },
  });
  const addDriver = async (name: string, email: string, ulezCompliant: boolean, driverCard: PriceCard) => {
    const res = await api<{ id: string }>('POST', '/api/drivers/admin', staff(), {
      name,
      email,
      phone: '07700900555',
      vanSizes: ['Large'],
      helpLevels: ['Driver-Help'],
      basePostcode: 'NW6',
      serviceRadiusMiles: 12,
      card: driverCard,
      ulezCompliant,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };

  const bookingFor = (
    bookingId: string,
    randomNumber: number,
    bookedPence: number,
    date = MOVE_DATE,
  ): BookingConfirmed => ({
    bookingId,
    randomNumber,
    paymentStatus: 'paid',
    amountPaidPence: bookedPence,
    outstandingBalancePence: 0,
    totalPricePence: bookedPence,
    customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
    driver: { id: ids.first, name: 'Fern First', email: 'fern@drivers.example', phone: '07700900555' },
    myMovePath: `/mymove/token-${bookingId}`,
    move: completeMove(date),
  });

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'false', JOB_RESPONSE_MINUTES: '120' }, clock);
    await svc.bus.subscribe('test', TOPICS.jobReassigned, async (e) => void reassigned.push(e));
    // £3 cheaper on their own price than Cleo, £9.50 dearer in all (£12.50 ULEZ on the day).
    ids.ulez = await addDriver('Una Older-Van', 'una@drivers.example', false, card(-100));
    ids.clean = await addDriver('Cleo Cleanvan', 'cleo@drivers.example', true, card(0));
    // The booked driver, dearest of the three.
    ids.first = await addDriver('Fern First', 'fern@drivers.example', true, card(500));
    await openPortalAccounts(svc, Object.values(ids), clock);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('the hand-on after a decline and the free-driver lists pick the driver cheaper in all, not the lower own price', async () => {
    const quoted = await post(`${svc.url}/api/booking`, complete);
    expect(quoted.status).toBe(200);
    const offers = quoted.json.offers as { driverId: string; totalPrice: number }[];
    const priceOf = (id: string) => Math.round(offers.find((o) => o.driverId === id)!.totalPrice * 100);
    // The premise: Una is cheaper on her own price, Cleo cheaper in all, and the offers say so.
    expect(priceOf(ids.ulez)).toBe(priceOf(ids.clean) - 300);
    expect(offers.map((o) => o.driverId)).toEqual([ids.clean, ids.ulez, ids.first]);

    const bookedPence = priceOf(ids.first);
    const data = bookingFor('bk-1', 6001, bookedPence);
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();

    // The customer's "choose another driver" list (booking asks quote for it) and staff's picker.
    const free = await api<InternalFreeDriver[]>('GET', '/internal/jobs/bk-1/free-drivers');
    expect(free.status).toBe(200);
    expect(free.body.map((d) => [d.driverId, d.pricePence])).toEqual([
      [ids.clean, priceOf(ids.clean)],
      [ids.ulez, priceOf(ids.ulez)],
    ]);
    expect(free.body[1]!.chargesOnTheDay.map((c) => c.amountPence)).toEqual([1250]);
    const picker = await api<JobCandidate[]>('GET', '/api/drivers/admin/jobs/bk-1/candidates', staff());
    expect(picker.body.map((c) => c.driverId)).toEqual([ids.clean, ids.ulez]);

    // Fern declines: the job goes on at once to Cleo, at her own price (below the booked one).
    const declined = await api('POST', '/api/driver/me/jobs/bk-1/decline', driverAuth(ids.first, { clock }));
    expect(declined.status).toBe(200);
    await svc.bus.idle();
    expect(reassigned.map((e) => e.data)).toEqual([
      expect.objectContaining({
        previousDriverId: ids.first,
        driver: expect.objectContaining({ id: ids.clean }),
        reassignedBy: AUTOMATIC_FALLBACK,
        because: 'declined',
        driverPricePence: priceOf(ids.clean),
        bookedPence,
      }),
    ]);
  });

  it("the customer's list orders drivers above the booked price by what the customer would pay: the booked price and the charges on the day", async () => {
    const quoted = await post(`${svc.url}/api/booking`, complete);
    const offers = quoted.json.offers as { driverId: string; totalPrice: number }[];
    const priceOf = (id: string) => Math.round(offers.find((o) => o.driverId === id)!.totalPrice * 100);
    // Booked below everyone: Cleo and Fern would cost the customer the booked price, Una that and £12.50 on the day.
    const bookedPence = priceOf(ids.ulez) - 500;
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(
        TOPICS.bookingConfirmed,
        {
          // A day later: the first test's job holds Cleo on the first day.
          ...bookingFor('bk-2', 6002, bookedPence, new Date(Date.parse(MOVE_DATE) + 86_400_000).toISOString()),
          driver: { id: ids.clean, name: 'Cleo Cleanvan', email: 'cleo@drivers.example', phone: '07700900555' },
        },
        { producer: 'booking', clock },
      ),
    );
    await svc.bus.idle();
    const free = await api<InternalFreeDriver[]>('GET', '/internal/jobs/bk-2/free-drivers');
    expect(free.status).toBe(200);
    // In all Una (£9.50 over Cleo's price) is cheaper than Fern (£15 over), but above the booked price
    // the customer pays the booked price with Fern and £12.50 more with Una.
    expect(free.body.map((d) => d.driverId)).toEqual([ids.first, ids.ulez]);
  });
});
