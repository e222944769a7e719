import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_MSG,
  REVIEW_TEXT_MAX_LENGTH,
  TOPICS,
  type BookingRecord,
  type EventEnvelope,
  type ReviewRequested,
} from '@vanhop/contracts';
import { bookingService } from '@vanhop/booking';
import type { MemoryEventBus, RunningService } from '@vanhop/platform';
import { reviewService } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { publicAuthorName, reviewRequestRefusal } from '../src/domain/customer-review.js';
import { REVIEW_REQUESTS } from '../src/adapters/review-repositories.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';

let now = Date.parse('2026-03-01T12:00:00Z');
const clock = { now: () => new Date(now) };
const DRIVER = {
  id: 'drv-ali-hassan',
  name: 'Ali Hassan',
  email: 'ali.hassan@drivers.vanhop.example',
  phone: '07700900101',
};

let nextCode = 7_400_001;
const booking = (overrides: Partial<BookingRecord> & { state?: string } = {}): BookingRecord => ({
  _id: randomUUID(),
  randomNumber: nextCode++,
  date: '2026-02-20T09:00:00.000Z',
  paymentStatus: '30percentage',
  OutstandingBalance: 84,
  percentage: 30,
  reviewRequest: false,
  quote: {
    name: 'Grace Mover',
    email: 'grace@example.com',
    phone: '07700900321',
    description: 'Desk and boxes',
    date: '2026-02-25T10:00:00.000Z',
    totalAddress: [],
    places: ['London NW2, UK', 'London W5, UK'],
    pickupStair: 0,
    deliveryStair: 0,
    viaStopStair: [],
    typeofVan: 'Medium',
    typeOfWorker: 'Driver-Help',
    totalHour: 2,
    totalSecond: 7200,
    totalPrice: 120,
    travelHour: 1500,
    travelMiles: 6.2,
  },
  driver: DRIVER,
  deletedAt: null,
  ...overrides,
});

describe('VanHop reviews: request after the move, signed review page, moderation, feed and driver ratings', () => {
  let stack: TestStack;
  let bus: MemoryEventBus;
  let bookingSvc: RunningService;
  let reviewSvc: RunningService;
  const requested: EventEnvelope<ReviewRequested>[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'customer-reviews', clock });
    bus = stack.bus;
    await bus.subscribe(
      'test-observer',
      TOPICS.reviewRequested,
      async (e) => void requested.push(e as EventEnvelope<ReviewRequested>),
    );
    bookingSvc = await stack.start(bookingService);
    reviewSvc = await stack.start(reviewService, {
      BOOKING_SERVICE_URL: bookingSvc.url,
      REVIEW_SUBMIT_RATE_LIMIT_PER_HOUR: '1000',
    });
  });

  afterAll(async () => {
    await settle();
    await stack?.stop();
  });

  async function settle() {
    const requests = reviewSvc.infra.store.collection(REVIEW_REQUESTS);
    // Until the relay has published every stored request (bounded: a stuck relay fails here, loudly).
    const deadline = Date.now() + 20_000;
    while ((await requests.count({ 'outbox.0': { $exists: true } })) > 0) {
      if (Date.now() > deadline) throw new Error('review requests still waiting in the outbox after 20 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    await bus.idle();
  }

  const api = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${reviewSvc.url}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  };
  const staff = () => staffAuth('Mo_Moderator', { clock });
  const insert = async (b: BookingRecord) => {
    await bookingSvc.infra.store.collection<BookingRecord>('bookings').insertOne(b);
    return b;
  };
  /** Staff request a review; the token of the link the customer is mailed. */
  const requestReview = async (b: BookingRecord): Promise<string> => {
    const res = await api('POST', `/api/backdata/review/${b._id}`, undefined, staff());
    expect(res.status, res.text).toBe(200);
    await settle();
    const path = requested.find((e) => e.data.bookingId === b._id)?.data.reviewPath;
    expect(path).toMatch(/^\/review\/v1\.[\w.-]+$/);
    return path!.slice('/review/'.length);
  };

  it('refuses a review request before the booked move is over, for an unpaid quote and for a cancelled or postponed booking (409)', async () => {
    const future = await insert(booking({ quote: { ...booking().quote, date: '2026-03-02T10:00:00.000Z' } }));
    const early = await api('POST', `/api/backdata/review/${future._id}`, undefined, staff());
    expect(early).toMatchObject({ status: 409, body: { message: REVIEW_MSG.moveNotHappened } });
    // Started, but its 2 booked hours are not over: still refused; once they are, the request goes.
    now = Date.parse('2026-03-02T10:00:01Z');
    expect(await api('POST', `/api/backdata/review/${future._id}`, undefined, staff())).toMatchObject({
      status: 409,
      body: { message: REVIEW_MSG.moveNotHappened },
    });
    now = Date.parse('2026-03-02T12:00:01Z');
    expect((await api('POST', `/api/backdata/review/${future._id}`, undefined, staff())).status).toBe(200);
    now = Date.parse('2026-03-01T12:00:00Z');

    const unpaid = await insert(booking({ paymentStatus: 'unpaid', percentage: null }));
    expect(await api('POST', `/api/backdata/review/${unpaid._id}`, undefined, staff())).toMatchObject({
      status: 409,
      body: { message: REVIEW_MSG.notBooked },
    });
    const cancelled = await insert(booking({ state: 'cancelled' } as Partial<BookingRecord>));
    expect((await api('POST', `/api/backdata/review/${cancelled._id}`, undefined, staff())).body.message).toMatch(
      /cancelled/,
    );
    const frozen = await insert(booking({ state: 'frozen' } as Partial<BookingRecord>));
    expect((await api('POST', `/api/backdata/review/${frozen._id}`, undefined, staff())).body.message).toMatch(
      /postponed/,
    );
    await settle();
    expect(requested.filter((e) => [unpaid._id, cancelled._id, frozen._id].includes(e.data.bookingId))).toEqual([]);
  });

  it('the review link opens the page (who, when, driver) and takes one review with stars, text and a driver rating', async () => {
    const b = await insert(booking());
    const token = await requestReview(b);
    const page = await api('GET', `/api/reviews/link/${token}`);
    expect(page).toMatchObject({
      status: 200,
      body: {
        authorName: 'Grace M.',
        driverName: 'Ali Hassan',
        moveDate: '2026-02-25T10:00:00.000Z',
        submitted: false,
      },
    });
    expect(page.text).not.toContain('grace@example.com');
    expect(page.text).not.toContain(DRIVER.email);

    const sent = await api('POST', `/api/reviews/link/${token}`, {
      rating: 5,
      text: '  Careful with the stairs, on time.  ',
      driverRating: 4,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatch(/Thank you/);
    expect((await api('GET', `/api/reviews/link/${token}`)).body.submitted).toBe(true);

    const again = await api('POST', `/api/reviews/link/${token}`, { rating: 1, text: 'changed my mind' });
    expect(again).toMatchObject({ status: 409, body: { message: REVIEW_MSG.alreadySubmitted } });

    const list = await api('GET', '/api/reviews/admin?status=pending', undefined, staff());
    const mine = list.body.reviews.find((r: { bookingId: string }) => r.bookingId === b._id);
    expect(mine).toMatchObject({
      rating: 5,
      text: 'Careful with the stairs, on time.',
      driverRating: 4,
      driverId: DRIVER.id,
      driverName: 'Ali Hassan',
      authorName: 'Grace M.',
      status: 'pending',
      randomNumber: b.randomNumber,
    });
  });

  it('one review per booking even when submitted concurrently', async () => {
    const token = await requestReview(await insert(booking()));
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => api('POST', `/api/reviews/link/${token}`, { rating: n })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('validates stars (1 to 5, required), text length and the optional driver rating', async () => {
    const token = await requestReview(await insert(booking()));
    const post = (body: unknown) => api('POST', `/api/reviews/link/${token}`, body);
    for (const rating of [undefined, 0, 6, 2.5, 'five', null]) {
      const res = await post({ rating, text: 'x' });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.errors.rating).toBe(REVIEW_MSG.ratingRequired);
    }
    expect((await post({ rating: 4, driverRating: 9 })).body.errors.driverRating).toBe(REVIEW_MSG.driverRating);
    expect((await post({ rating: 4, text: 'y'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) })).body.errors.text).toBe(
      REVIEW_MSG.textTooLong,
    );
    expect((await post({ rating: { $gt: 0 } })).status).toBe(400);
    // Nothing was stored by the refused ones: the page still takes the review.
    expect((await post({ rating: 3, text: 'y'.repeat(REVIEW_TEXT_MAX_LENGTH) })).status).toBe(201);
  });

  it('signed links: a changed, foreign or expired token opens nothing (404)', async () => {
    const token = await requestReview(await insert(booking()));
    const [v, , exp, mac] = token.split('.');
    const otherBooking = Buffer.from(randomUUID()).toString('base64url');
    for (const bad of [
      `${v}.${otherBooking}.${exp}.${mac}`,
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      'v1.a.b.c',
      'not-a-token',
    ]) {
      const res = await api('GET', `/api/reviews/link/${encodeURIComponent(bad)}`);
      expect(res).toMatchObject({ status: 404, body: { message: REVIEW_MSG.linkInvalid } });
      expect((await api('POST', `/api/reviews/link/${encodeURIComponent(bad)}`, { rating: 5 })).status).toBe(404);
    }
    now = Date.parse('2026-05-31T12:00:01Z'); // 90 days after the request
    expect((await api('GET', `/api/reviews/link/${token}`)).status).toBe(404);
    now = Date.parse('2026-03-01T12:00:00Z');
    expect((await api('GET', `/api/reviews/link/${token}`)).status).toBe(200);
  });

  it('staff approve: the review joins the carousel feed in the wire-contract shape (newest first) and the driver rating; reject takes it out', async () => {
    const token = await requestReview(
      await insert(booking({ quote: { ...booking().quote, name: 'Zara Quinn-Smith' } })),
    );
    now = Date.parse('2026-03-01T12:30:00Z');
    expect(
      (await api('POST', `/api/reviews/link/${token}`, { rating: 4, text: '<b>Great</b> move', driverRating: 2 }))
        .status,
    ).toBe(201);
    const pending = (await api('GET', '/api/reviews/admin', undefined, staff())).body;
    const review = pending.reviews.find((r: { authorName: string }) => r.authorName === 'Zara Q.');
    expect(pending.pending).toBeGreaterThanOrEqual(1);

    const feedBefore = (await api('GET', '/api/google/review')).body.result.reviews as { author_name: string }[];
    expect(feedBefore.map((r) => r.author_name)).not.toContain('Zara Q.');

    const approved = await api('POST', `/api/reviews/admin/${review.id}/approve`, undefined, staff());
    expect(approved.body).toMatchObject({
      status: 'approved',
      moderatedBy: 'Mo_Moderator',
      moderatedAt: '2026-03-01T12:30:00.000Z',
    });
    const feed = (await api('GET', '/api/google/review')).body.result.reviews as Record<string, unknown>[];
    expect(feed[0]).toEqual({
      rating: 4,
      author_name: 'Zara Q.',
      time: Date.parse('2026-03-01T12:30:00Z') / 1000,
      profile_photo_url: '/images/avatar.svg',
      text: '<b>Great</b> move',
    });
    expect(feed.length).toBeGreaterThan(5); // the seeded (or Google) reviews are still there
    expect((feed as { time: number }[]).map((r) => r.time)).toEqual(
      [...(feed as { time: number }[]).map((r) => r.time)].sort((a, b) => b - a),
    );

    const ratings = await api('GET', `/api/reviews/drivers?ids=${DRIVER.id},drv-nobody`);
    expect(ratings.body).toEqual({ [DRIVER.id]: { rating: 2, count: 1, sum: 2 } });

    expect((await api('POST', `/api/reviews/admin/${review.id}/reject`, undefined, staff())).body.status).toBe(
      'rejected',
    );
    expect(
      ((await api('GET', '/api/google/review')).body.result.reviews as { author_name: string }[]).map(
        (r) => r.author_name,
      ),
    ).not.toContain('Zara Q.');
    expect((await api('GET', `/api/reviews/drivers?ids=${DRIVER.id}`)).body).toEqual({});
  });

  it('driver ratings are asked for by id (at most 50), never for the whole fleet: else a 400 naming ids', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `drv-${i}`).join(',');
    for (const query of ['', '?ids=', `?ids=${many}`, '?ids=drv-a,not-a-driver', '?ids=drv-a&ids=drv-b']) {
      const res = await api('GET', `/api/reviews/drivers${query}`);
      expect(res.status, query).toBe(400);
      expect(res.text, query).toContain('ids');
    }
    expect((await api('GET', `/api/reviews/drivers?ids=${many.split(',').slice(1).join(',')}`)).status).toBe(200);
  });

  it("a driver's profile reads their newest approved reviews only, signed in public, without the customer's details", async () => {
    const OTHER = { id: 'drv-priya-shah', name: 'Priya Shah', email: 'p@example.com', phone: '07700900102' };
    const write = async (name: string, driver: typeof DRIVER, text: string) => {
      const token = await requestReview(await insert(booking({ driver, quote: { ...booking().quote, name } })));
      now += 60_000;
      expect((await api('POST', `/api/reviews/link/${token}`, { rating: 5, text, driverRating: 5 })).status).toBe(201);
      const pending = (await api('GET', '/api/reviews/admin', undefined, staff())).body;
      return pending.reviews.find((r: { text: string }) => r.text === text).id as string;
    };
    const first = await write('Olu Banks', DRIVER, 'Careful with the piano');
    const second = await write('Pat Lane', DRIVER, 'On time and cheerful');
    const unapproved = await write('Quin Ray', DRIVER, 'Still waiting for staff');
    const otherDriver = await write('Rae Sims', OTHER, 'About another driver');
    for (const id of [first, second, otherDriver])
      expect((await api('POST', `/api/reviews/admin/${id}/approve`, undefined, staff())).status).toBe(200);
    expect(unapproved).toBeTruthy();

    const { status, body } = await api('GET', `/api/reviews/drivers/${DRIVER.id}`);
    expect(status).toBe(200);
    expect(body.driverId).toBe(DRIVER.id);
    // Newest first, approved only, this driver's only.
    expect(body.reviews.map((r: { text: string }) => r.text).slice(0, 2)).toEqual([
      'On time and cheerful',
      'Careful with the piano',
    ]);
    expect(body.reviews.map((r: { text: string }) => r.text)).not.toContain('Still waiting for staff');
    expect(body.reviews.map((r: { text: string }) => r.text)).not.toContain('About another driver');
    expect(body.reviews[0]).toEqual({
      rating: 5,
      driverRating: 5,
      text: 'On time and cheerful',
      authorName: 'Pat L.',
      submittedAt: expect.stringMatching(/^2026-03-01T12:/),
    });
    expect(JSON.stringify(body)).not.toMatch(/grace@example|07700900321|randomNumber/);

    const bad = await api('GET', `/api/reviews/drivers/${encodeURIComponent('$gt')}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toContain('driverId');
  });

  it('moderation needs a valid staff token here as well as at the gateway, and refuses bad ids and filters', async () => {
    expect((await api('GET', '/api/reviews/admin')).status).toBe(401);
    expect((await api('GET', '/api/reviews/admin', undefined, { 'x-admin-username': 'Mo_Moderator' })).status).toBe(
      401,
    );
    expect((await api('POST', `/api/reviews/admin/${randomUUID()}/approve`)).status).toBe(401);
    expect(
      (
        await api(
          'GET',
          '/api/reviews/admin',
          undefined,
          staffAuth('Mo', { env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }),
        )
      ).status,
    ).toBe(401);
    // A driver-portal token is signed with the same key: its role keeps it out.
    expect((await api('GET', '/api/reviews/admin', undefined, driverAuth('driver-1', { clock }))).status).toBe(401);
    expect(
      (await api('POST', `/api/reviews/admin/${randomUUID()}/approve`, undefined, driverAuth('driver-1', { clock })))
        .status,
    ).toBe(401);
    expect((await api('GET', '/api/reviews/admin?status=everything', undefined, staff())).status).toBe(400);
    expect((await api('GET', '/api/reviews/admin?status[$ne]=x', undefined, staff())).status).toBe(400);
    expect(
      (await api('POST', `/api/reviews/admin/${encodeURIComponent('$gt')}/approve`, undefined, staff())).status,
    ).toBe(400);
    expect((await api('POST', `/api/reviews/admin/${randomUUID()}/approve`, undefined, staff())).status).toBe(404);
  });
});

describe('review rules', () => {
  it('signs reviews with the first name and the initial of the last', () => {
    expect(publicAuthorName('Grace Mover')).toBe('Grace M.');
    expect(publicAuthorName('  anna   maria   ludwig ')).toBe('anna L.');
    expect(publicAuthorName('Cher')).toBe('Cher');
    expect(publicAuthorName('')).toBe('A VanHop customer');
  });

  it('a review may be requested only for a paid, live booking whose booked time is over (start + hours)', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const b = booking();
    expect(reviewRequestRefusal(b, at)).toBeNull();
    // Started 2 hours ago with 3 hours booked: still under way, refused; 3 hours ago: done.
    expect(reviewRequestRefusal({ ...b, quote: { ...b.quote, date: '2026-03-01T10:00:00Z', totalHour: 3 } }, at)).toBe(
      REVIEW_MSG.moveNotHappened,
    );
    expect(
      reviewRequestRefusal({ ...b, quote: { ...b.quote, date: '2026-03-01T09:00:00Z', totalHour: 3 } }, at),
    ).toBeNull();
    expect(reviewRequestRefusal({ ...b, quote: { ...b.quote, date: '2026-03-01T12:00:01Z' } }, at)).toBe(
      REVIEW_MSG.moveNotHappened,
    );
    expect(reviewRequestRefusal({ ...b, quote: { ...b.quote, date: '' } }, at)).toBe(REVIEW_MSG.moveNotHappened);
    expect(reviewRequestRefusal({ ...b, paymentStatus: 'unpaid' }, at)).toBe(REVIEW_MSG.notBooked);
  });
});

describe('review config', () => {
  it('needs REVIEW_LINK_SECRET outside embedded mode, distinct from JWT_SECRET', () => {
    const distributed = {
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'kafka:9092',
      STORE: 'mongo',
      MONGO_URL: 'mongodb://mongo:27017',
      ...TEST_JWT_ENV,
    };
    expect(() => loadConfig(distributed)).toThrow(/REVIEW_LINK_SECRET is required outside embedded mode/);
    expect(() => loadConfig({ ...distributed, REVIEW_LINK_SECRET: TEST_JWT_ENV.JWT_SECRET })).toThrow(
      /must differ from JWT_SECRET/,
    );
    expect(
      loadConfig({ ...distributed, REVIEW_LINK_SECRET: 'review-links-secret-0123456789-abcdefghijk' }).reviewLink
        .generated,
    ).toBe(false);
    expect(loadConfig(TEST_JWT_ENV).reviewLink.generated).toBe(true);
  });
});
