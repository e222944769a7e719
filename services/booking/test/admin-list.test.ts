import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRecord, STAFF, startBooking, type TestBooking } from './admin-support.js';

describe('GET /api/backdata/all', () => {
  let svc: TestBooking;
  const older = bookingRecord({ randomNumber: 111, date: '2026-11-01T08:00:00.000Z' });
  const newer = bookingRecord({ randomNumber: 222, date: '2026-11-21T08:00:00.000Z', paymentStatus: '30percentage', percentage: 30, OutstandingBalance: 126 });
  const deleted = bookingRecord({ randomNumber: 333, deletedAt: '2026-11-21T09:00:00.000Z', deletedBy: 'someone' });

  beforeAll(async () => {
    svc = await startBooking();
    for (const r of [newer, deleted, older]) await svc.bookings().insertOne(r);
  });
  afterAll(() => svc.stop());

  it('lists live records, oldest first, with the SPEC admin fields', async () => {
    const res = await svc.request('GET', '/api/backdata/all', STAFF);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { randomNumber: number }) => r.randomNumber)).toEqual([111, 222]);
    const item = res.body[1];
    expect(item).toEqual({
      _id: newer._id,
      randomNumber: 222,
      date: '2026-11-21T08:00:00.000Z',
      paymentStatus: '30percentage',
      OutstandingBalance: 126,
      percentage: 30,
      reviewRequest: false,
      quote: newer.quote,
      driver: newer.driver,
    });
    for (const field of ['totalAddress', 'travelMiles', 'travelHour', 'name', 'email', 'phone', 'typeofVan', 'typeOfWorker', 'totalHour', 'totalPrice', 'totalSecond', 'date', 'description']) {
      expect(item.quote).toHaveProperty(field);
    }
  });

  it('never shows internal fields (outbox, pricing request, deletion marks)', async () => {
    const res = await svc.request('GET', '/api/backdata/all', STAFF);
    for (const item of res.body) {
      expect(item).not.toHaveProperty('outbox');
      expect(item).not.toHaveProperty('request');
      expect(item).not.toHaveProperty('deletedAt');
      expect(item).not.toHaveProperty('deletedBy');
    }
  });

  it('refuses requests that did not pass the gateway JWT check (no verified staff name)', async () => {
    expect((await svc.request('GET', '/api/backdata/all')).status).toBe(401);
    expect((await svc.request('GET', '/api/backdata/all', { 'x-admin-username': '' })).status).toBe(401);
  });

  it('answers an empty list when there is nothing live', async () => {
    const empty = await startBooking();
    try {
      const res = await empty.request('GET', '/api/backdata/all', STAFF);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    } finally {
      await empty.stop();
    }
  });
});
