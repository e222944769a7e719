import { describe, expect, it } from 'vitest';
import {
  DRIVER_CHANGE_TEXT,
  JOB_RECONFIRM_TEXT,
  WEEKDAYS,
  type DriverCalendarWeek,
  type DriverJobsResponse,
  type JobView,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { driverAuth, staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, priceAndSave } from '../support/gateway-api.js';
import { outboxMails, waitForMail } from '../../e2e/outbox-mail.js';

/**
 * A change to an accepted move, through the gateway of the embedded product: inside the driver's
 * hours the acceptance stands and the driver is told; outside them the driver is asked to confirm
 * the new time by a deadline, the customer is told, and the driver portal, the staff calendar, the
 * staff record and My move all say the same thing until the driver answers.
 */
const NOW = new Date();
const londonDay = (iso: string) => iso.slice(0, 10);

describe('a change keeps the driver’s acceptance inside their hours, and asks them again outside', () => {
  const embedded = useEmbeddedProduct();
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });
  const asDriver = (id: string) => ({ headers: driverAuth(id, embedded.jwt()) });

  async function settle() {
    for (let i = 0; i < 3; i++) {
      await embedded.product().bus.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function book(email: string, date: string) {
    const { quote, record } = await priceAndSave(api, completeBooking(date, { email }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    const view = await api<MyMoveView>('GET', `/api${success.body.myMovePath}`);
    return {
      ...success.body,
      myMovePath: success.body.myMovePath!,
      driverId: view.body.driver!.id,
      driverName: view.body.driver!.name,
    };
  }
  const jobOf = async (driverId: string, bookingId: string): Promise<JobView | undefined> => {
    const res = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, asDriver(driverId));
    expect(res.status).toBe(200);
    return [...res.body.upcoming, ...res.body.today, ...res.body.past].find((j) => j.bookingId === bookingId);
  };
  const calendarJob = async (driverId: string, bookingId: string, start: string) => {
    const res = await api<DriverCalendarWeek>(
      'GET',
      `/api/drivers/admin/${driverId}/calendar?week=${londonDay(start)}`,
      undefined,
      staff(),
    );
    expect(res.status).toBe(200);
    return res.body.days.flatMap((d) => d.jobs).find((j) => j.bookingId === bookingId);
  };
  const staffRecord = async (bookingId: string) => {
    const res = await api<{ _id: string; driverAcceptedAt: string | null; driverToConfirm: unknown }[]>(
      'GET',
      '/api/backdata/all',
      undefined,
      staff(),
    );
    return res.body.find((r) => r._id === bookingId)!;
  };
  const myMove = async (path: string) => (await api<MyMoveView>('GET', `/api${path}`)).body;

  it('inside the hours: still accepted everywhere, the driver is mailed the change; outside: asked again with a future deadline, the customer is told, every view waits; the answer makes every view accepted', async () => {
    const booked = await book('keep-or-ask@example.com', daysAheadAtUtc(NOW, 20, 10));
    const { driverId, bookingId, driverName } = booked;
    // The driver works 07:00 to 20:00 every day but takes day 21 off.
    const dayOff = londonDay(daysAheadAtUtc(NOW, 21, 11));
    const hours = await api(
      'PUT',
      '/api/driver/me/availability',
      {
        weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '07:00', to: '20:00' }]])),
        daysOff: [dayOff],
      },
      asDriver(driverId),
    );
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect((await api('POST', `/api/driver/me/jobs/${bookingId}/accept`, undefined, asDriver(driverId))).status).toBe(
      200,
    );
    await settle();

    // (a) Staff move it to day 22 at 11:00 for 4 hours: inside the driver's hours.
    const inside = daysAheadAtUtc(NOW, 22, 11);
    const kept = await api('POST', `/api/backdata/amend/${bookingId}`, { date: inside, hour: '04hr:00Min' }, staff());
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.amendment.driverToConfirm).toBe(false);
    await settle();
    expect(await jobOf(driverId, bookingId)).toMatchObject({
      status: 'accepted',
      reconfirming: false,
      stateText: 'Accepted',
      move: { date: inside, totalHour: 4 },
    });
    expect(await calendarJob(driverId, bookingId, inside)).toMatchObject({ status: 'accepted', stateText: 'Accepted' });
    expect((await staffRecord(bookingId)).driverAcceptedAt).not.toBeNull();
    expect((await myMove(booked.myMovePath)).driverStandingText).toBe(`${driverName} has accepted your move.`);
    await waitForMail(
      embedded.running().dataDir,
      (m) =>
        m.subject?.startsWith(`Job ${booked.randomNumber} changed:`) === true &&
        !m.to.includes('keep-or-ask@example.com'),
    );
    const offersSoFar = (await outboxMails(embedded.running().dataDir)).filter((m) =>
      m.subject?.startsWith(`Confirm the new time of job ${booked.randomNumber}`),
    );
    expect(offersSoFar).toHaveLength(0);

    // (b) Staff move it to the driver's day off: the driver is asked to confirm by a deadline still ahead.
    const outside = daysAheadAtUtc(NOW, 21, 11);
    const asked = await api('POST', `/api/backdata/amend/${bookingId}`, { date: outside }, staff());
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Staff are told at once, before the customer asks.
    expect(asked.body.amendment.driverToConfirm).toBe(true);
    await settle();
    const job = (await jobOf(driverId, bookingId))!;
    expect(job).toMatchObject({
      status: 'offered',
      reconfirming: true,
      stateText: JOB_RECONFIRM_TEXT.driver,
      move: { date: outside },
      customer: null,
    });
    expect(Date.parse(job.respondBy)).toBeGreaterThan(Date.now());
    expect(await calendarJob(driverId, bookingId, outside)).toMatchObject({
      status: 'offered',
      stateText: JOB_RECONFIRM_TEXT.staff,
    });
    expect(await staffRecord(bookingId)).toMatchObject({
      driverAcceptedAt: null,
      driverToConfirm: { respondBy: job.respondBy },
    });
    const waiting = await myMove(booked.myMovePath);
    expect(waiting.driverStandingText).toBe(
      `Your new time is waiting for ${driverName} to confirm. We will text and e-mail you when they do.`,
    );
    expect(waiting.history.at(-1)).toMatchObject({ kind: 'driver', text: DRIVER_CHANGE_TEXT.toConfirm(driverName) });
    const toCustomer = await waitForMail(
      embedded.running().dataDir,
      (m) => m.subject === `Your driver is asked to confirm your new time: booking ${booked.randomNumber}`,
    );
    expect(toCustomer.to).toEqual(['keep-or-ask@example.com']);
    expect(toCustomer.text).toContain(booked.myMovePath);
    await waitForMail(
      embedded.running().dataDir,
      (m) => m.subject?.startsWith(`Confirm the new time of job ${booked.randomNumber}`) === true,
    );

    // (c) The driver accepts the new time: every view says accepted again.
    expect((await api('POST', `/api/driver/me/jobs/${bookingId}/accept`, undefined, asDriver(driverId))).status).toBe(
      200,
    );
    await settle();
    expect(await jobOf(driverId, bookingId)).toMatchObject({ status: 'accepted', reconfirming: false });
    expect(await calendarJob(driverId, bookingId, outside)).toMatchObject({
      status: 'accepted',
      stateText: 'Accepted',
    });
    expect(await staffRecord(bookingId)).toMatchObject({ driverToConfirm: null });
    expect((await staffRecord(bookingId)).driverAcceptedAt).not.toBeNull();
    expect((await myMove(booked.myMovePath)).driverStandingText).toBe(`${driverName} has accepted your move.`);
  });
});
