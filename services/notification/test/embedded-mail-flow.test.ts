import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../../../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../../test/support/embedded.js';
import { staffAuth } from '../../../test/support/staff.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../../../test/support/gateway-api.js';

// A review may only be asked for once the move happened. The product's clock starts six days back,
// where the customer saves and pays for a move five days ahead (10:00 UTC); then it follows the wall
// clock, which the gateway checks staff tokens against, so the move is in the past for staff.
const NOW = new Date();
const BOOKED_AT = new Date(NOW.getTime() - 6 * 86_400_000);
const MOVE_DATE = daysAheadAtUtc(BOOKED_AT, 5, 10);
let frozenAt: Date | null = BOOKED_AT;
const clock = { now: () => frozenAt ?? new Date() };
const SIGNUP_CODE = 'embedded-mail-flow-code';

const bookingData = completeBooking(MOVE_DATE);

interface OutboxListing {
  mails: { file: string; to: string; subject: string }[];
  texts: { to: string; body: string }[];
}

/**
 * The "done when", through the gateway of the embedded product: save a quote, pay it on
 * the local checkout, request a review as staff; the outbox then holds the customer, driver and
 * review mails, each exactly once, even when events are delivered again.
 */
describe('embedded product: the mail a booking produces', () => {
  let embedded: EmbeddedOnTempDir;
  let product: EmbeddedOnTempDir['product'];
  const confirmed: EventEnvelope[] = [];

  beforeAll(async () => {
    embedded = await startEmbeddedOnTempDir(
      { STRIPE_SECRET_KEY: '', ADMIN_SIGNUP_CODE: SIGNUP_CODE },
      { clock, webApp: false },
    );
    product = embedded.product;
    await product.bus.subscribe('mail-e2e-test', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
  });
  afterAll(async () => {
    await settle();
    await embedded?.stop();
  });

  const api = apiClient(() => product.url);
  /** Outbox relays run every second: poll until the listing stops changing and the bus is idle. */
  async function settle() {
    let last = '';
    for (let i = 0; i < 40; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 150));
      const now = JSON.stringify(await outbox());
      if (now === last) return;
      last = now;
    }
  }
  const staffHeaders = () => staffAuth('mailstaff', { env: { JWT_SECRET: product.env.JWT_SECRET! } });
  const outbox = async () =>
    (await api('GET', '/api/dev/outbox', undefined, { headers: staffHeaders() })).body as OutboxListing;

  it('save, pay 30 %, request a review: customer, driver and review mails, each once', async () => {
    const { quote, record } = await priceAndSave(api, bookingData);
    const code = record.randomNumber;

    await payOnLocalCheckout(api, { ...quote, randomNumber: code, percentage: 30 });
    await settle();
    frozenAt = null; // six days later: the move is over

    expect(
      (
        await api('POST', '/api/account/register', {
          name: 'mailstaff',
          password: 'correct horse battery',
          password1: 'correct horse battery',
          uniquecode: SIGNUP_CODE,
        })
      ).status,
    ).toBeLessThan(300);
    const login = await api('POST', '/api/account/login', { username: 'mailstaff', password: 'correct horse battery' });
    expect(login.body.success).toBe(true);
    const staff = { authorization: `Bearer ${login.body.token}` };

    expect((await api('POST', `/api/backdata/review/${record._id}`)).status).toBe(401);
    const review = await api('POST', `/api/backdata/review/${record._id}`, undefined, { headers: staff });
    expect(review).toEqual({ status: 200, body: { message: 'Review request e-mail sent to alice@example.com.' } });
    await settle();
    const again = await api('POST', `/api/backdata/review/${record._id}`, undefined, { headers: staff });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A review has already been requested for this booking.');

    // Delivered again (as after a consumer crash): nothing is sent twice.
    expect(confirmed).toHaveLength(1);
    await product.bus.publish(TOPICS.bookingConfirmed, confirmed[0]!);
    await settle();

    const { mails, texts } = await outbox();
    const count = (to: string, subject: string) =>
      mails.filter((m) => m.to === to && m.subject.startsWith(subject)).length;
    expect(count('alice@example.com', `Your VanHop quote ${code} is saved`)).toBe(1);
    expect(count('alice@example.com', 'Booking confirmed:')).toBe(1);
    const driverEmail = (confirmed[0]!.data as { driver: { email: string } }).driver.email;
    expect(count(driverEmail, `New job ${code}:`)).toBe(1);
    // Quote offers the paid job to the driver (JobOffered): accept or decline in the portal.
    expect(count(driverEmail, `Accept or decline job ${code} by`)).toBe(1);
    expect(count('alice@example.com', 'How was your move with VanHop?')).toBe(1);
    expect(mails).toHaveLength(5);
    // Three texts: to the customer the saved quote's link (the form promises it) and the booking
    // confirmation; to the driver the offer with the time left to answer.
    expect(texts).toHaveLength(3);
    const toCustomer = texts.filter((t) => t.to === '+447123456789');
    expect(toCustomer).toHaveLength(2);
    expect(texts.filter((t) => !toCustomer.includes(t)).map((t) => t.body)).toEqual([
      expect.stringMatching(new RegExp(`^VanHop: new job ${code} on .* Accept or decline within `)),
    ]);

    // The customer mail's text content, read back from the .eml.
    const confirmation = mails.find((m) => m.subject.startsWith('Booking confirmed:'))!;
    const eml = await simpleParser(
      (await api('GET', `/api/dev/outbox/${confirmation.file}`, undefined, { headers: staffHeaders() })).body as string,
    );
    expect(eml.text).toContain('payable to the driver on the day of the move');
    expect(eml.text).toContain(`Booking reference: ${code}`);

    // The review mail links the customer's signed review page.
    const reviewMail = mails.find((m) => m.subject === 'How was your move with VanHop?')!;
    const reviewEml = await simpleParser(
      (await api('GET', `/api/dev/outbox/${reviewMail.file}`, undefined, { headers: staffHeaders() })).body as string,
    );
    expect(reviewEml.text).toMatch(
      new RegExp(`Leave a review: ${product.env.PUBLIC_URL ?? 'http://localhost:\\d+'}/review/v1\\.[\\w.-]+`),
    );

    // The admin list now shows the review as requested.
    const all = await api('GET', '/api/backdata/all', undefined, { headers: staff });
    const listed = (all.body as { _id: string; reviewRequest: boolean }[]).find((r) => r._id === record._id);
    expect(listed?.reviewRequest).toBe(true);
  });
});
