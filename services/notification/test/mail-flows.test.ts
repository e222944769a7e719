import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_CHOICE, TOPICS } from '@vanhop/contracts';
import type { MemoryEventBus, RunningService } from '@vanhop/platform';
import { SmtpSink } from './support/smtp-sink.js';
import { startSmsProvider } from './support/sms-provider.js';
import { startNotificationOnTempDir, type NotificationOnTempDir } from './support/on-temp-dir.js';
import { createEvent } from '@vanhop/platform';
import { bookingConfirmed, clock, event, jobs, lifecycle, quoteSaved as quoteSavedFixture } from './support/events.js';

const text = (m: { mail: { text?: string } }) => m.mail.text ?? '';
const htmlOf = (m: { mail: { html: string | false } }) => (m.mail.html || '') as string;

describe('notification consumers send real mail over SMTP', () => {
  const smtp = new SmtpSink();
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let bus: MemoryEventBus;
  let service: RunningService;
  let running: NotificationOnTempDir | undefined;

  beforeAll(async () => {
    await smtp.start();
    sms = await startSmsProvider();
    running = await startNotificationOnTempDir(
      {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'VanHop Removals <bookings@vanhop.test>',
        MAIL_REPLY_TO: 'support@vanhop.test',
        OFFICE_EMAIL: 'office@vanhop.test',
        PUBLIC_URL: 'https://vanhop.test',
        REVIEW_URL: 'https://reviews.vanhop.test/write',
        SMS_PROVIDER_URL: sms.url,
        SMS_API_KEY: 'sms-test-key',
        SMS_FROM: 'VanHop',
        DELIVERY_MAX_RETRIES: '8',
        DELIVERY_RETRY_BACKOFF_MS: '50',
      },
      { clock },
    );
    ({ bus, service } = running);
  });

  afterAll(async () => {
    await running?.stop();
    await smtp.stop();
    await sms?.close();
  });

  beforeEach(() => {
    smtp.received.length = 0;
    sms.received.length = 0;
  });

  it('QuoteSaved: the customer gets the retrieve code, link and price per half hour', async () => {
    const e = await event.quoteSaved();
    await bus.publish(TOPICS.quoteSaved, e);
    await bus.idle();
    const m = (await smtp.waitFor(1))[0]!;
    expect(m.envelopeTo).toEqual(['ada@example.com']);
    expect(m.mail.subject).toBe('Your VanHop quote 4815162 is saved');
    expect(m.mail.from?.value).toEqual([{ name: 'VanHop Removals', address: 'bookings@vanhop.test' }]);
    expect(m.mail.replyTo?.text).toBe('support@vanhop.test');
    expect(m.mail.messageId).toBe(`<quote-saved.${e.eventId}@vanhop.local>`);
    expect(text(m!)).toContain('Retrieve code: 4815162');
    expect(text(m!)).toContain('Link: https://vanhop.test/retrieve/4815162');
    expect(text(m!)).toContain('Total price: £235.50');
    expect(text(m!)).toContain('Price per half hour (extra time): £29.43');
    expect(text(m!)).toContain('Move date: Saturday, 14 March 2026 at 09:30');
    // Nobody proved the address: the greeting names nobody, so the saver's words are not in it.
    expect(text(m!)).toContain('Hello,');
    expect(text(m!)).not.toContain('Lovelace');
    expect(htmlOf(m!)).toContain('<p>Hello,</p>');
    expect(htmlOf(m!)).not.toContain('Lovelace');
    expect(htmlOf(m!)).toContain('href="https://vanhop.test/retrieve/4815162"');
    // The booking form promises a text with the link to the quote: it is sent.
    await expect.poll(() => sms.received.length).toBe(1);
    const sent = sms.received[0]!;
    expect(sent.idempotencyKey).toBe(`quote-saved.${e.eventId}.sms`);
    expect(sent.body.body).toBe(
      'VanHop: your quote 4815162 (£235.50) is saved. Come back to it at any time: https://vanhop.test/retrieve/4815162',
    );
  });

  it('QuoteSaved names the move saved: the route, the van and help, and the driver, in the mail and the text', async () => {
    const e = await createEvent(
      TOPICS.quoteSaved,
      {
        ...quoteSavedFixture,
        // Another address and booking: saved-quote mails to one address are limited a day.
        bookingId: 'b-1070',
        customer: { name: 'Grace', email: 'grace@example.com', phone: '07700900124' },
        randomNumber: 4815170,
        retrievePath: '/retrieve/4815170',
        places: ['London NW2, UK', 'London E1, UK', 'London SE1, UK'],
        vanSize: 'Large',
        helpLevel: 'Driver-Help',
        driverName: 'Dan <Driver>',
      },
      { producer: 'booking', clock },
    );
    await bus.publish(TOPICS.quoteSaved, e);
    await bus.idle();
    const m = (await smtp.waitFor(1))[0]!;
    expect(text(m)).toContain('Route: London NW2, UK → London E1, UK → London SE1, UK');
    expect(text(m)).toContain('Van and help: Large, Driver-Help');
    expect(text(m)).toContain('Driver: Dan <Driver>');
    expect(htmlOf(m)).toContain('Dan &lt;Driver&gt;');
    await expect.poll(() => sms.received.length).toBe(1);
    expect(sms.received[0]!.body.body).toBe(
      'VanHop: your quote 4815170 (£235.50, London NW2, UK → London SE1, UK, Large van with Dan <Driver>) is saved. Come back to it at any time: https://vanhop.test/retrieve/4815170',
    );
  });

  it('BookingConfirmed: customer confirmation, a text message and the driver job e-mail', async () => {
    const e = await event.bookingConfirmed();
    await bus.publish(TOPICS.bookingConfirmed, e);
    await bus.idle();
    await smtp.waitFor(2);
    expect(smtp.received).toHaveLength(2);

    const [customer] = smtp.bySubject('Booking confirmed');
    expect(customer!.envelopeTo).toEqual(['ada@example.com']);
    // 08:00 UTC in July is 09:00 in London (BST).
    expect(customer!.mail.subject).toBe('Booking confirmed: Tuesday, 14 July 2026 at 09:00 (ref 4815162)');
    const body = text(customer!);
    // Booked, and waiting for the driver to accept: their contact reaches the driver only then.
    expect(body).toContain(
      'Your move is booked: your deposit is paid. We have asked Sam Driver to accept it and will e-mail and text you as soon as they do; only then do they get your name, e-mail and phone number.',
    );
    // A deposit is not payment in full: never "booked and paid" while a balance is due.
    expect(body).not.toContain('booked and paid');
    expect(htmlOf(customer!)).not.toContain('booked and paid');
    expect(body).toContain('Collection: Flat 3, 12 Cricklewood Lane, London NW2, UK (2 flights of stairs)');
    expect(body).toContain('Delivery: 7 Broadway, Ealing, London W5, UK (Elevator / No stairs)');
    expect(body).toContain('Van: Large Van (long wheel base)');
    expect(body).toContain('Help: Driver-Help');
    expect(body).toContain('Booked time: 3 hours 30 minutes');
    expect(body).toContain('Amount paid: £70.65');
    expect(body).toContain('Outstanding balance: £164.85, payable to the driver on the day of the move.');
    expect(body).toContain('Cooling-off: you can cancel free of charge within 1 hour of booking.');
    expect(body).toMatch(/Cancellation: .*money already paid is not refunded/);
    expect(htmlOf(customer!)).toContain('Outstanding balance: £164.85, payable to the driver on the day of the move.');

    const driver = smtp.bySubject('New job')[0]!;
    expect(driver.envelopeTo).toEqual(['sam.driver@example.com']);
    expect(driver.mail.subject).toBe('New job 4815162: Tuesday, 14 July 2026 at 09:00 for Ada <Lovelace>');
    // The customer's contact reaches the driver only once they accept the job (JobAccepted).
    expect(driver.mail.replyTo?.text).toBe('support@vanhop.test');
    expect(text(driver!)).toContain('Customer: Ada <Lovelace>');
    expect(text(driver!)).not.toContain('ada@example.com');
    expect(text(driver!)).not.toContain('07700900123');
    expect(text(driver!)).toContain(
      "Accept the job in your driver portal to get the customer's phone number and e-mail.",
    );
    expect(text(driver!)).toContain('Collect from the customer on the day: £164.85.');
    expect(htmlOf(driver!)).not.toContain('tel:');

    expect(sms.received).toHaveLength(1);
    const sent = sms.received[0]!;
    expect(sent.auth).toBe('Bearer sms-test-key');
    expect(sent.body.to).toBe('+447700900123');
    expect(sent.body.from).toBe('VanHop');
    expect(sent.idempotencyKey).toBe(`booking-confirmed.${e.eventId}.sms`);
    expect(sent.body.body).toBe(
      'VanHop: booking 4815162 confirmed for Tuesday, 14 July 2026 at 09:00. Paid £70.65, £164.85 due to the driver on the day. Driver: Sam Driver. Free cancellation within 1 hour. Details by e-mail.',
    );
  });

  it('BookingConfirmed paid in full: nothing to collect', async () => {
    await bus.publish(
      TOPICS.bookingConfirmed,
      await event.bookingConfirmed({
        ...bookingConfirmed,
        paymentStatus: 'paid',
        amountPaidPence: 23550,
        outstandingBalancePence: 0,
      }),
    );
    await bus.idle();
    await smtp.waitFor(2);
    expect(text(smtp.bySubject('Booking confirmed')[0]!)).toContain(
      'Outstanding balance: nothing, you have paid in full.',
    );
    expect(text(smtp.bySubject('Booking confirmed')[0]!)).toContain('Your move is booked and paid.');
    expect(text(smtp.bySubject('New job')[0]!)).toContain('The customer has paid in full online: nothing to collect.');
  });

  it('ReviewRequested: the customer is asked for a review', async () => {
    await bus.publish(TOPICS.reviewRequested, await event.reviewRequested());
    await bus.idle();
    const m = (await smtp.waitFor(1))[0]!;
    expect(m.envelopeTo).toEqual(['ada@example.com']);
    expect(m.mail.subject).toBe('How was your move with VanHop?');
    expect(text(m!)).toContain('Leave a review: https://reviews.vanhop.test/write');
    expect(htmlOf(m!)).toContain('href="https://reviews.vanhop.test/write"');
  });

  it('the contact form reaches the office through the outbox, the bus and SMTP', async () => {
    const res = await fetch(`${service.url}/api/contact/sendemail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bob Smith',
        email: 'bob@example.com',
        phone: '02071234567',
        title: 'Piano move',
        message: 'Can you move <b>a piano</b>?',
        agree: true,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Thank you for your message. Our team will get back to you shortly.' });
    const m = (await smtp.waitFor(1))[0]!;
    expect(m.envelopeTo).toEqual(['office@vanhop.test']);
    expect(m.mail.subject).toBe('Contact form: Piano move');
    expect(m.mail.replyTo?.text).toBe('bob@example.com');
    expect(text(m!)).toContain('Can you move <b>a piano</b>?');
    expect(htmlOf(m!)).toContain('Can you move &lt;b&gt;a piano&lt;/b&gt;?');
  });

  it('after booking: cancellation (customer and driver), refund receipt, balance receipt, postponed, new date and a staff amendment; redeliveries send nothing twice', async () => {
    const events = [
      await createEvent(TOPICS.bookingCancelled, lifecycle.cancelledInCoolingOff, { producer: 'booking', clock }),
      await createEvent(TOPICS.refundIssued, lifecycle.refundIssued, { producer: 'payment', clock }),
      await createEvent(TOPICS.balancePaid, lifecycle.balancePaid, { producer: 'booking', clock }),
      await createEvent(TOPICS.bookingPostponed, lifecycle.postponed, { producer: 'booking', clock }),
      await createEvent(TOPICS.bookingReactivated, lifecycle.reactivated, { producer: 'booking', clock }),
      await createEvent(TOPICS.bookingAmended, lifecycle.amended, { producer: 'booking', clock }),
    ];
    for (let i = 0; i < 2; i++) for (const e of events) await bus.publish(e.type, e);
    await bus.idle();
    await smtp.waitFor(11);
    await new Promise((r) => setTimeout(r, 200));
    const sent = smtp.received.map((m) => `${m.envelopeTo.join(',')} ${m.mail.subject}`).sort();
    expect(sent).toEqual(
      [
        'ada@example.com Booking 4815162 cancelled',
        'ada@example.com Booking 4815162 changed: Wednesday, 15 July 2026 at 18:00',
        'sam.driver@example.com Job 4815162 changed: Wednesday, 15 July 2026 at 18:00',
        'ada@example.com Booking 4815162 postponed',
        'ada@example.com New date confirmed: Tuesday, 1 September 2026 at 10:00 (ref 4815162)',
        'ada@example.com Receipt: balance paid for booking 4815162',
        'ada@example.com Refund receipt: £70.65 for booking 4815162',
        'sam.driver@example.com Job 4815162 cancelled: Tuesday, 14 July 2026 at 09:00',
        'sam.driver@example.com Job 4815162 has a new date: Tuesday, 1 September 2026 at 10:00',
        'sam.driver@example.com Job 4815162 postponed: Tuesday, 14 July 2026 at 09:00 is off',
        'sam.driver@example.com Job 4815162: balance paid online, nothing to collect',
      ].sort(),
    );
    for (const m of smtp.received.filter((x) => x.envelopeTo[0] === 'ada@example.com')) {
      expect(text(m)).toContain(`https://vanhop.test${lifecycle.myMovePath}`);
    }
    // The driver is texted each change as well as mailed (once, redeliveries aside).
    const toDriver = sms.received.filter((t) => (t.idempotencyKey ?? '').endsWith('.driver-sms'));
    expect(toDriver.map((t) => t.body.body).sort()).toEqual(
      [
        'VanHop: The customer has cancelled job 4815162 on Tuesday, 14 July 2026 at 09:00. You do not need to attend.',
        'VanHop: the balance of job 4815162 (Tuesday, 14 July 2026 at 09:00) is paid online. Nothing is to be collected on the day.',
        'VanHop: job 4815162 on Tuesday, 14 July 2026 at 09:00 is postponed by the customer. Do not attend on that date; we will tell you the new one.',
        'VanHop: job 4815162 has changed: now Tuesday, 1 September 2026 at 10:00 (3 hours 30 minutes). Details: https://vanhop.test/driver/jobs',
        'VanHop: job 4815162 has changed: now Wednesday, 15 July 2026 at 18:00 (5 hours). Details: https://vanhop.test/driver/jobs',
      ].sort(),
    );
    expect(toDriver.every((t) => t.body.to === '+447700900777')).toBe(true);
    // And the customer each change and the refund, once each.
    const toCustomer = sms.received.filter((t) => (t.idempotencyKey ?? '').endsWith('.customer-sms'));
    expect(toCustomer.map((t) => t.idempotencyKey!.split('.')[0]).sort()).toEqual(
      [
        'balance-paid',
        'booking-amended',
        'booking-cancelled',
        'booking-postponed',
        'booking-reactivated',
        'refund-issued',
      ].sort(),
    );
    expect(toCustomer.every((t) => t.body.to === '+447700900123')).toBe(true);
  });

  it('JobOffered mails the driver a link to answer by the deadline; JobAccepted tells the office; redeliveries send nothing twice; names are escaped', async () => {
    const offered = await createEvent(TOPICS.jobOffered, jobs.offered, { producer: 'quote', clock });
    const accepted = await createEvent(TOPICS.jobAccepted, jobs.accepted, { producer: 'quote', clock });
    for (let i = 0; i < 2; i++) {
      await bus.publish(TOPICS.jobOffered, offered);
      await bus.publish(TOPICS.jobAccepted, accepted);
    }
    await bus.idle();
    await smtp.waitFor(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(2);
    const toDriver = smtp.received.find((m) => m.envelopeTo.includes('sam.driver@example.com'))!;
    expect(toDriver.mail.subject).toMatch(/^Accept or decline job 4815162 by /);
    expect(text(toDriver)).toContain('https://vanhop.test/driver/jobs');
    expect(text(toDriver)).toContain('Hello Sam <b>Driver</b>,');
    expect(htmlOf(toDriver)).toContain('Sam &lt;b&gt;Driver&lt;/b&gt;');
    expect(htmlOf(toDriver)).not.toContain('<b>Driver');
    const toOffice = smtp.received.find((m) => m.envelopeTo.includes('office@vanhop.test'))!;
    expect(toOffice.mail.subject).toBe('Job 4815162 accepted by Sam <b>Driver</b>');
    expect(htmlOf(toOffice)).not.toContain('<b>Driver');
  });

  it('The offer is texted to the driver with the time left; a job nobody could take tells the customer their choices; an automatic new driver is named', async () => {
    const offered = await createEvent(
      TOPICS.jobOffered,
      { ...jobs.offered, driver: { ...jobs.offered.driver, name: 'Sam Driver', phone: '07700 900456' } },
      { producer: 'quote', clock },
    );
    const move = { bookingId: 'b-1001', randomNumber: 4815162, move: jobs.offered.move };
    const returned = await createEvent(
      TOPICS.jobReturned,
      {
        ...move,
        driver: { id: 'd-7', name: 'Sam Driver', email: 'sam.driver@example.com' },
        because: 'declined',
        at: '2026-03-01T10:30:00.000Z',
        customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
        myMovePath: '/mymove/v1.token',
      },
      { producer: 'quote', clock },
    );
    const reassigned = await createEvent(
      TOPICS.jobReassigned,
      {
        ...move,
        driver: { id: 'd-8', name: 'Nia Driver', email: 'nia@example.com', phone: '07700900789' },
        previousDriverId: 'd-7',
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900111' },
        myMovePath: '/mymove/v1.token',
        driverPricePence: 15000,
        bookedPence: 18000,
        chargesOnTheDay: [{ label: 'ULEZ daily charge (van registered before 2005)', amountPence: 1250 }],
        reassignedBy: 'automatic',
        because: 'expired',
        at: '2026-03-01T12:00:00.000Z',
      },
      { producer: 'quote', clock },
    );
    for (let i = 0; i < 2; i++) {
      await bus.publish(TOPICS.jobOffered, offered);
      await bus.publish(TOPICS.jobReturned, returned);
      await bus.publish(TOPICS.jobReassigned, reassigned);
    }
    await bus.idle();
    await smtp.waitFor(4);
    await expect.poll(() => sms.received.length).toBe(2);
    // Offered at 10:00, to answer by 12:00: "within 2 h".
    const toDriver = sms.received.find((m) => m.body.to === '+447700900456')!;
    expect(toDriver.body.body).toBe(
      'VanHop: new job 4815162 on Tuesday, 14 July 2026 at 09:00 (3 hours 30 minutes, Large van). Accept or decline within 2 h, by Sunday, 1 March 2026 at 12:00: https://vanhop.test/driver/jobs',
    );
    expect(smtp.received.map((m) => `${m.envelopeTo.join(',')} ${m.mail.subject}`).sort()).toEqual(
      [
        'ada@example.com We are finding a driver for your move on Tuesday, 14 July 2026 at 09:00',
        'ada@example.com Your new driver for booking 4815162: Nia Driver',
        'office@vanhop.test Job 4815162 needs a driver: Sam Driver declined it',
        'sam.driver@example.com Accept or decline job 4815162 by Sunday, 1 March 2026 at 12:00',
      ].sort(),
    );
    const finding = smtp.received.find((m) => m.mail.subject?.startsWith('We are finding'))!;
    expect(text(finding)).toContain(
      'you can cancel for a full refund or postpone the move to another date on your My move page',
    );
    expect(text(finding)).toContain('https://vanhop.test/mymove/v1.token');
    const named = smtp.received.find((m) => m.mail.subject?.startsWith('Your new driver'))!;
    expect(text(named)).toContain('so we have offered it to Nia Driver, who is free at that time.');
    // Never charged more, the cheaper price refunded, the charges on the day named, the choice and until when.
    expect(text(named)).toContain(
      "Nia Driver's price for your move is £150.00, less than the £180.00 you booked at, so you pay no more than their price: the difference of £30.00 is refunded to your card.",
    );
    expect(text(named)).toContain(
      'Paid on the day with Nia Driver, not in the price: ULEZ daily charge (van registered before 2005) £12.50.',
    );
    expect(text(named)).toContain(
      'you can choose another driver free for your move on your My move page, or cancel with everything you paid refunded, until Monday, 2 March 2026 at 12:00',
    );
    const toCustomer = sms.received.find((m) => m.body.to === '+447700900111')!;
    expect(toCustomer.body.body).toBe(
      'VanHop: your driver for Tuesday, 14 July 2026 at 09:00 (booking 4815162) has changed to Nia Driver. See the details, choose another driver or cancel for a full refund until Monday, 2 March 2026 at 12:00: https://vanhop.test/mymove/v1.token',
    );
  });

  it('a staff reassignment of an accepted job: the customer is mailed and texted the new driver, the previous driver is told the job is no longer theirs; once each', async () => {
    const reassigned = await createEvent(
      TOPICS.jobReassigned,
      {
        bookingId: 'b-1002',
        randomNumber: 4815163,
        move: jobs.offered.move,
        driver: { id: 'd-8', name: 'Nia Driver', email: 'nia@example.com', phone: '07700900789' },
        previousDriverId: 'd-7',
        previousDriver: { name: 'Sam Driver', email: 'sam.driver@example.com', phone: '07700 900456', had: 'accepted' },
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
        myMovePath: '/mymove/v1.token',
        driverPricePence: 15000,
        reassignedBy: 'Sam_Admin',
        at: '2026-03-01T12:00:00.000Z',
      },
      { producer: 'quote', clock },
    );
    for (let i = 0; i < 2; i++) await bus.publish(TOPICS.jobReassigned, reassigned);
    await bus.idle();
    await smtp.waitFor(2);
    await expect.poll(() => sms.received.length).toBe(2);
    expect(smtp.received.map((m) => `${m.envelopeTo.join(',')} ${m.mail.subject}`).sort()).toEqual([
      'ada@example.com Your new driver for booking 4815163: Nia Driver',
      'sam.driver@example.com Job 4815163 on Tuesday, 14 July 2026 at 09:00 is no longer yours',
    ]);
    const toDriver = smtp.received.find((m) => m.envelopeTo.includes('sam.driver@example.com'))!;
    expect(text(toDriver)).toContain('although you had accepted it');
    expect(text(toDriver)).toContain('that time is free in your calendar again');
    expect(Object.fromEntries(sms.received.map((m) => [m.body.to, m.body.body]))).toEqual({
      '+447700900123':
        'VanHop: your driver for Tuesday, 14 July 2026 at 09:00 (booking 4815163) has changed to Nia Driver. See the details, choose another driver or cancel for a full refund until Monday, 2 March 2026 at 12:00: https://vanhop.test/mymove/v1.token',
      '+447700900456':
        'VanHop: The office has given job 4815163 on Tuesday, 14 July 2026 at 09:00 to another driver, although you had accepted it. You do not need to do anything: that time is free in your calendar again.',
    });
  });

  it('the customer chose the driver on My move: mail and text confirm their choice, open no new window, and tell the driver it came from', async () => {
    const reassigned = await createEvent(
      TOPICS.jobReassigned,
      {
        bookingId: 'b-1004',
        randomNumber: 4815165,
        move: jobs.offered.move,
        driver: { id: 'd-9', name: 'Kim Driver', email: 'kim@example.com', phone: '07700900790' },
        previousDriverId: 'd-8',
        previousDriver: { name: 'Nia Driver', email: 'nia@example.com', phone: '07700900789', had: 'offered' },
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
        myMovePath: '/mymove/v1.token',
        driverPricePence: 14000,
        bookedPence: 15000,
        reassignedBy: CUSTOMER_CHOICE,
        at: '2026-03-01T12:00:00.000Z',
      },
      { producer: 'quote', clock },
    );
    await bus.publish(TOPICS.jobReassigned, reassigned);
    await bus.idle();
    await smtp.waitFor(2);
    await expect.poll(() => sms.received.length).toBe(2);
    const named = smtp.received.find((m) => m.envelopeTo.includes('ada@example.com'))!;
    expect(named.mail.subject).toBe('Your new driver for booking 4815165: Kim Driver');
    expect(text(named)).toContain(
      'As you chose on your My move page, we have offered your move on Tuesday, 14 July 2026 at 09:00 to Kim Driver.',
    );
    expect(text(named)).toContain('the difference of £10.00 is refunded to your card');
    expect(text(named)).not.toContain('until Monday, 2 March 2026');
    expect(sms.received.find((m) => m.body.to === '+447700900123')?.body.body).toBe(
      'VanHop: as you chose, your move on Tuesday, 14 July 2026 at 09:00 (booking 4815165) is offered to Kim Driver. We will text you when they accept.',
    );
    expect(sms.received.find((m) => m.body.to === '+447700900789')?.body.body).toBe(
      'VanHop: The customer has chosen another driver for job 4815165 on Tuesday, 14 July 2026 at 09:00. You do not need to do anything: that time is free in your calendar again.',
    );
  });

  it('JobReturned with the customer’s phone: the customer is texted as well as mailed, so the last text is not “accepted”', async () => {
    const returned = await createEvent(
      TOPICS.jobReturned,
      {
        bookingId: 'b-1003',
        randomNumber: 4815164,
        move: jobs.offered.move,
        driver: { id: 'd-7', name: 'Sam Driver', email: 'sam.driver@example.com' },
        because: 'declined',
        at: '2026-03-01T10:30:00.000Z',
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
        myMovePath: '/mymove/v1.token',
      },
      { producer: 'quote', clock },
    );
    for (let i = 0; i < 2; i++) await bus.publish(TOPICS.jobReturned, returned);
    await bus.idle();
    await smtp.waitFor(2);
    await expect.poll(() => sms.received.length).toBe(1);
    expect(sms.received[0]!.body.to).toBe('+447700900123');
    expect(sms.received[0]!.body.body).toBe(
      'VanHop: your driver cannot do your move on Tuesday, 14 July 2026 at 09:00 (booking 4815164). The office is finding you another and will be in touch; you may also cancel for a full refund or postpone on My move. https://vanhop.test/mymove/v1.token',
    );
  });

  it('JobAccepted with the customer: the customer is mailed and texted that their driver accepted, the driver gets the contact; once each', async () => {
    const accepted = await createEvent(
      TOPICS.jobAccepted,
      {
        ...jobs.accepted,
        driver: { ...jobs.accepted.driver, name: 'Sam Driver' },
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
        myMovePath: '/mymove/v1.token',
      },
      { producer: 'quote', clock },
    );
    for (let i = 0; i < 2; i++) await bus.publish(TOPICS.jobAccepted, accepted);
    await bus.idle();
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.map((m) => `${m.envelopeTo.join(',')} ${m.mail.subject}`).sort()).toEqual(
      [
        'ada@example.com Sam Driver has accepted your move on Tuesday, 14 July 2026 at 09:00',
        'office@vanhop.test Job 4815162 accepted by Sam Driver',
        "sam.driver@example.com Job 4815162 accepted: Ada Lovelace's contact details",
      ].sort(),
    );
    const toCustomer = smtp.received.find((m) => m.envelopeTo.includes('ada@example.com'))!;
    expect(text(toCustomer)).toContain('https://vanhop.test/mymove/v1.token');
    const toDriver = smtp.received.find((m) => m.envelopeTo.includes('sam.driver@example.com'))!;
    expect(text(toDriver)).toContain('E-mail: ada@example.com');
    expect(text(toDriver)).toContain('Phone: 07700900123');
    expect(toDriver.mail.replyTo?.text).toBe('ada@example.com');
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]!.body.to).toBe('+447700900123');
    expect(sms.received[0]!.body.body).toBe(
      'VanHop: Sam Driver has accepted your move on Tuesday, 14 July 2026 at 09:00 (booking 4815162). Your booking: https://vanhop.test/mymove/v1.token',
    );
  });

  it('a redelivered event sends nothing twice', async () => {
    const quote = await event.quoteSaved();
    const booking = await event.bookingConfirmed();
    for (let i = 0; i < 3; i++) {
      await bus.publish(TOPICS.quoteSaved, quote);
      await bus.publish(TOPICS.bookingConfirmed, booking);
    }
    await bus.idle();
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.map((m) => m.mail.subject?.split(':')[0]).sort()).toEqual([
      'Booking confirmed',
      'New job 4815162',
      'Your VanHop quote 4815162 is saved',
    ]);
    // One text each: the saved quote's link and the confirmation.
    expect(sms.received.map((t) => t.idempotencyKey).sort()).toEqual([
      `booking-confirmed.${booking.eventId}.sms`,
      `quote-saved.${quote.eventId}.sms`,
    ]);
  });

  it('an SMTP outage delays mail (retried with backoff) but loses none', async () => {
    await smtp.stop();
    const e = await event.bookingConfirmed();
    await bus.publish(TOPICS.bookingConfirmed, e);
    await bus.publish(TOPICS.quoteSaved, await event.quoteSaved());
    // Let a few attempts fail while the server is down.
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.received).toHaveLength(0);
    await smtp.start();
    await bus.idle();
    await smtp.waitFor(3);
    expect(bus.deadLettered()).toHaveLength(0);
    expect(smtp.bySubject('Booking confirmed')).toHaveLength(1);
    expect(smtp.bySubject('New job')).toHaveLength(1);
    expect(smtp.bySubject('is saved')).toHaveLength(1);
    // Each text went out once even though the mail before it was retried.
    expect(sms.received.map((t) => (t.idempotencyKey ?? '').split('.')[0]).sort()).toEqual([
      'booking-confirmed',
      'quote-saved',
    ]);
  });
});
