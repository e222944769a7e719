import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PROGRESS_LINE, type JobView, type MyMoveView, type PaymentSuccessResponse } from '@vanhop/contracts';
import { startEmbedded, type EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';
import { completeBooking } from '../support/booking-fixtures.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../support/staff.js';
import { doneWithProof } from '../support/job-proof.js';
import { outboxMails } from '../../e2e/outbox-mail.js';
import { MovableClock } from '../../services/platform/test/movable-clock.js';

/** Tomorrow (Friday 16 January 2026) at 10:00 London, GMT. */
const MOVE_DATE = '2026-01-16T10:00:00.000Z';
const EMAIL = 'moveday@example.com';

/**
 * Through the gateway of the whole embedded product on a fixed, moved clock: the
 * day-before reminder is mailed and texted once to the customer and the driver however often the
 * product restarts; on the day the driver's on my way → arrived → done are texted and shown on My
 * move; the next morning (after another restart) the customer is asked for a review, once.
 */
describe('the day of the move, across restarts (fixed clock)', () => {
  const clock = new MovableClock(Date.parse('2026-01-15T08:00:00.000Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-move-day-'));
  let product: EmbeddedProduct;
  const api = apiClient(() => product.url);
  const start = async () => {
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
  };
  const restart = async () => {
    await product.stop();
    await start();
  };
  const texts = () => {
    const dir = path.join(dataDir, 'outbox', 'sms');
    try {
      return readdirSync(dir).map(
        (f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; body: string },
      );
    } catch {
      return [];
    }
  };
  /** Waits for the outbox to hold what is expected (bounded), then gives a double a moment to show. */
  const eventually = async (check: () => Promise<boolean> | boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 3; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const mailsWith = async (subject: RegExp) =>
    (await outboxMails(dataDir)).filter((m) => subject.test(m.subject ?? ''));

  let booked: PaymentSuccessResponse;
  let driver = { id: '', name: '' };
  const asDriver = () => ({ headers: driverAuth(driver.id, { clock }) });

  beforeAll(async () => {
    await start();
    const { quote, record } = await priceAndSave(api, completeBooking(MOVE_DATE, { email: EMAIL }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    booked = success.body;
    await product.bus.idle();
    const view = await api<MyMoveView>('GET', `/api${booked.myMovePath}`);
    driver = view.body.driver!;
    await eventually(
      async () =>
        (await api('POST', `/api/driver/me/jobs/${view.body.bookingId}/accept`, undefined, asDriver())).status === 200,
      'the job offered to the driver',
    );
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the reminder is sent once from 18:00 the evening before, to the customer and the driver, mail and text, across restarts', async () => {
    clock.set('2026-01-15T17:59:00.000Z');
    await restart();
    await eventually(() => true, 'nothing');
    expect(await mailsWith(/^Reminder/)).toEqual([]);

    clock.set('2026-01-15T18:00:00.000Z');
    await restart();
    await eventually(
      async () =>
        (await mailsWith(/^Reminder/)).length >= 2 && texts().filter((t) => t.body.includes('reminder')).length >= 2,
      'the reminders',
    );
    await restart();
    await eventually(() => true, 'nothing more');
    await restart();
    await eventually(() => true, 'nothing more');
    const reminders = await mailsWith(/^Reminder/);
    expect(reminders.map((m) => m.to[0]).sort()).toEqual([EMAIL, expect.stringContaining('@')].sort());
    expect(reminders).toHaveLength(2);
    expect(texts().filter((t) => t.body.startsWith('VanHop: reminder'))).toHaveLength(2);
  }, 120_000);

  it('on my way → arrived → done: each texted to the customer and a line on My move; the review is asked the next morning, once', async () => {
    const id = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body.bookingId;
    clock.set('2026-01-16T08:30:00.000Z');
    for (const step of ['on-my-way', 'arrived', 'done']) {
      // "Done" carries its proof: photos of the load and the customer's signature.
      const res = await api<JobView>(
        'POST',
        `/api/driver/me/jobs/${id}/progress`,
        step === 'done' ? doneWithProof('Pat Signer') : { step },
        asDriver(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await eventually(
      () =>
        texts().filter((t) => t.body.includes('(booking')).length >= 3 &&
        texts().some((t) => t.body.includes('move is done')),
      'the progress texts',
    );
    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(view.history.slice(-4, -1).map((h) => h.text)).toEqual([
      JOB_PROGRESS_LINE['on-my-way'](driver.name),
      JOB_PROGRESS_LINE.arrived(driver.name),
      JOB_PROGRESS_LINE.done(driver.name),
    ]);
    // The driver said nothing was paid on the day: the balance is still owed, and My move says so.
    expect(view.history.at(-1)?.text).toMatch(/^Nothing was paid to the driver on the day: £[\d,.]+ is still to pay$/);
    expect(view.signedFor).toEqual({ name: 'Pat Signer', at: '2026-01-16T08:30:00.000Z' });
    // The staff list carries when the move was done: the dashboard files it under Past jobs.
    const list = await api<{ _id: string; jobDoneAt: string | null }[]>('GET', '/api/backdata/all', undefined, {
      headers: staffAuth('Sam_Admin', { clock }),
    });
    expect(list.status).toBe(200);
    expect(list.body.find((r) => r._id === id)?.jobDoneAt).toBe('2026-01-16T08:30:00.000Z');

    clock.set('2026-01-17T08:59:00.000Z');
    await restart();
    await eventually(() => true, 'nothing');
    expect(
      (await outboxMails(dataDir)).filter((m) => m.to.includes(EMAIL) && /^How was your move/.test(m.subject ?? '')),
    ).toEqual([]);
    clock.set('2026-01-17T09:00:00.000Z');
    await restart();
    await eventually(
      async () =>
        (await outboxMails(dataDir)).some((m) => m.to.includes(EMAIL) && /^How was your move/.test(m.subject ?? '')),
      'the review request',
    );
    await restart();
    await eventually(() => true, 'nothing more');
    expect(
      (await outboxMails(dataDir)).filter((m) => m.to.includes(EMAIL) && /^How was your move/.test(m.subject ?? '')),
    ).toHaveLength(1);
  }, 120_000);
});
