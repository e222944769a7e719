import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  type BookingConfirmed,
  type DriverCalendarWeek,
  type DriverDocumentExpiring,
  type DriverDocumentsView,
  type EventEnvelope,
} from '@vanhop/contracts';
import { createEvent, createLogger, fixedClock, readEvent } from '@vanhop/platform';
import { DriverAuditLog } from '../src/adapters/driver-audit-log.js';
import { DriverDocumentsRepository } from '../src/adapters/driver-documents-repository.js';
import { DriverDocuments } from '../src/app/driver-documents.js';
import { compliantFor } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { complete, MOVE_DATE, NOW, startQuote } from './support.js';

const clock = fixedClock(NOW); // Thursday 15 January 2026
const ALI = 'drv-ali-hassan';
const PRIYA = 'drv-priya-shah';
const TOM = 'drv-tom-okafor';

/** Drivers' insurance and licence, expiry keeping them out of new work, a reminder before it; their week. */
describe('driver documents and calendar (quote service)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const staff = () => staffAuth('Sam_Admin', { clock });
  const call = async <T = any>(
    method: string,
    p: string,
    headers: Record<string, string> = staff(),
    body?: unknown,
  ) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const offeredIds = async (body: object = complete) =>
    ((await call<{ offers: { driverId: string }[] }>('POST', '/api/booking', {}, body)).body.offers ?? []).map(
      (o) => o.driverId,
    );
  const reminders: EventEnvelope<DriverDocumentExpiring>[] = [];

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' }, clock);
    await svc.bus.subscribe(
      'test',
      TOPICS.driverDocumentExpiring,
      async (e) => void reminders.push(await readEvent(TOPICS.driverDocumentExpiring, e)),
    );
  });
  afterAll(() => svc?.cleanup());

  it('refuses callers without a staff token, and bad documents naming the field', async () => {
    expect((await call('GET', `/api/drivers/admin/${ALI}/documents`, {})).status).toBe(401);
    expect(
      (
        await call('PUT', `/api/drivers/admin/${ALI}/documents`, driverAuth(ALI, { clock }), {
          insurance: null,
          licence: null,
        })
      ).status,
    ).toBe(401);
    const bad = await call('PUT', `/api/drivers/admin/${ALI}/documents`, staff(), {
      insurance: { reference: 'POL-1', expiresOn: '2026-02-30' },
      licence: { reference: '', expiresOn: '2027-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['insurance.expiresOn', 'licence.reference']));
    expect(
      (await call('PUT', '/api/drivers/admin/not-a-driver/documents', staff(), { insurance: null, licence: null }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/api/drivers/admin/drv-nobody/documents')).status).toBe(404);
  });

  it('a driver without documents recorded keeps being offered (seeded drivers go on working)', async () => {
    const view = (await call<DriverDocumentsView>('GET', `/api/drivers/admin/${ALI}/documents`)).body;
    expect(view).toMatchObject({
      driverId: ALI,
      insurance: null,
      licence: null,
      standing: 'missing',
      barred: false,
      reminderDays: 14,
    });
    expect(await offeredIds()).toContain(ALI);
  });

  it('an expired insurance keeps the driver out of new quotes; the list badges it', async () => {
    const saved = await call<DriverDocumentsView>('PUT', `/api/drivers/admin/${ALI}/documents`, staff(), {
      insurance: { reference: 'POL-778812', expiresOn: '2026-01-14' },
      licence: { reference: 'HASSA801019A99', expiresOn: '2030-06-30' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      standing: 'expired',
      barred: true,
      insurance: { standing: 'expired' },
      licence: { standing: 'valid' },
    });
    const ids = await offeredIds();
    expect(ids).not.toContain(ALI);
    expect(ids.length).toBeGreaterThan(0);
    const list = (await call<DriverDocumentsView[]>('GET', '/api/drivers/admin/documents')).body;
    expect(list.find((r) => r.driverId === ALI)).toMatchObject({ barred: true });
    expect(list).toHaveLength(DEMO_DRIVERS.length);
    // The staff list asks for the drivers it shows only (?ids=), never the whole fleet.
    const page = (await call<DriverDocumentsView[]>('GET', `/api/drivers/admin/documents?ids=${ALI},${TOM},drv-nobody`))
      .body;
    expect(page.map((r) => r.driverId).sort()).toEqual([ALI, TOM]);
    const bad = await call<{ errors: Record<string, string> }>('GET', '/api/drivers/admin/documents?ids=a,,b');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('ids');
    // The change is in the driver's audit log, in the office's words.
    const audit = (await call<{ changes: Record<string, { to: unknown }> }[]>('GET', `/api/drivers/admin/${ALI}/audit`))
      .body;
    expect(audit.find((e) => e.changes['documents.insurance'])?.changes['documents.insurance']).toMatchObject({
      to: 'POL-778812, expires 2026-01-14',
    });
  });

  it('a document valid today but expired by the move day is not offered for that move', async () => {
    await call('PUT', `/api/drivers/admin/${TOM}/documents`, staff(), {
      insurance: { reference: 'POL-2', expiresOn: '2026-01-19' },
      licence: null,
    });
    expect(await offeredIds()).not.toContain(TOM);
    expect(await offeredIds({ ...complete, date: '2026-01-19T10:00:00.000Z' })).toContain(TOM);
  });

  it('re-pricing a booking already made keeps its driver; new work does not', () => {
    const lapsed = [{ ...DEMO_DRIVERS[0]!, documents: { insurance: { reference: 'X', expiresOn: '2026-01-01' } } }];
    const now = new Date(NOW);
    expect(compliantFor(lapsed, now, new Date(MOVE_DATE))).toHaveLength(0);
    expect(compliantFor(lapsed, now, new Date(MOVE_DATE), 'booking-1')).toHaveLength(1);
  });

  it('mails one reminder per expiry date before it, however many sweeps (a restart, a second instance) run', async () => {
    const before = reminders.length;
    // Expires in 10 days: within the 14, reminded at once when saved.
    await call('PUT', `/api/drivers/admin/${PRIYA}/documents`, staff(), {
      insurance: { reference: 'POL-55', expiresOn: '2026-01-25' },
      licence: { reference: 'SHAH1', expiresOn: '2029-01-01' },
    });
    await svc.bus.idle();
    await expect.poll(() => reminders.length - before).toBe(1);
    expect(reminders.at(-1)!.data).toMatchObject({
      driverId: PRIYA,
      document: 'insurance',
      reference: 'POL-55',
      expiresOn: '2026-01-25',
      daysLeft: 10,
      driver: { name: 'Priya Shah' },
    });

    // Two more sweepers on the same store (a restarted process, another instance) find nothing to send.
    const sweeper = () =>
      new DriverDocuments({
        documents: new DriverDocumentsRepository(svc.infra.store),
        audit: new DriverAuditLog(svc.infra.store),
        clock,
        logger: createLogger('test', 'silent'),
      });
    expect(await Promise.all([sweeper().sweep(), sweeper().sweep()])).toEqual([0, 0]);
    // Saving the same document again is no new expiry date: no second mail.
    await call('PUT', `/api/drivers/admin/${PRIYA}/documents`, staff(), {
      insurance: { reference: 'POL-55', expiresOn: '2026-01-25' },
      licence: { reference: 'SHAH1', expiresOn: '2029-01-01' },
    });
    await svc.bus.idle();
    expect(reminders.length - before).toBe(1);
    const view = (await call<DriverDocumentsView>('GET', `/api/drivers/admin/${PRIYA}/documents`)).body;
    expect(view.insurance).toMatchObject({ standing: 'expiring', remindedAt: NOW });

    // Renewed to a date far off: nothing now; a later sweep inside its window reminds once more.
    await call('PUT', `/api/drivers/admin/${PRIYA}/documents`, staff(), {
      insurance: { reference: 'POL-56', expiresOn: '2027-01-25' },
      licence: { reference: 'SHAH1', expiresOn: '2029-01-01' },
    });
    const later = new DriverDocuments({
      documents: new DriverDocumentsRepository(svc.infra.store),
      audit: new DriverAuditLog(svc.infra.store),
      clock: fixedClock('2027-01-12T09:00:00.000Z'),
      logger: createLogger('test', 'silent'),
    });
    expect(await later.sweep()).toBeGreaterThanOrEqual(1);
    expect(await later.sweep()).toBe(0);
  });

  it("answers a driver's week: hours, days off and jobs, previous and next week", async () => {
    const data: BookingConfirmed = {
      bookingId: 'bk-cal-1',
      randomNumber: 4321,
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
      driver: { id: TOM, name: 'Tom Okafor', email: 'tom@example.com', phone: '07700900103' },
      move: {
        date: MOVE_DATE,
        addresses: [
          { location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 1 },
          { location: 'Cricklewood, UK', physicalAddress: '2 B Road', stair: 0 },
        ],
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        description: '',
      },
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
    const week = await call<DriverCalendarWeek>('GET', `/api/drivers/admin/${TOM}/calendar?week=2026-01-21`);
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ weekStart: '2026-01-19', previousWeek: '2026-01-12', nextWeek: '2026-01-26' });
    expect(week.body.days.map((d) => d.date)).toEqual([
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
      '2026-01-24',
      '2026-01-25',
    ]);
    expect(week.body.days[1]!.jobs).toEqual([
      expect.objectContaining({
        bookingId: 'bk-cal-1',
        randomNumber: 4321,
        hours: 3,
        status: 'offered',
        stateText: 'Waiting for the driver to accept',
        from: 'London NW2, UK',
        to: 'Cricklewood, UK',
      }),
    ]);
    // This week (the clock's) when no week is asked for.
    expect((await call<DriverCalendarWeek>('GET', `/api/drivers/admin/${TOM}/calendar`)).body.weekStart).toBe(
      '2026-01-12',
    );
    const bad = await call('GET', `/api/drivers/admin/${TOM}/calendar?week=next`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('week');
    expect((await call('GET', `/api/drivers/admin/${TOM}/calendar`, {})).status).toBe(401);
  });
});
