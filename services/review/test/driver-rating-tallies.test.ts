import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS, type DriverRatingChanged, type EventEnvelope } from '@vanhop/contracts';
import { EmbeddedDocumentStore, type OutboxEntry, type Logger } from '@vanhop/platform';
import { CustomerReviewRepository } from '../src/adapters/review-repositories.js';
import { DRIVER_RATING_TALLIES, DriverRatingTallies } from '../src/adapters/driver-rating-tallies.js';
import { FollowDriverRatings } from '../src/app/follow-driver-ratings.js';
import type { CustomerReviewRecord } from '../src/domain/customer-review.js';
import type { RatingChange } from '../src/domain/driver-rating-tally.js';

const clock = { now: () => new Date('2026-03-01T12:00:00Z') };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

let dir: string;
let store: EmbeddedDocumentStore;
let reviews: CustomerReviewRepository;
let tallies: DriverRatingTallies;
let follower: FollowDriverRatings;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-rating-tallies-'));
  store = new EmbeddedDocumentStore(dir, 0);
  reviews = new CustomerReviewRepository(store);
  await reviews.ensureIndexes();
  tallies = new DriverRatingTallies(store);
  follower = new FollowDriverRatings(reviews, tallies, { kick: async () => 0 }, clock, quiet);
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
const review = (driverId: string | null, driverRating: number | null, status: CustomerReviewRecord['status']) => {
  n += 1;
  return {
    _id: `bk-${String(n).padStart(5, '0')}`,
    randomNumber: n,
    rating: 5,
    text: 'Careful and on time',
    driverRating,
    driver: driverId ? { id: driverId, name: 'A Driver' } : null,
    authorName: 'Grace M.',
    status,
    submittedAt: '2026-02-28T10:00:00.000Z',
    moderatedAt: null,
    moderatedBy: null,
  } satisfies CustomerReviewRecord;
};

const submitted = async (driverId: string | null, driverRating: number | null) => {
  const r = review(driverId, driverRating, 'pending');
  await reviews.insertOnce(r);
  return r._id;
};
const decide = async (id: string, status: 'approved' | 'rejected') => {
  await reviews.decide(id, status, clock.now().toISOString(), 'Mo');
  await follower.follow(id);
};
const tallyOf = async (driverId: string) => {
  const t = await tallies.find(driverId);
  return t && { count: t.count, sum: t.sum, version: t.version };
};
/** The DriverRatingChanged events parked for the relay, oldest first. */
const parked = async (driverId: string) => {
  const doc = await store.collection<{ _id: string; outbox?: OutboxEntry[] }>(DRIVER_RATING_TALLIES).findOne({
    _id: driverId,
  });
  return (doc?.outbox ?? []).map((e) => {
    expect(e.topic).toBe(TOPICS.driverRatingChanged);
    const { count, sum, version } = (e.event as EventEnvelope<DriverRatingChanged>).data;
    return { count, sum, version };
  });
};

describe("each driver's tally of approved VanHop reviews", () => {
  it('follows approve, reject and approve again, parking one event per change with a growing version', async () => {
    const a = await submitted('drv-a', 5);
    const b = await submitted('drv-a', 3);
    await decide(a, 'approved');
    expect(await tallyOf('drv-a')).toEqual({ count: 1, sum: 5, version: 1 });
    await decide(b, 'approved');
    expect(await tallyOf('drv-a')).toEqual({ count: 2, sum: 8, version: 2 });
    await decide(a, 'rejected');
    expect(await tallyOf('drv-a')).toEqual({ count: 1, sum: 3, version: 3 });
    await decide(a, 'approved');
    expect(await tallyOf('drv-a')).toEqual({ count: 2, sum: 8, version: 4 });
    expect(await parked('drv-a')).toEqual([
      { count: 1, sum: 5, version: 1 },
      { count: 2, sum: 8, version: 2 },
      { count: 1, sum: 3, version: 3 },
      { count: 2, sum: 8, version: 4 },
    ]);
    expect((await reviews.ratingDirty(10)).map((r) => r._id)).toEqual([]);
  });

  it('a replayed decision, or many followers of one review at once, count it once', async () => {
    const a = await submitted('drv-b', 4);
    await decide(a, 'approved');
    await decide(a, 'approved');
    await Promise.all([1, 2, 3, 4, 5].map(() => follower.follow(a)));
    expect(await tallyOf('drv-b')).toEqual({ count: 1, sum: 4, version: 1 });
    expect(await parked('drv-b')).toHaveLength(1);
  });

  it('reviews that did not rate the driver, or have no driver, change no tally', async () => {
    const a = await submitted('drv-c', null);
    const b = await submitted(null, 5);
    await decide(a, 'approved');
    await decide(b, 'approved');
    expect(await tallyOf('drv-c')).toBeNull();
    expect(await reviews.ratingDirty(10)).toEqual([]);
  });

  it('a change a stopped process left added to the tally but not settled on its review is not added again', async () => {
    const a = await submitted('drv-d', 5);
    await reviews.decide(a, 'approved', clock.now().toISOString(), 'Mo');
    // Stopped after the change was parked on the review and added to the tally, before it was settled.
    const change: RatingChange = { id: 'chg-1', driverId: 'drv-d', to: 5, countDelta: 1, sumDelta: 5 };
    expect(await reviews.claimRatingChange(a, 0, change)).toBe(true);
    await tallies.createIfMissing('drv-d', clock.now().toISOString());
    const zero = (await tallies.find('drv-d'))!;
    const event = { eventId: 'e1', topic: TOPICS.driverRatingChanged, key: 'drv-d', event: {} } as OutboxEntry;
    expect(await tallies.applyIfVersion(zero, { count: 1, sum: 5 }, change.id, 'now', event)).toBe(true);

    expect(await follower.sweep()).toBe(1);
    expect(await tallyOf('drv-d')).toEqual({ count: 1, sum: 5, version: 1 });
    expect((await tallies.find('drv-d'))!.applied).toEqual([]);
    const settled = await reviews.forBooking(a);
    expect(settled).toMatchObject({ countedRating: 5 });
    expect(settled!.ratingChange).toBeUndefined();
    expect(settled!.ratingDirty).toBeUndefined();
  });

  it('a decision stored but not followed (stopped before) is followed by the sweep at start', async () => {
    const a = await submitted('drv-e', 2);
    await reviews.decide(a, 'approved', clock.now().toISOString(), 'Mo');
    expect(await tallyOf('drv-e')).toBeNull();
    await follower.sweep();
    expect(await tallyOf('drv-e')).toEqual({ count: 1, sum: 2, version: 1 });
  });

  it('a back-filled review left half followed (change parked, never decided since) is finished by the sweep', async () => {
    const before = review('drv-h', 4, 'approved');
    await reviews.insertOnce(before);
    // Stopped right after the back-fill parked the change on the review.
    const change: RatingChange = { id: 'chg-2', driverId: 'drv-h', to: 4, countDelta: 1, sumDelta: 4 };
    expect(await reviews.claimRatingChange(before._id, 0, change)).toBe(true);
    expect(await follower.sweep()).toBe(1);
    expect(await tallyOf('drv-h')).toEqual({ count: 1, sum: 4, version: 1 });
    expect(await reviews.ratingDirty(10)).toEqual([]);
  });

  it('the back-fill counts reviews approved before the tallies, in batches, once per store', async () => {
    // 250 approved reviews from before (more than one batch), some rejected and pending ones too.
    const before = [
      ...Array.from({ length: 250 }, (_, i) => review(i % 2 ? 'drv-f' : 'drv-g', (i % 5) + 1, 'approved')),
      review('drv-f', 1, 'rejected'),
      review('drv-g', 1, 'pending'),
    ];
    for (const r of before) await reviews.insertOnce(r);
    const expected = (driverId: string) => {
      const mine = before.filter((r) => r.driver?.id === driverId && r.status === 'approved');
      return { count: mine.length, sum: mine.reduce((s, r) => s + r.driverRating!, 0) };
    };

    expect(await follower.backfill()).toBe(250);
    expect(await tallyOf('drv-f')).toMatchObject(expected('drv-f'));
    expect(await tallyOf('drv-g')).toMatchObject(expected('drv-g'));
    const versions = [(await tallyOf('drv-f'))!.version, (await tallyOf('drv-g'))!.version];

    // Once only; and following again (a second replica's back-fill) adds nothing.
    expect(await follower.backfill()).toBe(0);
    for (const r of before) await follower.follow(r._id);
    expect([(await tallyOf('drv-f'))!.version, (await tallyOf('drv-g'))!.version]).toEqual(versions);
    expect(await tallyOf('drv-f')).toMatchObject(expected('drv-f'));
  });
});
