import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_SETTLED_ON_DAY,
  DAY_EXTRAS_MSG,
  DAY_SETTLEMENT_MSG,
  formatPence,
  type EarningsStatement,
  type JobView,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { startEmbedded, type EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';
import { completeBooking } from '../support/booking-fixtures.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../support/staff.js';
import { doneWithProof } from '../support/job-proof.js';
import { MovableClock } from '../../services/platform/test/movable-clock.js';

/** Friday 16 January 2026 at 10:00 London (GMT). */
const MOVE_DATE = '2026-01-16T10:00:00.000Z';

/**
 * The balance collected on the day, through the gateway of the whole embedded product: the driver's
 * Done asks what was paid on the day; cash recorded there settles the balance on My move (no "Pay
 * the balance"), an online balance payment is refused, the staff record says so, and the driver's
 * statement counts the cash as already in the driver's hands.
 */
describe('cash collected on the day (fixed clock)', () => {
  const clock = new MovableClock(Date.parse('2026-01-15T08:00:00.000Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-cash-day-'));
  let product: EmbeddedProduct;
  const api = apiClient(() => product.url);
  let booked: PaymentSuccessResponse;
  let bookingId = '';
  let driver = { id: '', name: '' };
  const asDriver = () => ({ headers: driverAuth(driver.id, { clock }) });
  const asStaff = () => ({ headers: staffAuth('Sam_Admin', { clock }) });
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    product = await startEmbedded(
      {
        ...TEST_JWT_ENV,
        GATEWAY_PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        STATIC_DIR: dataDir,
        STRIPE_SECRET_KEY: '',
        DATA_DIR: dataDir,
      },
      { clock },
    );
    const { quote, record } = await priceAndSave(api, completeBooking(MOVE_DATE, { email: 'cash-day@example.com' }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    booked = success.body;
    await product.bus.idle();
    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    bookingId = view.bookingId;
    driver = view.driver!;
    await eventually(
      async () => (await api('POST', `/api/driver/me/jobs/${bookingId}/accept`, undefined, asDriver())).status === 200,
      'the job offered to the driver',
    );
    clock.set('2026-01-16T08:30:00.000Z');
    for (const step of ['on-my-way', 'arrived'])
      expect((await api('POST', `/api/driver/me/jobs/${bookingId}/progress`, { step }, asDriver())).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Done asks what was collected: missing, or more than was owed, is a 400 naming the field', async () => {
    const done = (body: unknown) =>
      api<{ errors?: Record<string, string> }>('POST', `/api/driver/me/jobs/${bookingId}/progress`, body, asDriver());
    const { collected: _, ...withoutCollected } = doneWithProof('Pat Signer');
    const missing = await done(withoutCollected);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.['collected.method']).toBe(DAY_SETTLEMENT_MSG.methodRequired);
    const tooMuch = await done(doneWithProof('Pat Signer', { method: 'cash', amountPence: booked.balancePence + 1 }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.['collected.amountPence']).toBe(
      DAY_SETTLEMENT_MSG.moreThanOwed(formatPence(booked.balancePence)),
    );
    const badMethod = await done({ ...doneWithProof('Pat Signer'), collected: { method: 'cheque', amountPence: 0 } });
    expect(badMethod.status).toBe(400);
    expect(JSON.stringify(badMethod.body)).toContain('collected.method');
  });

  it('cash of the whole balance settles it: My move, the online balance, the staff record and the statement agree', async () => {
    const balance = booked.balancePence;
    expect(balance).toBeGreaterThan(0);
    const done = await api<JobView>(
      'POST',
      `/api/driver/me/jobs/${bookingId}/progress`,
      {
        ...doneWithProof('Pat Signer', { method: 'cash', amountPence: balance }),
        times: { startedAt: '2026-01-16T08:35:00.000Z', finishedAt: '2026-01-16T10:20:00.000Z' },
      },
      asDriver(),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.collected).toEqual({ method: 'cash', amountPence: balance });
    // The card has nothing left to collect.
    expect(done.body.cashToCollectPence).toBe(0);
    const paidOnDay = `Paid to the driver on the day: cash ${formatPence(balance)}`;

    let view!: MyMoveView;
    await eventually(async () => {
      view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
      return !!view.paidOnDay;
    }, 'My move to show the day settled');
    expect(view.money.balancePence).toBe(0);
    expect(view.actions.payBalance).toBe(false);
    expect(view.paidOnDay).toMatchObject({ method: 'cash', amountPence: balance, text: paidOnDay });
    expect(view.history.at(-1)?.text).toBe(paidOnDay);

    const pay = await api<{ message: string }>('POST', `/api${booked.myMovePath}/pay-balance`);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(BALANCE_SETTLED_ON_DAY(paidOnDay));

    const list = await api<
      { _id: string; OutstandingBalance: number; daySettlement: { text: string; startedAt?: string } | null }[]
    >('GET', '/api/backdata/all', undefined, asStaff());
    const record = list.body.find((r) => r._id === bookingId)!;
    expect(record.OutstandingBalance).toBe(0);
    expect(record.daySettlement).toMatchObject({ text: paidOnDay, startedAt: '2026-01-16T08:35:00.000Z' });

    await product.bus.idle();
    const statement = await api<EarningsStatement>(
      'GET',
      '/api/driver/earnings?week=2026-01-12',
      undefined,
      asDriver(),
    );
    const line = statement.body.lines.find((l) => l.bookingId === bookingId)!;
    expect(line).toMatchObject({ cashPence: balance, collectedOnDay: 'cash', balanceOnlinePence: 0 });
  });

  it('overtime agreed with the customer is charged on top: refused without their consent, then added to the price and collected', async () => {
    clock.set('2026-01-15T08:10:00.000Z');
    const { quote, record } = await priceAndSave(
      api,
      completeBooking('2026-01-16T14:00:00.000Z', { email: 'overtime-day@example.com' }),
    );
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const paid = (
      await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })
    ).body;
    await product.bus.idle();
    const first = (await api<MyMoveView>('GET', `/api${paid.myMovePath}`)).body;
    const own = () => ({ headers: driverAuth(first.driver!.id, { clock }) });
    await eventually(
      async () => (await api('POST', `/api/driver/me/jobs/${first.bookingId}/accept`, undefined, own())).status === 200,
      'the second job offered',
    );
    clock.set('2026-01-16T12:30:00.000Z');
    for (const step of ['on-my-way', 'arrived'])
      expect((await api('POST', `/api/driver/me/jobs/${first.bookingId}/progress`, { step }, own())).status).toBe(200);

    const extras = { amountPence: 3000, reason: '45 minutes overtime' };
    const owedWithExtras = paid.balancePence + extras.amountPence;
    const withoutConsent = await api<{ errors?: Record<string, string> }>(
      'POST',
      `/api/driver/me/jobs/${first.bookingId}/progress`,
      { ...doneWithProof('Olly Overtime', { method: 'cash', amountPence: owedWithExtras }), extras },
      own(),
    );
    expect(withoutConsent.status).toBe(400);
    expect(withoutConsent.body.errors?.['extras.customerAgreed']).toBe(DAY_EXTRAS_MSG.consentRequired);

    const done = await api(
      'POST',
      `/api/driver/me/jobs/${first.bookingId}/progress`,
      {
        ...doneWithProof('Olly Overtime', { method: 'cash', amountPence: owedWithExtras }),
        extras: { ...extras, customerAgreed: true },
      },
      own(),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    let view!: MyMoveView;
    await eventually(async () => {
      view = (await api<MyMoveView>('GET', `/api${paid.myMovePath}`)).body;
      return !!view.paidOnDay;
    }, 'My move to show the day');
    expect(view.money).toMatchObject({ totalPence: first.money.totalPence + 3000, balancePence: 0 });
    expect(view.history.map((h) => h.text)).toContain('Extra agreed on the day: 45 minutes overtime £30.00');
    expect(view.actions.payBalance).toBe(false);

    await product.bus.idle();
    const statement = await api<EarningsStatement>('GET', '/api/driver/earnings?week=2026-01-12', undefined, own());
    expect(statement.body.lines.find((l) => l.bookingId === first.bookingId)).toMatchObject({
      pricePence: first.money.totalPence + 3000,
      cashPence: owedWithExtras,
    });
  });
});
