import { describe, expect, it } from 'vitest';
import {
  formatPence,
  STAFF_RECORD_MSG,
  TOPICS,
  type BookingCancelled,
  type BookingDeleted,
  type MyMoveView,
  type Quote,
  type RefundIssued,
  type RefundRequested,
  type StaffCancellation,
} from '@vanhop/contracts';
import { completeBooking } from '../../../test/support/booking-fixtures.js';
import { driverAuth, staffAuth } from '../../../test/support/staff.js';
import { apiClient, type ApiOptions } from '../../../test/support/gateway-api.js';
import type { StoredBooking } from '../src/domain/booking-record.js';
import { HOUR, MIN, PAID_AT, useLifecycleServices, type Booked } from './lifecycle-support.js';

/**
 * 10:00 London on a weekday of January 2026 (days after PAID_AT): each test moves on its own day, so
 * the bookings other tests keep (and the hold one leaves) never use up the drivers it needs.
 */
const onJanuary = (day: number) => `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`;

/** The admin record after a staff cancel, or the refusal's body. */
type Cancelled = StoredBooking & {
  state: string;
  refundPendingPence: number;
  staffCancellation: { by: string; reason: string } | null;
  cancellation: StaffCancellation;
  message?: string;
  errors?: Record<string, string>;
};

/**
 * A booking that took money is never deleted (its payments, refunds and My move
 * link are the money trail); staff cancel it with the refund they choose instead. An unpaid
 * quotation is still deleted, softly, and gives back the driver its checkout holds.
 */
describe('staff and bookings with money taken', () => {
  const { clock, api, stored, settle, of, bookAndPay, pay, refundIssued, quoteUrl } = useLifecycleServices();
  /** A staff token on the service's clock, which the tests move. */
  const staff = (username = 'Sam_Admin'): ApiOptions => ({ headers: staffAuth(username, { clock }) });
  const remove = (id: string, options: ApiOptions = staff()) =>
    api<{ message: string }>('DELETE', `/api/backdata/delete/${id}`, undefined, options);
  const cancel = (b: Pick<Booked, 'id'>, body: unknown, options: ApiOptions = staff()) =>
    api<Cancelled>('POST', `/api/backdata/cancel/${b.id}`, body, options);
  const quote = apiClient(() => quoteUrl());
  /** An unpaid quotation as Save for later leaves it, priced by the quote service. */
  const saveQuote = async (moveDate: string, email?: string) => {
    const priced = await quote<{ quote: Quote }>(
      'POST',
      '/api/booking',
      completeBooking(moveDate, email ? { email } : {}),
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const saved = await api<{ data: StoredBooking }>('POST', '/api/saveRetrieve', { quote: priced.body.quote });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return saved.body.data;
  };

  describe('DELETE /api/backdata/delete/:id', () => {
    it('refuses a paid booking with 409 saying to cancel it with its refund; the record and its My move link are untouched', async () => {
      const b = await bookAndPay(30, onJanuary(21));
      const before = await stored(b.id);
      const res = await remove(b.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(STAFF_RECORD_MSG.paidNotDeletable);
      const after = await stored(b.id);
      expect(after).toMatchObject({ deletedAt: null, paymentStatus: '30percentage', amountPaidPence: b.paidPence });
      expect(after).not.toHaveProperty('deletedBy');
      expect(after.history).toEqual(before.history);
      const view = await api<MyMoveView>('GET', b.path);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ bookingId: b.id, state: 'active' });
      await settle();
      expect(of(TOPICS.bookingDeleted)).toEqual([]);
    });

    it('refuses a paid booking that is already cancelled too: its record keeps the payments and refunds', async () => {
      const b = await bookAndPay(30, onJanuary(21));
      clock.set(PAID_AT + 10 * MIN);
      expect((await api('POST', `${b.path}/cancel`, { confirm: true })).status).toBe(200);
      const res = await remove(b.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(STAFF_RECORD_MSG.cancelledPaidNotDeletable);
      expect((await api('GET', b.path)).status).toBe(200);
    });

    it('deletes an unpaid quotation softly and gives back the driver its checkout holds (BookingDeleted → quote)', async () => {
      const moveDate = onJanuary(22);
      const record = await saveQuote(moveDate, 'holder@example.com');
      const driverId = (await stored(record._id)).driver!.id;
      const expiresAt = new Date(clock.t + 30 * MIN).toISOString();
      const hold = (bookingId: string) =>
        quote('POST', `/internal/drivers/${driverId}/holds`, { bookingId, start: moveDate, hours: 3, expiresAt });
      // The quotation's checkout holds the driver: another booking cannot have that time.
      expect((await hold(record._id)).status).toBe(201);
      const otherBooking = 'other-booking-after-the-delete';
      expect((await hold(otherBooking)).status).toBe(409);

      const res = await remove(record._id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ message: 'Booking record deleted' });
      await settle();
      expect(of<BookingDeleted>(TOPICS.bookingDeleted)).toEqual([
        {
          bookingId: record._id,
          randomNumber: record.randomNumber,
          deletedAt: new Date(clock.t).toISOString(),
          deletedBy: 'Sam_Admin',
        },
      ]);
      expect(await stored(record._id)).toMatchObject({
        deletedAt: new Date(clock.t).toISOString(),
        deletedBy: 'Sam_Admin',
        outbox: [],
      });
      // The driver is free again at once, not when the hold lapses.
      expect((await hold(otherBooking)).status).toBe(201);
    });

    it('a deleted quotation paid through a checkout still open is restored as a booking: money taken is never hidden', async () => {
      const record = await saveQuote(onJanuary(23));
      expect((await remove(record._id)).status).toBe(200);
      await pay({
        bookingId: record._id,
        randomNumber: record.randomNumber,
        percentage: 30,
        amountPence: 5000,
        currency: 'gbp',
        provider: 'local',
        providerRef: `cs_local_late_${record.randomNumber}`,
      });
      const after = await stored(record._id);
      expect(after).toMatchObject({ deletedAt: null, paymentStatus: '30percentage', amountPaidPence: 5000 });
      expect(after).not.toHaveProperty('deletedBy');
      expect((await remove(record._id)).status).toBe(409);
    });
  });

  describe('POST /api/backdata/cancel/:id', () => {
    it('cancels with the refund staff chose (more than the customer terms give): one write, RefundRequested, BookingCancelled, a history line without the staff name', async () => {
      const b = await bookAndPay(50, onJanuary(27));
      // Two hours after paying the customer's own terms refund nothing; staff may still refund it all.
      clock.set(PAID_AT + 2 * HOUR);
      expect((await api<MyMoveView>('GET', b.path)).body.actions.cancel).toMatchObject({
        allowed: true,
        refundPence: 0,
      });
      const res = await cancel(b, { refundPence: b.paidPence, reason: '  Driver unwell, no replacement available. ' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cancelledAt = new Date(clock.t).toISOString();
      expect(res.body).toMatchObject({
        _id: b.id,
        state: 'cancelled',
        OutstandingBalance: 0,
        refundPendingPence: b.paidPence,
        staffCancellation: { by: 'Sam_Admin', reason: 'Driver unwell, no replacement available.' },
        cancellation: {
          refundPence: b.paidPence,
          reason: 'Driver unwell, no replacement available.',
          cancelledBy: 'Sam_Admin',
          cancelledAt,
        },
      });
      expect(res.body).not.toHaveProperty('outbox');

      await settle();
      const refund = of<RefundRequested>(TOPICS.refundRequested)[0]!;
      expect(of(TOPICS.refundRequested)).toHaveLength(1);
      expect(refund).toMatchObject({ bookingId: b.id, amountPence: b.paidPence, reason: 'staff-cancellation' });
      expect(of<BookingCancelled>(TOPICS.bookingCancelled)).toEqual([
        expect.objectContaining({
          bookingId: b.id,
          cancelledAt,
          refundPence: b.paidPence,
          withinCoolingOff: false,
          cancelledBy: 'staff',
          reason: 'Driver unwell, no replacement available.',
          staffUsername: 'Sam_Admin',
          driver: expect.objectContaining({ id: (await stored(b.id)).driver!.id }),
        }),
      ]);
      const record = await stored(b.id);
      expect(record).toMatchObject({
        state: 'cancelled',
        cancelledAt,
        OutstandingBalance: 0,
        pendingRefunds: [expect.objectContaining({ refundId: refund.refundId, reason: 'staff-cancellation' })],
      });
      expect(record.outbox).toEqual([]);

      // The customer reads why and what comes back, never who in the office did it.
      const view = await api<MyMoveView>('GET', b.path);
      expect(view.body).toMatchObject({
        state: 'cancelled',
        statusText: 'Cancelled',
        money: { refundPendingPence: b.paidPence, balancePence: 0 },
      });
      expect(view.body.history.at(-1)).toMatchObject({
        kind: 'cancelled',
        text: `Cancelled by VanHop: Driver unwell, no replacement available; ${formatPence(b.paidPence)} will be refunded to your card`,
      });
      expect(JSON.stringify(view.body)).not.toContain('Sam_Admin');

      // The refund is recorded as for any other, with its own description.
      const issued: RefundIssued = {
        refundId: refund.refundId,
        bookingId: b.id,
        randomNumber: b.code,
        amountPence: b.paidPence,
        reason: 'staff-cancellation',
        provider: 'local',
        providerRefs: ['re_local_staff'],
        customer: refund.customer,
        myMovePath: refund.myMovePath,
        issuedAt: new Date(clock.t + MIN).toISOString(),
      };
      await refundIssued(issued);
      const refunded = (await api<MyMoveView>('GET', b.path)).body;
      expect(refunded.money).toMatchObject({ refundedPence: b.paidPence, refundPendingPence: 0 });
      expect(refunded.history.at(-1)?.text).toBe(
        `${formatPence(b.paidPence)} refunded to your card (cancellation by VanHop)`,
      );
      expect(refunded.receipts.find((r) => r.kind === 'refund')).toMatchObject({
        description: 'Cancellation by VanHop',
        amountPence: b.paidPence,
      });

      // Already cancelled: 409, nothing more happens.
      const again = await cancel(b, { refundPence: 0, reason: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(STAFF_RECORD_MSG.alreadyCancelled);
      await settle();
      expect(of(TOPICS.bookingCancelled)).toHaveLength(1);
    });

    it('a refund of nothing, or of part, is what is asked of the payment service; a postponed booking can be cancelled too', async () => {
      const none = await bookAndPay(30, onJanuary(27));
      const res = await cancel(none, { refundPence: 0, reason: 'Customer asked by phone' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await api<MyMoveView>('GET', none.path)).body.history.at(-1)?.text).toBe(
        'Cancelled by VanHop: Customer asked by phone; nothing paid is refunded',
      );

      const part = await bookAndPay(100, onJanuary(27));
      expect((await api('POST', `${part.path}/postpone`)).status).toBe(200);
      const partial = await cancel(part, { refundPence: 1234, reason: 'Goodwill' });
      expect(partial.status, JSON.stringify(partial.body)).toBe(200);
      await settle();
      expect(of<RefundRequested>(TOPICS.refundRequested).map((r) => [r.bookingId, r.amountPence])).toEqual([
        [part.id, 1234],
      ]);
      expect(of<BookingCancelled>(TOPICS.bookingCancelled).map((c) => [c.bookingId, c.refundPence])).toEqual([
        [none.id, 0],
        [part.id, 1234],
      ]);
    });

    it('refuses a refund above everything paid net of refunds with 400 naming refundPence, and bad bodies with 400 naming the field; nothing changes', async () => {
      const b = await bookAndPay(30, onJanuary(28));
      const tooMuch = await cancel(b, { refundPence: b.paidPence + 1, reason: 'Driver unwell' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.errors).toEqual({ refundPence: STAFF_RECORD_MSG.refundTooMuch(b.paidPence) });
      for (const [body, field] of [
        [{ refundPence: 100 }, 'reason'],
        [{ refundPence: 100, reason: '   ' }, 'reason'],
        [{ refundPence: 100, reason: 'Line one\nline two' }, 'reason'],
        [{ refundPence: 100, reason: 'x'.repeat(501) }, 'reason'],
        [{ refundPence: 100, reason: { $ne: null } }, 'reason'],
        [{ reason: 'Driver unwell' }, 'refundPence'],
        [{ refundPence: -1, reason: 'Driver unwell' }, 'refundPence'],
        [{ refundPence: 10.5, reason: 'Driver unwell' }, 'refundPence'],
        [{ refundPence: 'all of it', reason: 'Driver unwell' }, 'refundPence'],
        [{ refundPence: { $gt: 0 }, reason: 'Driver unwell' }, 'refundPence'],
      ] as const) {
        const res = await cancel(b, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
      }
      expect((await cancel(b, 'not json at all')).status).toBe(400);
      expect((await cancel(b, [1, 2])).status).toBe(400);
      expect(await stored(b.id)).toMatchObject({
        state: 'active',
        OutstandingBalance: (b.totalPence - b.paidPence) / 100,
      });
      expect((await stored(b.id)).pendingRefunds).toBeUndefined();
      await settle();
      expect(of(TOPICS.bookingCancelled)).toEqual([]);
    });

    it('is a staff route: no token, a driver token or a customer’s My move token gets 401 and changes nothing; an unpaid quotation 409; an unknown id 404; a malformed one 400', async () => {
      const b = await bookAndPay(30, onJanuary(29));
      const body = { refundPence: 0, reason: 'Driver unwell' };
      const myMoveToken = b.path.split('/').pop()!;
      for (const [what, options] of [
        ['no token', {}],
        ['a driver token', { headers: driverAuth((await stored(b.id)).driver!.id, { clock }) }],
        ['a My move token', { headers: { authorization: `Bearer ${myMoveToken}` } }],
        ['a claimed name', { headers: { 'x-admin-username': 'Sam_Admin' } }],
      ] as const) {
        const res = await cancel(b, body, options);
        expect(res.status, what).toBe(401);
        expect((await remove(b.id, options)).status, what).toBe(401);
      }
      expect(await stored(b.id)).toMatchObject({ state: 'active', deletedAt: null });

      const unpaid = await saveQuote(onJanuary(29));
      const refused = await cancel({ id: unpaid._id }, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(STAFF_RECORD_MSG.nothingPaid);
      expect((await cancel({ id: '0b7f6c1e-2a4d-4c55-9a1e-6f3b2d1c0e99' }, body)).status).toBe(404);
      const malformed = await cancel({ id: 'not-a-uuid' }, body);
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual({ id: 'Invalid booking id' });
    });

    it('two staff cancelling at once cancel once: one 200, one 409, one refund asked', async () => {
      const b = await bookAndPay(30, onJanuary(30));
      const [first, second] = await Promise.all([
        cancel(b, { refundPence: b.paidPence, reason: 'Driver unwell' }),
        cancel(b, { refundPence: b.paidPence, reason: 'Driver unwell' }, staff('Other_Admin')),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      await settle();
      expect(of(TOPICS.bookingCancelled)).toHaveLength(1);
      expect(of(TOPICS.refundRequested)).toHaveLength(1);
      expect((await stored(b.id)).history!.filter((h) => h.kind === 'cancelled')).toHaveLength(1);
    });
  });
});
