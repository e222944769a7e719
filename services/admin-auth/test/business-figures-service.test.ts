import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessFiguresSchema, londonDay, TOPICS } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { startAdminAuth, validRegistration, type TestAdminAuth } from './support.js';

const customer = { name: 'Ann', email: 'ann@example.com', phone: '07700900000' };
const driver = { id: 'drv-bf-1', name: 'Dan Driver', email: 'dan@example.com' };

/** Waits for a state, bounded: the bus delivers to admin-auth's group asynchronously. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('admin-auth business figures over the embedded store and bus', () => {
  let svc: TestAdminAuth;
  let auth: Record<string, string>;

  beforeAll(async () => {
    svc = await startAdminAuth();
    await svc.post('/api/account/register', validRegistration('Fig_Staff', 'fig-password-1'));
    auth = {
      authorization: `Bearer ${(await svc.post('/api/account/login', { username: 'fig_staff', password: 'fig-password-1' })).body.token}`,
    };
  });
  afterAll(() => svc.stop());

  it('refuses a request without a staff token', async () => {
    expect((await svc.get('/api/dashboard/business')).status).toBe(401);
  });

  it('counts each event once, even when the same event is delivered again, and answers the contract', async () => {
    const bus = svc.service.infra.bus;
    const moveDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const move = {
      date: moveDate,
      addresses: [{ location: 'London NW2, UK', physicalAddress: '', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      description: '',
    };
    const confirmed = await createEvent(
      TOPICS.bookingConfirmed,
      {
        bookingId: 'bk-1',
        randomNumber: 1234,
        paymentStatus: '30percentage',
        amountPaidPence: 6000,
        outstandingBalancePence: 14000,
        totalPricePence: 20000,
        customer,
        driver: { ...driver, phone: '1' },
        move,
      },
      { producer: 'test' },
    );
    const priced = await createEvent(
      TOPICS.quotesPriced,
      { day: londonDay(new Date()), count: 4 },
      { producer: 'test' },
    );
    const offered = await createEvent(
      TOPICS.jobOffered,
      { bookingId: 'bk-1', randomNumber: 1234, driver, move, respondBy: moveDate },
      { producer: 'test' },
    );
    const returned = await createEvent(
      TOPICS.jobReturned,
      { bookingId: 'bk-1', randomNumber: 1234, driver, move, because: 'declined', at: new Date().toISOString() },
      { producer: 'test' },
    );
    const chat = await createEvent(
      TOPICS.conversationMessagePosted,
      { conversationId: 'cv-1', messageId: 'm1', kind: 'support', from: 'customer', first: true },
      { producer: 'test' },
    );
    for (const [topic, e] of [
      [TOPICS.bookingConfirmed, confirmed],
      [TOPICS.quotesPriced, priced],
      [TOPICS.jobOffered, offered],
      [TOPICS.jobReturned, returned],
      [TOPICS.conversationMessagePosted, chat],
    ] as const) {
      await (await bus.publish(topic, e)).durable;
    }
    // Redelivered: the same events again (at-least-once delivery).
    await (await bus.publish(TOPICS.bookingConfirmed, confirmed)).durable;
    await (await bus.publish(TOPICS.quotesPriced, priced)).durable;

    const read = async () => (await svc.get('/api/dashboard/business', auth)).body;
    const figures = await until(read, (b) => b.openSupportChats === 1 && b.jobsWaiting?.length === 1, 'the figures');
    expect(businessFiguresSchema.validateSync(figures, { strict: true })).toBeTruthy();
    const today = figures.days[figures.days.length - 1];
    expect(today).toMatchObject({
      day: londonDay(new Date()),
      bookings: 1,
      revenuePence: 20000,
      depositsPence: 6000,
      quotesPriced: 4,
    });
    expect(figures.conversionPercent).toBe(25);
    expect(figures.drivers).toEqual([{ driverId: 'drv-bf-1', name: 'Dan Driver', bookedHours: 3 }]);
    expect(figures.jobsWaiting[0]).toMatchObject({
      bookingId: 'bk-1',
      randomNumber: 1234,
      driverName: 'Dan Driver',
      because: 'declined',
    });
  });

  it('keeps the figures true: an amendment moves the booked value, a refund the net, a cancelled booking is no booking', async () => {
    const bus = svc.service.infra.bus;
    const read = async () => (await svc.get('/api/dashboard/business', auth)).body;
    const todayOf = (b: { days: { bookings: number; revenuePence: number; refundsPence: number }[] }) =>
      b.days[b.days.length - 1]!;
    const before = todayOf(await read());
    const move = {
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      addresses: [{ location: 'London SE1, UK', physicalAddress: '', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      description: '',
    };
    const facts = (bookingId: string, randomNumber: number) => ({
      bookingId,
      randomNumber,
      customer,
      driver: { ...driver, phone: '1' },
      move,
      myMovePath: `/my-move/${bookingId}`,
    });
    const send = async <T extends keyof typeof TOPICS>(key: T, data: unknown) => {
      const topic = TOPICS[key];
      const e = await createEvent(topic, data as never, { producer: 'test' });
      await (await bus.publish(topic, e)).durable;
      return e;
    };
    for (const [id, code] of [
      ['bk-keep', 2001],
      ['bk-cancel', 2002],
    ] as const)
      await send('bookingConfirmed', {
        ...facts(id, code),
        paymentStatus: 'paid',
        amountPaidPence: 10_000,
        outstandingBalancePence: 0,
        totalPricePence: 10_000,
      });
    await until(
      read,
      (b) => todayOf(b).bookings === before.bookings + 2 && todayOf(b).revenuePence === before.revenuePence + 20_000,
      'two bookings counted',
    );

    // Staff amend the kept one to £125 (the customer owes £25 more): the booked value follows.
    const amended = await send('bookingAmended', {
      ...facts('bk-keep', 2001),
      previousMove: move,
      changed: ['hours'],
      totalPricePence: 12_500,
      previousTotalPricePence: 10_000,
      balancePence: 2_500,
      refundPence: 0,
      amendedBy: 'fig_staff',
    });
    await until(read, (b) => todayOf(b).revenuePence === before.revenuePence + 22_500, 'the amendment counted');
    await (await bus.publish(TOPICS.bookingAmended, amended)).durable; // redelivered: counted once

    // The other is cancelled with a £40 refund: it leaves the bookings and the booked value; the refund is counted.
    await send('bookingCancelled', {
      ...facts('bk-cancel', 2002),
      cancelledAt: new Date().toISOString(),
      refundPence: 4_000,
      withinCoolingOff: false,
      cancelledBy: 'staff',
      reason: 'Van off the road',
      staffUsername: 'fig_staff',
    });
    await send('refundIssued', {
      refundId: 'rf-1',
      bookingId: 'bk-cancel',
      randomNumber: 2002,
      amountPence: 4_000,
      reason: 'staff-cancellation',
      provider: 'local',
      providerRefs: ['re_1'],
      customer,
      myMovePath: '/my-move/bk-cancel',
      issuedAt: new Date().toISOString(),
    });
    const after = todayOf(
      await until(
        read,
        (b) => todayOf(b).bookings === before.bookings + 1 && todayOf(b).refundsPence === before.refundsPence + 4_000,
        'the cancellation and the refund counted',
      ),
    );
    expect(after.revenuePence).toBe(before.revenuePence + 12_500);
  });

  it('reads only drivers with a job ahead (an index of their latest move day), not every driver ever booked', async () => {
    const bus = svc.service.infra.bus;
    const move = (days: number) => ({
      date: new Date(Date.now() + days * 86_400_000).toISOString(),
      addresses: [{ location: 'London NW2, UK', physicalAddress: '', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 2,
      description: '',
    });
    const offer = async (bookingId: string, who: typeof driver, days: number) =>
      (
        await bus.publish(
          TOPICS.jobOffered,
          await createEvent(
            TOPICS.jobOffered,
            { bookingId, randomNumber: 3000, driver: who, move: move(days), respondBy: move(days).date },
            { producer: 'test' },
          ),
        )
      ).durable;
    const past = { id: 'drv-past', name: 'Pat Past', email: 'pat@example.com' };
    const ahead = { id: 'drv-ahead', name: 'Al Ahead', email: 'al@example.com' };
    await offer('bk-past', past, -10);
    await offer('bk-ahead', ahead, 4);
    const read = async () => (await svc.get('/api/dashboard/business', auth)).body;
    const figures = await until(
      read,
      (b) => b.drivers.some((d: { driverId: string }) => d.driverId === 'drv-ahead'),
      'the driver ahead',
    );
    expect(figures.drivers.map((d: { driverId: string }) => d.driverId)).not.toContain('drv-past');
  });

  it('a day counter is not added twice even past the consumer mark (the store write itself is conditional)', async () => {
    const { BusinessFiguresRepository } = await import('../src/adapters/business-figures-repository.js');
    const repo = new BusinessFiguresRepository(svc.service.infra.store);
    const change = { kind: 'day' as const, day: '2001-01-01', add: { bookings: 1, revenuePence: 100 } };
    await repo.apply(change, 'same-event');
    await repo.apply(change, 'same-event');
    await repo.apply(change, 'other-event');
    expect(await repo.days('2001-01-01', '2001-01-01')).toEqual([
      { _id: '2001-01-01', bookings: 2, revenuePence: 200 },
    ]);
  });
});
