import { describe, expect, it } from 'vitest';
import { formatPence, STAFF_RECORD_MSG, type MyMoveView, type PaymentSuccessResponse } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { driverAuth, staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { devOutbox } from '../support/dev-outbox.js';

/**
 * Through the gateway of the embedded product (local checkout, mail outbox): a paid
 * booking cannot be deleted (409, its My move link still works); staff cancel it with a refund they
 * choose → the customer's and the driver's cancellation mails, the refund at the provider and its
 * receipt; an unpaid quotation is deleted and its checkout's hold on the driver goes with it.
 */

const MOVE_DATE = daysAheadAtUtc(new Date(), 6, 10);

describe('staff cancel with refund through the gateway (embedded product)', () => {
  const embedded = useEmbeddedProduct({ beforeStop: () => settle() });
  const { api } = embedded;
  const staff = () => staffAuth('ops_sam', embedded.jwt());
  const { outbox, mailText, settle } = devOutbox(api, staff, () => embedded.product().bus);
  const slotsOf = (bookingId: string) =>
    embedded.product().services.fleet!.infra.store.collection('driver_slots').find({ bookingId });

  it('paid booking: delete → 409 and the link still works; cancel with refund → both mails, the refund at the provider, the customer told why but not who', async () => {
    const { quote, record } = await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'staffcancel@example.com' }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 50 });
    const booked = (
      await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })
    ).body;
    expect(booked).toMatchObject({ success: true, kind: 'deposit' });
    await settle();
    const myMove = `/api${booked.myMovePath}`;

    const refused = await api('DELETE', `/api/backdata/delete/${booked.bookingId}`, undefined, { headers: staff() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(STAFF_RECORD_MSG.paidNotDeletable);
    expect((await api('GET', myMove)).status).toBe(200);

    const cancelPath = `/api/backdata/cancel/${booked.bookingId}`;
    const body = { refundPence: booked.paidPence, reason: 'Your driver is unwell and no other van is free' };
    expect((await api('POST', cancelPath, body)).status).toBe(401);
    expect(
      (await api('POST', cancelPath, body, { headers: driverAuth('drv-ali-hassan', embedded.jwt()) })).status,
    ).toBe(401);
    const tooMuch = await api('POST', cancelPath, { ...body, refundPence: booked.paidPence + 1 }, { headers: staff() });
    expect(tooMuch.status).toBe(400);
    expect(Object.keys(tooMuch.body.errors)).toEqual(['refundPence']);

    const cancelled = await api('POST', cancelPath, body, { headers: staff() });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      state: 'cancelled',
      OutstandingBalance: 0,
      cancellation: { refundPence: booked.paidPence, cancelledBy: 'ops_sam' },
    });
    expect((await api('POST', cancelPath, body, { headers: staff() })).status).toBe(409);
    await settle();

    // The refund went through the payment service to the provider, once, and came back to the record.
    const localRefunds = await embedded.product().services.payment!.infra.store.collection('local_refunds').find({});
    expect(localRefunds.map((r) => (r as unknown as { amountPence: number }).amountPence)).toEqual([booked.paidPence]);
    const view = (await api<MyMoveView>('GET', myMove)).body;
    expect(view).toMatchObject({
      state: 'cancelled',
      money: { refundedPence: booked.paidPence, refundPendingPence: 0, balancePence: 0 },
    });
    const pounds = formatPence(booked.paidPence);
    expect(view.history.map((h) => h.text)).toContain(
      `Cancelled by VanHop: Your driver is unwell and no other van is free; ${pounds} will be refunded to your card`,
    );
    expect(view.history.at(-1)?.kind).toBe('refunded');
    expect(JSON.stringify(view)).not.toContain('ops_sam');
    // The driver's time is free again.
    expect(await slotsOf(booked.bookingId)).toEqual([]);

    const { mails } = await outbox();
    const customerMails = mails.filter(
      (m) => m.to === 'staffcancel@example.com' && m.subject.startsWith(`Booking ${booked.randomNumber} cancelled`),
    );
    expect(customerMails).toHaveLength(1);
    const customerText = await mailText(customerMails[0]!.file);
    expect(customerText).toContain(
      'VanHop has cancelled your booking: Your driver is unwell and no other van is free.',
    );
    expect(customerText).toContain(`${pounds} is being refunded to your card`);
    expect(customerText).not.toContain('ops_sam');
    const driverMails = mails.filter((m) => m.subject.startsWith(`Job ${booked.randomNumber} cancelled`));
    expect(driverMails).toHaveLength(1);
    expect(driverMails[0]!.to).not.toBe('staffcancel@example.com');
    expect(await mailText(driverMails[0]!.file)).toContain(`VanHop has cancelled job ${booked.randomNumber}`);
    expect(
      mails.filter((m) => m.to === 'staffcancel@example.com' && m.subject.startsWith('Refund receipt:')),
    ).toHaveLength(1);
  });

  it('unpaid quotation with a checkout open: deleted, and the driver its checkout held is free at once', async () => {
    const { quote, record } = await priceAndSave(
      api,
      completeBooking(MOVE_DATE, { email: 'quotedelete@example.com', description: 'Two wardrobes' }),
    );
    const checkout = await api('POST', '/api/paymentbooking', {
      ...quote,
      randomNumber: record.randomNumber,
      percentage: 30,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await slotsOf(record._id)).length).toBeGreaterThan(0);

    const deleted = await api('DELETE', `/api/backdata/delete/${record._id}`, undefined, { headers: staff() });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Booking record deleted' } });
    await settle();
    expect(await slotsOf(record._id)).toEqual([]);
    expect((await api('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).status).toBe(404);
  });
});
