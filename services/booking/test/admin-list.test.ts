import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { bookingRecord, startBooking, type TestBooking } from './admin-support.js';
import { driverAuth, staffAuth } from '../../../test/support/staff.js';

describe('GET /api/backdata/all', () => {
  let svc: TestBooking;
  const older = bookingRecord({ randomNumber: 111, date: '2026-11-01T08:00:00.000Z' });
  const newer = bookingRecord({
    randomNumber: 222,
    date: '2026-11-21T08:00:00.000Z',
    paymentStatus: '30percentage',
    percentage: 30,
    OutstandingBalance: 126,
  });
  const deleted = bookingRecord({ randomNumber: 333, deletedAt: '2026-11-21T09:00:00.000Z', deletedBy: 'someone' });

  beforeAll(async () => {
    // Before the fixtures' moves: the list answers upcoming moves and those of the last 30 days.
    svc = await startBooking(fixedClock('2026-11-22T12:00:00.000Z'));
    for (const r of [newer, deleted, older]) await svc.bookings().insertOne(r);
  });
  afterAll(() => svc.stop());

  it('lists live records, oldest first, with the wire-contract staff fields', async () => {
    const res = await svc.request('GET', '/api/backdata/all', svc.staff);
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
      // Beside the wire contract's fields: where the booking is in its life and what was refunded (derived for records older than those fields).
      state: 'active',
      amountPaidPence: 5400,
      amountRefundedPence: 0,
      refundPendingPence: 0,
      cancelledAt: null,
      frozenAt: null,
      needsDriver: null,
      staffCancellation: null,
      // Not done by its driver yet (a done move counts as past on the staff lists).
      jobDoneAt: null,
      // What the driver recorded at Done as paid on the day (nothing before Done).
      daySettlement: null,
      // For the staff lists' job status and the panel's change history (derived for records older than the lines).
      driverAcceptedAt: null,
      driverToConfirm: null,
      history: [
        expect.objectContaining({ kind: 'saved', text: 'Quote saved' }),
        expect.objectContaining({ kind: 'paid' }),
      ],
    });
    for (const field of [
      'totalAddress',
      'travelMiles',
      'travelHour',
      'name',
      'email',
      'phone',
      'typeofVan',
      'typeOfWorker',
      'totalHour',
      'totalPrice',
      'totalSecond',
      'date',
      'description',
    ]) {
      expect(item.quote).toHaveProperty(field);
    }
  });

  it('never shows internal fields (outbox, pricing request, deletion marks)', async () => {
    const res = await svc.request('GET', '/api/backdata/all', svc.staff);
    for (const item of res.body) {
      expect(item).not.toHaveProperty('outbox');
      expect(item).not.toHaveProperty('request');
      expect(item).not.toHaveProperty('deletedAt');
      expect(item).not.toHaveProperty('deletedBy');
    }
  });

  it('verifies the staff token itself: a direct call inside the cluster with a forged header and no token gets 401', async () => {
    expect((await svc.request('GET', '/api/backdata/all')).status).toBe(401);
    expect((await svc.request('GET', '/api/backdata/all', { 'x-admin-username': 'Sam_Admin' })).status).toBe(401);
    expect((await svc.request('GET', '/api/backdata/all', { 'x-admin-username': '' })).status).toBe(401);
    const forged = staffAuth('Sam_Admin', { env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } });
    expect((await svc.request('GET', '/api/backdata/all', { ...forged, 'x-admin-username': 'Sam_Admin' })).status).toBe(
      401,
    );
    expect((await svc.request('GET', '/api/backdata/all', { authorization: 'Bearer not.a.token' })).status).toBe(401);
    expect((await svc.request('GET', '/api/backdata/all', driverAuth('driver-1'))).status).toBe(401);
  });

  it('answers an empty list when there is nothing live', async () => {
    const empty = await startBooking();
    try {
      const res = await empty.request('GET', '/api/backdata/all', empty.staff);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    } finally {
      await empty.stop();
    }
  });
});
