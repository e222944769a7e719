import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_RECORD_MSG } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { bookingRecord, startBooking, type TestBooking } from './admin-support.js';
import { staffAuth } from '../../../test/support/staff.js';

const NOW = '2026-11-22T12:30:00.000Z';

describe('DELETE /api/backdata/delete/:id', () => {
  let svc: TestBooking;

  beforeAll(async () => {
    svc = await startBooking(fixedClock(NOW));
  });
  afterAll(() => svc.stop());

  it('soft-deletes: answers {message}, keeps the record with who and when, hides it from list and retrieve', async () => {
    const record = bookingRecord({ randomNumber: 5151 });
    await svc.bookings().insertOne(record);
    expect((await svc.request('GET', '/api/saveRetrieve?randomNumber=5151')).status).toBe(200);

    const res = await svc.request('DELETE', `/api/backdata/delete/${record._id}`, svc.staff);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Booking record deleted' });

    const stored = await svc.bookings().findOne({ _id: record._id });
    expect(stored).toMatchObject({
      _id: record._id,
      randomNumber: 5151,
      quote: record.quote,
      deletedAt: NOW,
      deletedBy: 'Sam_Admin',
    });
    const list = await svc.request('GET', '/api/backdata/all', svc.staff);
    expect(list.body.map((r: { _id: string }) => r._id)).not.toContain(record._id);
    expect((await svc.request('GET', '/api/saveRetrieve?randomNumber=5151')).status).toBe(404);
  });

  it('answers 404 for an unknown id and for a record already deleted', async () => {
    const unknown = await svc.request('DELETE', '/api/backdata/delete/0b7f6c1e-2a4d-4c55-9a1e-6f3b2d1c0e99', svc.staff);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No booking record with that id');

    const record = bookingRecord();
    await svc.bookings().insertOne(record);
    const [first, second] = await Promise.all([
      svc.request('DELETE', `/api/backdata/delete/${record._id}`, svc.staff),
      svc.request('DELETE', `/api/backdata/delete/${record._id}`, staffAuth('Other_Admin', { clock: fixedClock(NOW) })),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const stored = await svc.bookings().findOne({ _id: record._id });
    // The winner's name is kept; the losing click did not overwrite it.
    expect(stored).toMatchObject({ deletedBy: first.status === 200 ? 'Sam_Admin' : 'Other_Admin' });
  });

  it('refuses records that took money with 409, however old: paid before the money fields existed, or with them', async () => {
    const legacy = bookingRecord({ paymentStatus: 'paid', percentage: 100, OutstandingBalance: 0 });
    const current = bookingRecord({
      paymentStatus: '30percentage',
      percentage: 30,
      amountPaidPence: 5400,
      state: 'frozen',
    });
    for (const record of [legacy, current]) {
      await svc.bookings().insertOne(record);
      const res = await svc.request('DELETE', `/api/backdata/delete/${record._id}`, svc.staff);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(STAFF_RECORD_MSG.paidNotDeletable);
      expect(await svc.bookings().findOne({ _id: record._id })).toMatchObject({
        deletedAt: null,
        outbox: record.outbox,
      });
    }
  });

  it('answers 400 naming the id for a malformed id, and touches nothing', async () => {
    await svc.bookings().insertOne(bookingRecord());
    const liveBefore = await svc.bookings().count({ deletedAt: null });
    for (const bad of ['not-a-uuid', '123', '%7B%22%24ne%22%3Anull%7D', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const res = await svc.request('DELETE', `/api/backdata/delete/${bad}`, svc.staff);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual({ id: 'Invalid booking id' });
    }
    expect(await svc.bookings().count({ deletedAt: null })).toBe(liveBefore);
  });

  it('refuses a delete that did not pass the gateway JWT check', async () => {
    const record = bookingRecord();
    await svc.bookings().insertOne(record);
    const res = await svc.request('DELETE', `/api/backdata/delete/${record._id}`);
    expect(res.status).toBe(401);
    expect(
      (await svc.request('DELETE', `/api/backdata/delete/${record._id}`, { 'x-admin-username': 'Sam_Admin' })).status,
    ).toBe(401);
    expect(await svc.bookings().findOne({ _id: record._id })).toMatchObject({ deletedAt: null });
  });
});
