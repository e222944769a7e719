import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventPayloads } from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { startNotificationOnTempDir, type NotificationOnTempDir } from './support/on-temp-dir.js';
import { bookingConfirmed, clock, jobs, lifecycle } from './support/events.js';

const CUSTOMER = '+447700900123';
const DRIVER = '+447700900777';
const MY_MOVE = `https://vanhop.test${lifecycle.myMovePath}`;

/** An event that happened at `at` (the order a booking's changes happened in, whatever order they arrive in). */
const at = <K extends keyof EventPayloads>(topic: K, data: EventPayloads[K], iso: string) =>
  createEvent(topic, data, { producer: 'test', clock: fixedClock(iso) });

describe('every change of a booking is texted as well as mailed, and the last text is the latest change', () => {
  let running: NotificationOnTempDir;

  beforeEach(async () => {
    running = await startNotificationOnTempDir({ PUBLIC_URL: 'https://vanhop.test' }, { clock });
  });
  afterEach(async () => {
    await running.stop();
  });

  const publish = async <K extends keyof EventPayloads>(topic: K, data: EventPayloads[K], iso: string) => {
    await running.bus.publish(topic, await at(topic, data, iso));
    await running.bus.idle();
  };
  const textsTo = async (to: string) =>
    (await running.outbox.texts())
      .filter((t) => t.to === to)
      .map((t) => t.body)
      .reverse();

  it('a staff amendment: the customer is texted the new time and price, the driver the new time', async () => {
    await publish(TOPICS.bookingAmended, lifecycle.amended, '2026-03-01T11:00:00.000Z');
    expect(await textsTo(CUSTOMER)).toEqual([
      `VanHop: your move (booking 4815162) has changed: now Wednesday, 15 July 2026 at 18:00, 5 hours, price £315.50. £244.85 left to pay. Details: ${MY_MOVE}`,
    ]);
    expect(await textsTo(DRIVER)).toEqual([
      'VanHop: job 4815162 has changed: now Wednesday, 15 July 2026 at 18:00 (5 hours). Details: https://vanhop.test/driver/jobs',
    ]);
  });

  it("the customer's new date for a postponed move, and the postponement itself, reach both phones", async () => {
    await publish(TOPICS.bookingPostponed, lifecycle.postponed, '2026-03-02T10:00:00.000Z');
    await publish(TOPICS.bookingReactivated, lifecycle.reactivated, '2026-03-03T10:00:00.000Z');
    const customer = await textsTo(CUSTOMER);
    expect(customer).toHaveLength(2);
    expect(customer[0]).toContain('(booking 4815162) is postponed; what you paid is kept for it.');
    expect(customer[1]).toBe(
      `VanHop: your move (booking 4815162) is now on Tuesday, 1 September 2026 at 10:00, price £255.50. £184.85 left to pay. Details: ${MY_MOVE}`,
    );
    const driver = await textsTo(DRIVER);
    expect(driver[0]).toContain('job 4815162 on Tuesday, 14 July 2026 at 09:00 is postponed by the customer');
    expect(driver[1]).toContain('job 4815162 has changed: now Tuesday, 1 September 2026 at 10:00');
  });

  it('a staff cancellation says VanHop cancelled (to both), and its refund is texted when issued', async () => {
    const cancelled = {
      ...lifecycle.cancelledLate,
      cancelledBy: 'staff' as const,
      reason: 'no van available',
      refundPence: 7065,
      withinCoolingOff: false,
    };
    await publish(TOPICS.bookingCancelled, cancelled, '2026-03-02T10:30:00.000Z');
    await publish(
      TOPICS.refundIssued,
      { ...lifecycle.refundIssued, reason: 'staff-cancellation' },
      '2026-03-02T10:31:00.000Z',
    );
    expect(await textsTo(CUSTOMER)).toEqual([
      `VanHop: VanHop has cancelled your move on Tuesday, 14 July 2026 at 09:00 (booking 4815162). £70.65 is being refunded to your card. ${MY_MOVE}`,
      `VanHop: we have refunded £70.65 to your card for booking 4815162 (Cancellation by VanHop). Banks usually show it within 5 to 10 working days. Receipt: ${MY_MOVE}`,
    ]);
    expect(await textsTo(DRIVER)).toEqual([
      'VanHop: VanHop has cancelled job 4815162 on Tuesday, 14 July 2026 at 09:00. You do not need to attend.',
    ]);
  });

  it("the customer's own cancellation is texted as theirs", async () => {
    await publish(TOPICS.bookingCancelled, lifecycle.cancelledLate, '2026-03-02T10:30:00.000Z');
    expect(await textsTo(CUSTOMER)).toEqual([
      `VanHop: your move on Tuesday, 14 July 2026 at 09:00 (booking 4815162) is cancelled. No money paid is refunded. ${MY_MOVE}`,
    ]);
    expect(await textsTo(DRIVER)).toEqual([
      'VanHop: The customer has cancelled job 4815162 on Tuesday, 14 July 2026 at 09:00. You do not need to attend.',
    ]);
  });

  it('a driver asked to confirm a new time: the customer is texted that the acceptance is asked again', async () => {
    await publish(
      TOPICS.jobOffered,
      {
        ...jobs.offered,
        driver: { ...jobs.offered.driver, name: 'Sam Driver', phone: '07700900777' },
        reconfirm: {
          customer: { name: 'Ada', email: 'ada@example.com', phone: '07700900123' },
          myMovePath: lifecycle.myMovePath,
        },
      },
      '2026-03-01T10:00:00.000Z',
    );
    expect(await textsTo(CUSTOMER)).toEqual([
      `VanHop: your move (booking 4815162) is now on Tuesday, 14 July 2026 at 09:00. We have asked Sam Driver to confirm the new time by Sunday, 1 March 2026 at 12:00 and will tell you either way. ${MY_MOVE}`,
    ]);
  });

  it('a change that arrives after a later one was texted is mailed but not texted; a redelivery is not sent twice', async () => {
    const cancellation = await at(TOPICS.bookingCancelled, lifecycle.cancelledLate, '2026-03-02T12:00:00.000Z');
    const amendment = await at(TOPICS.bookingAmended, lifecycle.amended, '2026-03-02T11:00:00.000Z');
    await running.bus.publish(TOPICS.bookingCancelled, cancellation);
    await running.bus.idle();
    await running.bus.publish(TOPICS.bookingAmended, amendment);
    await running.bus.idle();
    await running.bus.publish(TOPICS.bookingCancelled, cancellation);
    await running.bus.idle();

    const customer = await textsTo(CUSTOMER);
    expect(customer).toHaveLength(1);
    expect(customer[0]).toContain('is cancelled');
    expect(await textsTo(DRIVER)).toEqual([
      'VanHop: The customer has cancelled job 4815162 on Tuesday, 14 July 2026 at 09:00. You do not need to attend.',
    ]);
    // The amendment's mails still go: they are a record, not the last word on a phone.
    const subjects = (await running.outbox.mails()).map((m) => m.subject);
    expect(subjects).toContain('Booking 4815162 changed: Wednesday, 15 July 2026 at 18:00');
  });

  it("one booking's later change does not hold back another booking's texts", async () => {
    await publish(TOPICS.bookingCancelled, lifecycle.cancelledLate, '2026-03-02T12:00:00.000Z');
    await publish(
      TOPICS.bookingAmended,
      { ...lifecycle.amended, bookingId: 'b-2002', randomNumber: 2002 },
      '2026-03-02T11:00:00.000Z',
    );
    const customer = await textsTo(CUSTOMER);
    expect(customer).toHaveLength(2);
    expect(customer[1]).toContain('(booking 2002) has changed');
  });

  it('a confirmation delivered after the cancellation was texted is not texted: the last text stays the cancellation', async () => {
    await publish(TOPICS.bookingCancelled, lifecycle.cancelledLate, '2026-03-02T12:00:00.000Z');
    await publish(TOPICS.bookingConfirmed, bookingConfirmed, '2026-03-01T10:00:00.000Z');
    const customer = await textsTo(CUSTOMER);
    expect(customer).toHaveLength(1);
    expect(customer[0]).toContain('is cancelled');
  });

  it('a balance paid online: both phones are told nothing is to be paid or collected on the day', async () => {
    await publish(TOPICS.balancePaid, lifecycle.balancePaid, '2026-03-03T12:00:00.000Z');
    expect(await textsTo(CUSTOMER)).toEqual([
      `VanHop: thank you, the balance of £164.85 for booking 4815162 is paid. Nothing is to be paid to the driver on the day. Receipt: ${MY_MOVE}`,
    ]);
    expect(await textsTo(DRIVER)).toEqual([
      'VanHop: the balance of job 4815162 (Tuesday, 14 July 2026 at 09:00) is paid online. Nothing is to be collected on the day.',
    ]);
  });
});
