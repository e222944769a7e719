import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_CHANGE_TEXT,
  type BookingQuoteResponse,
  type JobView,
  type MyMoveView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { openDemoPortalAccounts } from '../support/portal-accounts.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';
import { outboxMails, waitForMail } from '../../e2e/outbox-mail.js';

/**
 * Suspending a driver, through the gateway of the embedded product, with the mails read: each
 * upcoming job goes to the next free driver at no more than the customer paid, the customer is told
 * who, and only a job nobody else can take goes to the office with the customer told so.
 */
const NOW = new Date();

describe('suspending a driver hands each job to the next free driver', () => {
  const embedded = useEmbeddedProduct();
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });
  const mail = (match: Parameters<typeof waitForMail>[1]) => waitForMail(embedded.running().dataDir, match);
  beforeAll(() => openDemoPortalAccounts(embedded.product()));

  async function settle() {
    for (let i = 0; i < 3; i++) {
      await embedded.product().bus.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Books the offer `pick` chooses for a move on `date` (30 % paid on the local checkout). */
  async function bookWith(email: string, date: string, pick: (offers: BookingQuoteResponse['offers']) => number) {
    const priced = await api<BookingQuoteResponse>('POST', '/api/booking', completeBooking(date, { email }));
    expect(priced.status).toBe(200);
    expect(priced.body.offers.length).toBeGreaterThanOrEqual(3);
    // In the drivers' own prices' order (the hand-on's ceiling: a driver's own price within the booked one).
    const byTotal = [...priced.body.offers].sort(
      (a, b) => a.totalPrice - b.totalPrice || b.rating - a.rating || a.driverName.localeCompare(b.driverName),
    );
    const offer = byTotal[pick(byTotal)]!;
    const saved = await api<{ data: { randomNumber: number } }>('POST', '/api/saveRetrieve', {
      quote: quoteForOffer(priced.body, offer),
    });
    expect(saved.status).toBe(201);
    const { checkout } = await payOnLocalCheckout(api, {
      ...quoteForOffer(priced.body, offer),
      randomNumber: saved.body.data.randomNumber,
      percentage: 30,
    });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    await settle();
    return {
      ...success.body,
      offer,
      driverId: offer.driverId,
      others: byTotal.filter((o) => o !== offer),
      // The offers' order (cheapest in all: own price and the known charges on the day), as the hand-on tries them.
      othersInOrder: priced.body.offers.filter((o) => o.driverId !== offer.driverId),
    };
  }

  it('a driver with other drivers free for less: the job is offered to the cheapest of them, the customer mailed who, My move names them', async () => {
    const date = daysAheadAtUtc(NOW, 12, 10);
    const booked = await bookWith('hand-on@example.com', date, (offers) => offers.length - 1);
    const next = booked.othersInOrder.find((o) => o.totalPrice <= booked.offer.totalPrice)!;
    expect(
      (await api('POST', `/api/drivers/admin/${booked.driverId}/suspend`, { reason: 'Van off the road' }, staff()))
        .status,
    ).toBe(200);
    await settle();

    const toCustomer = await mail(
      (m) =>
        m.to.includes('hand-on@example.com') &&
        m.subject === `Your new driver for booking ${booked.randomNumber}: ${next.driverName}`,
    );
    expect(toCustomer.text).toContain(`so we have offered it to ${next.driverName}, who is free at that time`);
    await mail((m) => !!m.subject?.startsWith(`Accept or decline job ${booked.randomNumber} by`));
    const view = (await api<MyMoveView>('GET', `/api${booked.myMovePath}`)).body;
    expect(view.driver?.name).toBe(next.driverName);
    expect(view.history.map((h) => h.text)).toContain(DRIVER_CHANGE_TEXT.newDriver(next.driverName));
    expect(view.history.map((h) => h.text)).not.toContain(DRIVER_CHANGE_TEXT.lost);
    // Nothing for the office to do, and never the "no other driver is free" mail.
    const office = (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body;
    expect(office.map((j) => j.bookingId)).not.toContain(booked.bookingId);
    const all = await outboxMails(embedded.running().dataDir);
    expect(all.some((m) => m.subject?.startsWith(`Job ${booked.randomNumber} needs a driver`))).toBe(false);
    expect(all.some((m) => m.to.includes('hand-on@example.com') && /no other driver is free/.test(m.text ?? ''))).toBe(
      false,
    );
  });

  it('a driver nobody else can stand in for at the price: the job goes to the office, and the customer is told no other driver is free', async () => {
    const date = daysAheadAtUtc(NOW, 13, 10);
    // The cheapest driver: every other asks more than the customer paid.
    const booked = await bookWith('no-one-free@example.com', date, () => 0);
    expect(booked.others.every((o) => o.totalPrice > booked.offer.totalPrice)).toBe(true);
    expect(
      (await api('POST', `/api/drivers/admin/${booked.driverId}/suspend`, { reason: 'Insurance lapsed' }, staff()))
        .status,
    ).toBe(200);
    await settle();

    const toCustomer = await mail(
      (m) => m.to.includes('no-one-free@example.com') && !!m.subject?.startsWith('We are finding a driver'),
    );
    expect(toCustomer.text).toContain('no other driver is free at that time for the price you paid');
    await mail((m) => !!m.subject?.startsWith(`Job ${booked.randomNumber} needs a driver`));
    const office = (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body;
    expect(office.find((j) => j.bookingId === booked.bookingId)).toMatchObject({ returnedBecause: 'suspended' });
  });
});
