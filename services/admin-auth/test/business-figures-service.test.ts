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
