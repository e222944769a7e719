import { describe, expect, it } from 'vitest';
import {
  formatPence,
  DRIVER_ACCOUNT_MSG,
  DRIVER_CHANGE_TEXT,
  JOB_CLOSED_MSG,
  type BookingQuoteResponse,
  type DriverJobsResponse,
  type JobCandidate,
  type JobView,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { driverAuth, staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, priceAndSave, quoteForOffer } from '../support/gateway-api.js';
import { waitForMail } from '../../e2e/outbox-mail.js';

/**
 * Through the gateway of the embedded product: a driver's jobs follow their bookings
 * (postponed, re-dated, cancelled and refunded, in words and without the customer's details), and a
 * driver who gives a job back keeps its time taken while the booking needs a driver.
 */
const NOW = new Date();
const MOVE_DATE = daysAheadAtUtc(NOW, 5, 10);

describe('jobs follow bookings', () => {
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

  /** Save, pay 30 % on the local checkout: the success page's answer and the booked driver's id. */
  async function book(
    email: string,
    date = MOVE_DATE,
  ): Promise<PaymentSuccessResponse & { driverId: string; totalPricePence: number }> {
    const { quote, record } = await priceAndSave(api, completeBooking(date, { email }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    const view = await api<MyMoveView>('GET', `/api${success.body.myMovePath}`);
    return { ...success.body, driverId: view.body.driver!.id, totalPricePence: view.body.money.totalPence };
  }
  const jobOf = async (driverId: string, bookingId: string): Promise<JobView | undefined> => {
    const res = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, asDriver(driverId));
    expect(res.status).toBe(200);
    return [...res.body.upcoming, ...res.body.today, ...res.body.past].find((j) => j.bookingId === bookingId);
  };

  it('the customer reads "waiting for <driver> to accept" until the driver accepts; then My move says so, the customer is mailed and the driver gets the contact (issues 26 item 5, 27 item 7)', async () => {
    const booked = await book('accepted@example.com');
    const name = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body.driver!.name;
    expect(booked.driverStandingText).toBe(
      `Booked: waiting for ${name} to accept. We will text and e-mail you when they do.`,
    );
    // The job sheet the driver is mailed on booking names the customer but gives no contact yet.
    const sheet = await waitForMail(
      embedded.running().dataDir,
      (m) => !!m.subject?.startsWith(`New job ${booked.randomNumber}:`),
    );
    expect(sheet.text).not.toContain('accepted@example.com');
    expect(sheet.text).not.toContain('07123456789');

    // The portal, too, shows the name until the driver accepts, then the contact.
    expect(await jobOf(booked.driverId, booked.bookingId)).toMatchObject({
      status: 'offered',
      customerName: 'Alice Mover',
      customer: null,
    });
    expect(
      (await api('POST', `/api/driver/me/jobs/${booked.bookingId}/accept`, undefined, asDriver(booked.driverId)))
        .status,
    ).toBe(200);
    await settle();
    expect(await jobOf(booked.driverId, booked.bookingId)).toMatchObject({
      status: 'accepted',
      customer: { email: 'accepted@example.com', phone: '07123456789' },
    });
    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(view.driverStandingText).toBe(`${name} has accepted your move.`);
    expect(view.history.at(-1)).toMatchObject({ kind: 'driver', text: DRIVER_CHANGE_TEXT.accepted(name) });
    const toCustomer = await waitForMail(
      embedded.running().dataDir,
      (m) => m.subject === `${name} has accepted your move on ${sheet.subject!.split(': ')[1]!.split(' for ')[0]}`,
    );
    expect(toCustomer.to).toEqual(['accepted@example.com']);
    const contact = await waitForMail(
      embedded.running().dataDir,
      (m) => !!m.subject?.startsWith(`Job ${booked.randomNumber} accepted:`),
    );
    expect(contact.text).toContain('E-mail: accepted@example.com');
    expect(contact.text).toContain('Phone: 07123456789');
    // Accepting again changes nothing and mails nobody twice.
    expect(
      (await api('POST', `/api/driver/me/jobs/${booked.bookingId}/accept`, undefined, asDriver(booked.driverId)))
        .status,
    ).toBe(409);
  });

  it('a postponed job shows no customer and cannot be accepted; the new date offers it again', async () => {
    const booked = await book('postponed@example.com');
    expect(await jobOf(booked.driverId, booked.bookingId)).toMatchObject({
      status: 'offered',
      bookingState: 'active',
      customerName: 'Alice Mover',
      customer: null,
    });

    expect((await api('POST', `/api${booked.myMovePath}/postpone`)).status).toBe(200);
    await settle();
    const frozen = await jobOf(booked.driverId, booked.bookingId);
    expect(frozen).toMatchObject({
      bookingState: 'postponed',
      customer: null,
      stateText: 'Postponed by the customer: waiting for a new date',
    });
    const refused = await api(
      'POST',
      `/api/driver/me/jobs/${booked.bookingId}/accept`,
      undefined,
      asDriver(booked.driverId),
    );
    expect(refused).toMatchObject({ status: 409, body: { message: JOB_CLOSED_MSG.postponed } });

    const newDate = daysAheadAtUtc(NOW, 8, 11);
    expect((await api('POST', `/api${booked.myMovePath}/reactivate`, { date: newDate })).status).toBe(200);
    await settle();
    const again = await jobOf(booked.driverId, booked.bookingId);
    expect(again).toMatchObject({
      status: 'offered',
      bookingState: 'active',
      move: { date: newDate },
      customerName: 'Alice Mover',
      customer: null,
    });
    expect(
      (await api('POST', `/api/driver/me/jobs/${booked.bookingId}/accept`, undefined, asDriver(booked.driverId)))
        .status,
    ).toBe(200);
  });

  it('an accepted job amended by staff and then postponed by the customer shows each change in the portal', async () => {
    const booked = await book('amended-then-postponed@example.com', daysAheadAtUtc(NOW, 12, 10));
    expect(
      (await api('POST', `/api/driver/me/jobs/${booked.bookingId}/accept`, undefined, asDriver(booked.driverId)))
        .status,
    ).toBe(200);
    await settle();

    // Staff move it a day on, at 11:00, for 4 hours.
    const newDate = daysAheadAtUtc(NOW, 13, 11);
    const amended = await api(
      'POST',
      `/api/backdata/amend/${booked.bookingId}`,
      { date: newDate, hour: '04hr:00Min' },
      staff(),
    );
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    await settle();
    // The new time is inside the driver's hours: their acceptance stands (the change's mail tells them).
    expect(await jobOf(booked.driverId, booked.bookingId)).toMatchObject({
      status: 'accepted',
      bookingState: 'active',
      move: { date: newDate, totalHour: 4 },
    });

    // The customer postpones: the job says so, with no contact, whatever it said before.
    expect((await api('POST', `/api${booked.myMovePath}/postpone`)).status).toBe(200);
    await settle();
    expect(await jobOf(booked.driverId, booked.bookingId)).toMatchObject({
      bookingState: 'postponed',
      customer: null,
      stateText: 'Postponed by the customer: waiting for a new date',
      move: { date: newDate, totalHour: 4 },
    });
  });

  it("a customer's own open checkout counts as the driver's busy time for their booked move: neither staff's amendment nor a new date on My move may move onto it", async () => {
    const email = 'own-checkout@example.com';
    const booked = await book(email, daysAheadAtUtc(NOW, 15, 10));
    // The same customer, from the same browser, opens a checkout with the same driver a day later and leaves it open.
    const later = daysAheadAtUtc(NOW, 16, 10);
    const priced = await api<BookingQuoteResponse>('POST', '/api/booking', completeBooking(later, { email }));
    const offer = priced.body.offers.find((o) => o.driverId === booked.driverId)!;
    expect(offer, 'the customer is offered their own driver').toBeTruthy();
    const open = await api('POST', '/api/paymentbooking', { ...quoteForOffer(priced.body, offer), percentage: 30 });
    expect(open.status, JSON.stringify(open.body)).toBe(200);

    // Either move would leave the paid booking without its driver's time while that checkout could still be paid.
    const amended = await api('POST', `/api/backdata/amend/${booked.bookingId}`, { date: later }, staff());
    expect(amended.status, JSON.stringify(amended.body)).toBe(409);
    expect((await api('POST', `/api${booked.myMovePath}/postpone`)).status).toBe(200);
    expect((await api('POST', `/api${booked.myMovePath}/reactivate/price`, { date: later })).status).toBe(409);
    expect((await api('POST', `/api${booked.myMovePath}/reactivate`, { date: later })).status).toBe(409);
  });

  it('a cancelled job says so and what was refunded, shows no customer and cannot be accepted', async () => {
    const booked = await book('cancelled@example.com');
    expect((await api('POST', `/api${booked.myMovePath}/cancel`, { confirm: true })).status).toBe(200);
    await settle();
    const job = await jobOf(booked.driverId, booked.bookingId);
    expect(job).toMatchObject({ bookingState: 'cancelled', customer: null, refundPence: booked.paidPence });
    expect(job!.stateText).toBe(`Cancelled by the customer: ${formatPence(booked.paidPence)} refunded`);
    const refused = await api(
      'POST',
      `/api/driver/me/jobs/${booked.bookingId}/accept`,
      undefined,
      asDriver(booked.driverId),
    );
    expect(refused).toMatchObject({ status: 409, body: { message: JOB_CLOSED_MSG.cancelled } });
    // Nothing to reassign: a cancelled booking is not among the jobs back with the office.
    expect(
      (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body.map((j) => j.bookingId),
    ).not.toContain(booked.bookingId);
  });

  it('a decline keeps the driver’s time while the booking names them: the booking needs a driver, staff see it, the office is told, My move names nobody', async () => {
    const booked = await book('declined@example.com');
    const declined = await api<JobView>(
      'POST',
      `/api/driver/me/jobs/${booked.bookingId}/decline`,
      undefined,
      asDriver(booked.driverId),
    );
    expect(declined.status).toBe(200);
    await settle();

    // Another customer asking for the same time is not offered the driver who declined.
    const other = await api<{ offers: { driverId: string }[] }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE_DATE, { email: 'someone-else@example.com' }),
    );
    expect(other.status).toBe(200);
    expect(other.body.offers.map((o) => o.driverId)).not.toContain(booked.driverId);

    const records = await api<{ _id: string; needsDriver: { because: string; driverId: string } | null }[]>(
      'GET',
      '/api/backdata/all',
      undefined,
      staff(),
    );
    expect(records.body.find((r) => r._id === booked.bookingId)?.needsDriver).toMatchObject({
      because: 'declined',
      driverId: booked.driverId,
    });
    const returned = await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff());
    expect(returned.body.find((j) => j.bookingId === booked.bookingId)).toMatchObject({
      returnedBecause: 'declined',
      stateText: 'Declined: back with the office',
    });

    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(view.driver).toBeNull();
    expect(view.history.map((h) => h.text)).toContain(DRIVER_CHANGE_TEXT.lost);

    const alert = await waitForMail(
      embedded.running().dataDir,
      (m) => !!m.subject?.startsWith(`Job ${booked.randomNumber} needs a driver`),
    );
    expect(alert.text).toContain('keeps their time until you reassign it');
    declinedBooking = booked;
  });

  let declinedBooking: Awaited<ReturnType<typeof book>>;

  it('staff reassign it to a driver free for the move, at their price for it: the customer is mailed, My move names them, the old driver is free again', async () => {
    const booked = declinedBooking;
    const listed = await api<JobCandidate[]>(
      'GET',
      `/api/drivers/admin/jobs/${booked.bookingId}/candidates`,
      undefined,
      staff(),
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.map((c) => c.driverId)).not.toContain(booked.driverId);
    for (const c of listed.body)
      expect(c).toMatchObject({
        bookedPence: booked.totalPricePence,
        overBookedPence: Math.max(0, c.pricePence - booked.totalPricePence),
      });
    expect(
      (
        await api(
          'POST',
          `/api/drivers/admin/jobs/${booked.bookingId}/reassign`,
          { driverId: booked.driverId },
          staff(),
        )
      ).status,
    ).toBe(409);

    // A dearer driver needs staff to confirm the difference; the customer never pays more.
    const dearer = listed.body.find((c) => c.overBookedPence > 0);
    if (dearer) {
      const refused = await api(
        'POST',
        `/api/drivers/admin/jobs/${booked.bookingId}/reassign`,
        { driverId: dearer.driverId },
        staff(),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('confirm to reassign');
    }
    const chosen = listed.body[0]!;
    const done = await api<JobView>(
      'POST',
      `/api/drivers/admin/jobs/${booked.bookingId}/reassign`,
      // The demo drivers have no portal account: staff confirm they will tell the driver themselves.
      { driverId: chosen.driverId, acceptDifference: chosen.overBookedPence > 0, confirmNoAccount: true },
      staff(),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ driverId: chosen.driverId, status: 'offered' });
    await settle();

    expect(await jobOf(chosen.driverId, booked.bookingId)).toMatchObject({
      status: 'offered',
      customerName: 'Alice Mover',
      customer: null,
    });
    expect(await jobOf(booked.driverId, booked.bookingId)).toBeUndefined();
    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(view.driver).toEqual({ id: chosen.driverId, name: chosen.name });
    expect(view.history.map((h) => h.text)).toContain(DRIVER_CHANGE_TEXT.newDriver(chosen.name));
    expect(view.money.totalPence).toBe(booked.totalPricePence);
    const records = await api<{ _id: string; needsDriver: unknown; driver: { id: string } }[]>(
      'GET',
      '/api/backdata/all',
      undefined,
      staff(),
    );
    expect(records.body.find((r) => r._id === booked.bookingId)).toMatchObject({
      needsDriver: null,
      driver: { id: chosen.driverId },
    });
    const mail = await waitForMail(
      embedded.running().dataDir,
      (m) =>
        m.to.includes('declined@example.com') &&
        m.subject === `Your new driver for booking ${booked.randomNumber}: ${chosen.name}`,
    );
    expect(mail.text).toContain(booked.myMovePath);

    // A later change is priced with the new driver and keeps naming them (not the one who declined).
    const hoursBefore = (await jobOf(chosen.driverId, booked.bookingId))!.move.totalHour;
    const longer = hoursBefore + 0.5;
    const amended = await api<{ quote: { driverId: string; driverName: string } }>(
      'POST',
      `/api/backdata/amend/${booked.bookingId}`,
      { hour: `${String(Math.floor(longer)).padStart(2, '0')}hr:${longer % 1 ? '30' : '00'}Min` },
      staff(),
    );
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    expect(amended.body.quote).toMatchObject({ driverId: chosen.driverId, driverName: chosen.name });
    await settle();
    expect((await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body.driver).toEqual({
      id: chosen.driverId,
      name: chosen.name,
    });
    expect(await jobOf(chosen.driverId, booked.bookingId)).toMatchObject({ move: { totalHour: longer } });
    expect(await jobOf(booked.driverId, booked.bookingId)).toBeUndefined();

    // The driver who declined is free for that time again; the new one is not.
    const other = await api<{ offers: { driverId: string }[] }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE_DATE, { email: 'someone-else@example.com' }),
    );
    expect(other.body.offers.map((o) => o.driverId)).toContain(booked.driverId);
    expect(other.body.offers.map((o) => o.driverId)).not.toContain(chosen.driverId);
    expect(
      (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body.map((j) => j.bookingId),
    ).not.toContain(booked.bookingId);
  });

  it('suspending a driver puts their upcoming jobs back with the office: each booking needs a driver, the office is mailed, their session reads nothing more', async () => {
    const first = await book('suspended-1@example.com', daysAheadAtUtc(NOW, 10, 10));
    const second = await book('suspended-2@example.com', daysAheadAtUtc(NOW, 11, 10));
    expect(second.driverId).toBe(first.driverId);
    const driverId = first.driverId;

    // What the confirmation lists before staff confirm.
    const upcoming = await api<JobView[]>('GET', `/api/drivers/admin/${driverId}/upcoming-jobs`, undefined, staff());
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.map((j) => j.bookingId)).toEqual(expect.arrayContaining([first.bookingId, second.bookingId]));
    expect(
      (await api('GET', `/api/drivers/admin/${driverId}/upcoming-jobs`, undefined, asDriver(driverId))).status,
    ).toBe(401);

    expect((await api('GET', '/api/driver/earnings', undefined, asDriver(driverId))).status).toBe(200);
    expect(
      (await api('POST', `/api/drivers/admin/${driverId}/suspend`, { reason: 'Insurance lapsed' }, staff())).status,
    ).toBe(200);
    await settle();

    // The open session: refused on its jobs, profile and earnings (the payment service's), with the reason.
    for (const path of [
      '/api/driver/me/jobs',
      '/api/driver/me',
      '/api/driver/earnings',
      '/api/driver/earnings/statement.csv',
    ]) {
      expect(await api('GET', path, undefined, asDriver(driverId))).toMatchObject({
        status: 403,
        body: { message: DRIVER_ACCOUNT_MSG.suspended },
      });
    }
    const returned = (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body;
    const records = (
      await api<{ _id: string; needsDriver: { because: string; driverId: string } | null }[]>(
        'GET',
        '/api/backdata/all',
        undefined,
        staff(),
      )
    ).body;
    for (const job of upcoming.body) {
      // A job an earlier test postponed goes back too, and still reads as postponed first.
      expect(returned.find((j) => j.bookingId === job.bookingId)).toMatchObject({
        returnedBecause: 'suspended',
        stateText:
          job.bookingState === 'postponed'
            ? 'Postponed by the customer: waiting for a new date'
            : 'Driver suspended: back with the office',
      });
      expect(records.find((r) => r._id === job.bookingId)?.needsDriver).toMatchObject({
        because: 'suspended',
        driverId,
      });
    }
    for (const booked of [first, second]) {
      const alert = await waitForMail(
        embedded.running().dataDir,
        (m) => !!m.subject?.startsWith(`Job ${booked.randomNumber} needs a driver`),
      );
      expect(alert.subject).toContain('is no longer available');
      expect(alert.text).toContain('keeps their time until you reassign it');
      // The customer is told nothing alarming: My move says the office is finding another driver.
      const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
      expect(view.driver).toBeNull();
      expect(view.history.map((h) => h.text)).toContain(DRIVER_CHANGE_TEXT.lost);
    }

    // Reassigned as any returned job: the suspended driver is no candidate; the customer is mailed the new one.
    const listed = await api<JobCandidate[]>(
      'GET',
      `/api/drivers/admin/jobs/${first.bookingId}/candidates`,
      undefined,
      staff(),
    );
    expect(listed.body.map((c) => c.driverId)).not.toContain(driverId);
    const chosen = listed.body[0]!;
    const done = await api(
      'POST',
      `/api/drivers/admin/jobs/${first.bookingId}/reassign`,
      // The demo drivers have no portal account: staff confirm they will tell the driver themselves.
      { driverId: chosen.driverId, acceptDifference: chosen.overBookedPence > 0, confirmNoAccount: true },
      staff(),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await waitForMail(
      embedded.running().dataDir,
      (m) =>
        m.to.includes('suspended-1@example.com') &&
        m.subject === `Your new driver for booking ${first.randomNumber}: ${chosen.name}`,
    );

    // Reactivating restores the session's access; the jobs given back stay with the office.
    expect((await api('POST', `/api/drivers/admin/${driverId}/reactivate`, undefined, staff())).status).toBe(200);
    expect(await jobOf(driverId, second.bookingId)).toBeUndefined();
  });
});
