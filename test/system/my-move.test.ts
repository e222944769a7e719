import { describe, expect, it } from 'vitest';
import type { MyMoveView, PaymentSuccessResponse } from '@vanhop/contracts';
import { formatPounds } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { staffAuth } from '../support/staff.js';
import { payFormAction, payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { devOutbox } from '../support/dev-outbox.js';

/**
 * Through the gateway of the embedded product (local checkout, mail outbox):
 * book → My move → cancel within the cooling-off hour → the refund recorded → customer and driver
 * mails and the refund receipt, each once; book → pay the balance once; book → postpone → new date.
 */

const NOW = new Date();
const MOVE_DATE = daysAheadAtUtc(NOW, 5, 10);

describe('My move through the gateway (embedded product)', () => {
  const embedded = useEmbeddedProduct({ beforeStop: () => settle() });
  const { api } = embedded;
  const staff = () => staffAuth('mymovestaff', embedded.jwt());
  const { outbox, mailText, settle } = devOutbox(api, staff, () => embedded.product().bus);

  /** Save, pay 30 % on the local checkout, come back to the success page: its answer. */
  async function book(email: string): Promise<PaymentSuccessResponse & { myMovePath: string }> {
    const { quote, record } = await priceAndSave(api, completeBooking(MOVE_DATE, { email }));
    const { checkout, paid } = await payOnLocalCheckout(api, {
      ...quote,
      randomNumber: record.randomNumber,
      percentage: 30,
    });
    expect(paid.location).toBe(`/paymentbooking/success?session_id=${checkout.body.sessionId}`);
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    // Seconds after paying, the success page gets the My move link.
    expect(success.body.myMovePath).toMatch(/^\/mymove\//);
    return success.body as PaymentSuccessResponse & { myMovePath: string };
  }
  const myMove = (path: string) => `/api${path}`;

  it('a Book Now booking (never saved for later) starts its history at the payment: no "Quote saved" line', async () => {
    const priced = await api<{ quote: Record<string, unknown> }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE_DATE, { email: 'book-now@example.com' }),
    );
    expect(priced.status).toBe(200);
    const { checkout } = await payOnLocalCheckout(api, { ...priced.body.quote, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    const view = await api<MyMoveView>('GET', myMove(success.body.myMovePath!));
    expect(view.body.history.map((h) => h.kind)).toEqual(['paid']);
    expect(view.body.history.map((h) => h.text).join(' ')).not.toContain('Quote saved');
  });

  it('book → My move → cancel within the hour → refund recorded → customer and driver mails and the refund receipt, once each', async () => {
    const booked = await book('cancel@example.com');
    expect(booked).toMatchObject({
      success: true,
      kind: 'deposit',
      paymentStatus: '30percentage',
      statusText: '30 % deposit paid',
    });
    expect(booked.myMovePath).toMatch(/^\/mymove\/v1\.[\w.-]+$/);
    expect(booked.move.addresses.map((a) => a.location)).toEqual(['London NW2, UK', 'Cricklewood, UK']);
    expect(booked.paidPence + booked.balancePence).toBeGreaterThan(booked.paidPence);
    await settle();

    const view = await api<MyMoveView>('GET', myMove(booked.myMovePath));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      randomNumber: booked.randomNumber,
      state: 'active',
      statusText: '30 % deposit paid',
      customer: { name: 'Alice Mover', email: 'cancel@example.com', phone: '07123456789' },
      money: { paidPence: booked.paidPence, refundedPence: 0, balancePence: booked.balancePence },
      actions: {
        payBalance: true,
        cancel: { allowed: true, refundPence: booked.paidPence },
        postpone: { allowed: true },
      },
    });
    // The driver's id (to message them through VanHop) and name; never their contact details.
    expect(Object.keys(view.body.driver ?? {}).sort()).toEqual(['id', 'name']);
    expect(view.body.receipts).toHaveLength(1);

    // The confirmation e-mail and text lead to the page.
    const confirmation = (await outbox()).mails.find(
      (m) => m.to === 'cancel@example.com' && m.subject.startsWith('Booking confirmed:'),
    )!;
    expect(await mailText(confirmation.file)).toContain(booked.myMovePath);
    expect(await mailText(confirmation.file)).toContain('Payment receipt');
    expect((await outbox()).texts.some((t) => t.body.includes(booked.myMovePath))).toBe(true);

    // A forged, tampered or unknown link is a plain 404, never a 500.
    const token = booked.myMovePath.split('/').pop()!;
    for (const bad of ['nope', `${token}x`, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'v1.a.b.c']) {
      expect((await api('GET', `/api/mymove/${bad}`)).status).toBe(404);
      expect((await api('POST', `/api/mymove/${bad}/cancel`, { confirm: true })).status).toBe(404);
    }
    expect((await api('POST', myMove(`${booked.myMovePath}/cancel`), {})).status).toBe(400);

    const cancelled = await api<MyMoveView>('POST', myMove(`${booked.myMovePath}/cancel`), { confirm: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      state: 'cancelled',
      statusText: 'Cancelled',
      money: { refundPendingPence: booked.paidPence, balancePence: 0 },
    });
    const again = await api('POST', myMove(`${booked.myMovePath}/cancel`), { confirm: true });
    expect(again.status).toBe(409);
    await settle();

    const after = (await api<MyMoveView>('GET', myMove(booked.myMovePath))).body;
    expect(after.money).toMatchObject({
      paidPence: booked.paidPence,
      refundedPence: booked.paidPence,
      refundPendingPence: 0,
      balancePence: 0,
    });
    const refundReceipt = after.receipts.find((r) => r.kind === 'refund')!;
    expect(refundReceipt).toMatchObject({
      amountPence: booked.paidPence,
      provider: 'local',
      description: 'Cancellation in the cooling-off period',
    });
    expect(after.history.map((h) => h.kind)).toEqual(['saved', 'paid', 'cancelled', 'refunded']);
    const printable = await api('GET', myMove(`${booked.myMovePath}/receipts/${refundReceipt.id}`));
    expect(printable.status).toBe(200);
    expect(printable.body).toMatchObject({
      receipt: refundReceipt,
      randomNumber: booked.randomNumber,
      customer: { email: 'cancel@example.com' },
    });

    // The local provider recorded exactly one refund of the whole payment.
    const localRefunds = await embedded.product().services.payment!.infra.store.collection('local_refunds').find({});
    expect(localRefunds.map((r) => (r as unknown as { amountPence: number }).amountPence)).toEqual([booked.paidPence]);

    const { mails } = await outbox();
    const count = (to: string, subject: string) =>
      mails.filter((m) => m.to === to && m.subject.startsWith(subject)).length;
    expect(count('cancel@example.com', `Booking ${booked.randomNumber} cancelled`)).toBe(1);
    expect(count('cancel@example.com', 'Refund receipt:')).toBe(1);
    const driverMail = mails.filter((m) => m.subject.startsWith(`Job ${booked.randomNumber} cancelled`));
    expect(driverMail).toHaveLength(1);
    expect(driverMail[0]!.to).not.toBe('cancel@example.com');
    const cancelText = await mailText(
      mails.find((m) => m.subject.startsWith(`Booking ${booked.randomNumber} cancelled`))!.file,
    );
    expect(cancelText).toContain('is being refunded to your card');
    expect(cancelText).toContain(booked.myMovePath);

    // Staff see the cancelled, refunded record.
    const listed = (
      (await api('GET', '/api/backdata/all', undefined, { headers: staff() })).body as Record<string, unknown>[]
    ).find((r) => r._id === booked.bookingId)!;
    expect(listed).toMatchObject({
      state: 'cancelled',
      amountRefundedPence: booked.paidPence,
      paymentStatus: '30percentage',
    });
    expect(listed.cancelledAt).toEqual(expect.any(String));
  });

  it('book → My move → pay the balance once → paid in full, receipt e-mail', async () => {
    const booked = await book('balance@example.com');
    await settle();
    const path = myMove(`${booked.myMovePath}/pay-balance`);
    // Two clicks: the same checkout.
    const [a, b] = await Promise.all([api('POST', path), api('POST', path)]);
    expect(a.status).toBe(200);
    expect(b.body.sessionId).toBe(a.body.sessionId);
    const page = await api<string>('GET', a.body.url);
    expect(page.body).toContain(`${formatPounds(booked.balancePence / 100)}`);
    expect(page.body).toContain(`The balance of booking ${booked.randomNumber}`);
    const paid = await api('POST', payFormAction(page.body), '', { form: true });
    expect(paid.status).toBe(303);
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: a.body.sessionId,
    });
    expect(success.body).toMatchObject({
      kind: 'balance',
      paymentStatus: 'paid',
      balancePence: 0,
      statusText: 'Paid in full',
      paidPence: booked.paidPence + booked.balancePence,
    });
    await settle();

    const view = (await api<MyMoveView>('GET', myMove(booked.myMovePath))).body;
    expect(view).toMatchObject({
      paymentStatus: 'paid',
      statusText: 'Paid in full',
      money: { balancePence: 0 },
      actions: { payBalance: false },
    });
    expect(view.receipts.map((r) => r.description)).toEqual(['30 % deposit', 'Balance']);
    expect((await api('POST', path)).status).toBe(409);
    const { mails } = await outbox();
    expect(
      mails.filter((m) => m.to === 'balance@example.com' && m.subject.startsWith('Receipt: balance paid')).length,
    ).toBe(1);
    const retrieved = await api('GET', `/api/saveRetrieve?randomNumber=${booked.randomNumber}`);
    expect(retrieved.body[0]).toMatchObject({ paymentStatus: 'paid', OutstandingBalance: 0 });
  });

  it('book → postpone → reactivate with a new date (re-priced by the quote service)', async () => {
    const booked = await book('postpone@example.com');
    await settle();
    const postponed = await api<MyMoveView>('POST', myMove(`${booked.myMovePath}/postpone`));
    expect(postponed.status).toBe(200);
    expect(postponed.body).toMatchObject({
      state: 'frozen',
      statusText: 'Postponed',
      actions: { reactivate: { allowed: true }, payBalance: false },
    });
    expect((await api('POST', myMove(`${booked.myMovePath}/postpone`))).status).toBe(409);
    expect((await api('POST', myMove(`${booked.myMovePath}/reactivate`), { date: 'soon' })).status).toBe(400);

    const newDate = daysAheadAtUtc(NOW, 12, 10);
    const reactivated = await api<MyMoveView>('POST', myMove(`${booked.myMovePath}/reactivate`), { date: newDate });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ state: 'active', move: { date: newDate } });
    expect(reactivated.body.history.map((h) => h.kind).slice(0, 4)).toEqual([
      'saved',
      'paid',
      'postponed',
      'reactivated',
    ]);
    await settle();
    const { mails } = await outbox();
    expect(
      mails.filter((m) => m.to === 'postpone@example.com' && m.subject === `Booking ${booked.randomNumber} postponed`),
    ).toHaveLength(1);
    expect(
      mails.filter((m) => m.to === 'postpone@example.com' && m.subject.startsWith('New date confirmed:')),
    ).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith(`Job ${booked.randomNumber} postponed`))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith(`Job ${booked.randomNumber} has a new date`))).toHaveLength(1);
  });
});
