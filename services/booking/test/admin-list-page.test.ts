import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { bookingRecord, startBooking, type TestBooking } from './admin-support.js';

/** 10:00 on Wednesday 2 December 2026, London (UTC in winter). */
const NOW = '2026-12-02T10:00:00.000Z';

const needs = { driverId: 'drv-1', driverName: 'Dev Driver', because: 'declined', at: '2026-12-01T08:00:00.000Z' };

describe('GET /api/backdata/list: the staff lists a page at a time, by move date', () => {
  let svc: TestBooking;
  const job = (code: number, moveDate: string, extra: Record<string, unknown> = {}) =>
    bookingRecord({
      randomNumber: code,
      paymentStatus: 'paid',
      OutstandingBalance: 0,
      quote: { ...bookingRecord().quote, date: moveDate },
      ...extra,
    });
  const quotation = (code: number, moveDate: string) =>
    bookingRecord({ randomNumber: code, quote: { ...bookingRecord().quote, date: moveDate } });

  beforeAll(async () => {
    svc = await startBooking(fixedClock(NOW));
    const records = [
      // Future jobs, 3 of them far apart (the reads widen their window to find them), one deleted.
      job(501, '2026-12-03T09:00:00.000Z'),
      job(502, '2027-02-10T09:00:00.000Z'),
      job(503, '2031-06-01T09:00:00.000Z'),
      job(504, '2026-12-04T09:00:00.000Z', { deletedAt: '2026-12-01T00:00:00.000Z', deletedBy: 'x' }),
      // Today: one later today, one earlier today, one later today but already marked done.
      job(511, '2026-12-02T15:00:00.000Z'),
      job(512, '2026-12-02T07:00:00.000Z'),
      job(513, '2026-12-02T12:00:00.000Z', { jobDoneAt: '2026-12-02T09:30:00.000Z' }),
      // Past, two at the same time (ties go by id), and one from 2019.
      job(521, '2026-11-20T09:00:00.000Z'),
      job(522, '2026-11-20T09:00:00.000Z'),
      job(523, '2019-05-05T09:00:00.000Z'),
      // A quotation is never a job.
      quotation(531, '2026-12-05T09:00:00.000Z'),
      // Given back by their drivers: two waiting, one since cancelled.
      job(541, '2026-12-20T09:00:00.000Z', { needsDriver: needs }),
      job(542, '2026-12-10T09:00:00.000Z', { needsDriver: needs }),
      job(543, '2026-12-11T09:00:00.000Z', { needsDriver: needs, state: 'cancelled' }),
    ];
    for (const r of records) await svc.bookings().insertOne(r);
  });
  afterAll(() => svc.stop());

  const codes = (body: { items: { randomNumber: number }[] }) => body.items.map((r) => r.randomNumber);
  const list = (query: string) => svc.request('GET', `/api/backdata/list?${query}`, svc.staff);

  it('future: from now on, soonest first, done moves and deleted records left out, page by page', async () => {
    const first = await list('kind=job&view=future&pageSize=2');
    expect(first.status).toBe(200);
    expect(codes(first.body)).toEqual([511, 501]);
    expect(first.body.pageSize).toBe(2);
    expect(first.body.next).toEqual(expect.any(String));
    const walked = codes(first.body);
    let next: string | null = first.body.next;
    while (next) {
      const page = await list(`kind=job&view=future&pageSize=2&after=${next}`);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      walked.push(...codes(page.body));
      next = page.body.next;
    }
    // Cancelled bookings stay on the lists (marked); 503 is years ahead: the reads widen to reach it.
    expect(walked).toEqual([511, 501, 542, 543, 541, 502, 503]);
  });

  it('today: the London day, done or not; quotations apart', async () => {
    expect(codes((await list('kind=job&view=today')).body)).toEqual([512, 513, 511]);
    expect(codes((await list('kind=quotation&view=future')).body)).toEqual([531]);
  });

  it('past: latest first, done moves of today included, ties by id across pages', async () => {
    const all = codes((await list('kind=job&view=past&pageSize=100')).body);
    expect(all[0]).toBe(513);
    expect(all[1]).toBe(512);
    expect(all.slice(2, 4).sort()).toEqual([521, 522]);
    expect(all[4]).toBe(523);
    expect(all).toHaveLength(5);
    // One row a page walks the same rows in the same order, none twice.
    const walked: number[] = [];
    let after = '';
    for (let i = 0; i < 10; i++) {
      const page = await list(`kind=job&view=past&pageSize=1${after ? `&after=${after}` : ''}`);
      walked.push(...codes(page.body));
      if (!page.body.next) break;
      after = page.body.next;
    }
    expect(walked).toEqual(all);
  });

  it('needs-driver: the bookings given back and not cancelled, soonest first; a record by id', async () => {
    const first = await list('view=needs-driver&pageSize=1');
    expect(codes(first.body)).toEqual([542]);
    const second = await list(`view=needs-driver&pageSize=1&after=${first.body.next}`);
    expect(codes(second.body)).toEqual([541]);
    expect(second.body.next).toBeNull();

    const [row] = first.body.items;
    const one = await svc.request('GET', `/api/backdata/record/${row._id}`, svc.staff);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(row);
    expect(
      (await svc.request('GET', '/api/backdata/record/9d3f0c1e-0000-4000-8000-000000000000', svc.staff)).status,
    ).toBe(404);
    expect((await svc.request('GET', '/api/backdata/record/not-an-id', svc.staff)).status).toBe(400);
    expect((await svc.request('GET', `/api/backdata/record/${row._id}`)).status).toBe(401);
  });

  it('answers the staff record shape, without internal fields', async () => {
    const [row] = (await list('kind=job&view=future&pageSize=1')).body.items;
    expect(row).toMatchObject({ randomNumber: 511, paymentStatus: 'paid', state: 'active' });
    expect(row).not.toHaveProperty('outbox');
    expect(row).not.toHaveProperty('request');
  });

  it('refuses bad paging with a 400 naming the field, and needs a staff token', async () => {
    for (const [query, field] of [
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=ten', 'pageSize'],
      ['view=tomorrow', 'view'],
      ['kind=all', 'kind'],
      ['after=not!a!cursor', 'after'],
      ['after=bm90LWpzb24', 'after'],
    ]) {
      const res = await list(query!);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await svc.request('GET', '/api/backdata/list')).status).toBe(401);
  });
});

describe('GET /api/backdata/all is bounded: upcoming moves and the last 30 days', () => {
  let svc: TestBooking;
  beforeAll(async () => {
    svc = await startBooking(fixedClock(NOW));
    const moving = (code: number, date: string) =>
      bookingRecord({ randomNumber: code, quote: { ...bookingRecord().quote, date } });
    for (const r of [
      moving(601, '2026-10-01T09:00:00.000Z'), // 62 days ago: left out
      moving(602, '2026-11-03T09:00:00.000Z'), // 29 days ago
      moving(603, '2027-03-01T09:00:00.000Z'),
    ])
      await svc.bookings().insertOne(r);
  });
  afterAll(() => svc.stop());

  it('keeps its shape (a plain array) and leaves out moves older than 30 days', async () => {
    const res = await svc.request('GET', '/api/backdata/all', svc.staff);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((r: { randomNumber: number }) => r.randomNumber).sort()).toEqual([602, 603]);
  });
});
