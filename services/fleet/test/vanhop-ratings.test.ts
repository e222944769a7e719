import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { complete, get, NOW, post, startQuote } from './support.js';
import { shownRating } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';

type Svc = Awaited<ReturnType<typeof startQuote>>;
type OfferJson = { driverId: string; rating: number; reviewCount: number };

let svc: Svc;
beforeAll(async () => {
  svc = await startQuote();
});
afterAll(async () => {
  await svc?.cleanup();
});

/** The review service's DriverRatingChanged, as its outbox relay publishes it. */
async function ratingChanged(driverId: string, count: number, sum: number, version: number) {
  await svc.bus.publish(
    TOPICS.driverRatingChanged,
    await createEvent(TOPICS.driverRatingChanged, { driverId, count, sum, version, at: NOW }, { producer: 'review' }),
  );
  await svc.bus.idle();
}
const offers = async (query = ''): Promise<OfferJson[]> => {
  const { status, json } = await post(`${svc.url}/api/booking${query}`, complete);
  expect(status).toBe(200);
  return json.offers;
};
const dave = (list: OfferJson[]) => list.find((o) => o.driverId === 'drv-dave-wilson');

describe("VanHop's own reviews in the rating offers show, rank and filter by", () => {
  it('counts them in: the offer, the profile, the order by rating and the minimum-rating filter agree', async () => {
    // Dave brought 4.2 over 33 reviews: below 4.5, last but one by rating.
    expect(dave(await offers())).toMatchObject({ rating: 4.2, reviewCount: 33 });
    expect(dave(await offers('?offersMinRating=4.5'))).toBeUndefined();

    // 27 five-star VanHop reviews: (4.2 × 33 + 135) / 60 = 4.56, shown as 4.6 over 60.
    await ratingChanged('drv-dave-wilson', 27, 135, 1);
    const all = await offers();
    expect(dave(all)).toMatchObject({ rating: 4.6, reviewCount: 60 });
    const filtered = await offers('?offersMinRating=4.5');
    expect(dave(filtered)).toMatchObject({ rating: 4.6 });
    expect(filtered.every((o) => o.rating >= 4.5)).toBe(true);
    const byRating = (await offers('?offersSort=rating')).map((o) => o.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    expect((await get(`${svc.url}/api/driver-profiles/drv-dave-wilson`)).json).toMatchObject({
      rating: 4.6,
      reviewCount: 60,
    });
  });

  it('keeps the newest figure: an older event arriving late, or the same one again, changes nothing', async () => {
    const hannah = DEMO_DRIVERS.find((d) => d._id === 'drv-hannah-lee')!;
    const expected = shownRating({ ...hannah, vanhopReviews: { count: 2, sum: 2, version: 3 } });
    const shown = async () => (await offers()).find((o) => o.driverId === 'drv-hannah-lee');
    await ratingChanged('drv-hannah-lee', 2, 2, 3);
    expect(await shown()).toMatchObject(expected);
    await ratingChanged('drv-hannah-lee', 1, 5, 2);
    expect(await shown()).toMatchObject(expected);
    await ratingChanged('drv-hannah-lee', 2, 2, 3);
    expect(await shown()).toMatchObject(expected);
    expect(expected.reviewCount).toBe(hannah.reviewCount + 2);
  });

  it('an unknown driver is ignored, and a bad event is refused at the boundary', async () => {
    await ratingChanged('drv-nobody', 1, 5, 1);
    await expect(
      createEvent(
        TOPICS.driverRatingChanged,
        { driverId: 'drv-x', count: -1, sum: 0, version: 1, at: NOW },
        { producer: 'review' },
      ),
    ).rejects.toThrow(/count/);
  });
});

describe('the rating shown', () => {
  it('is the mean of both sets of reviews weighted by their counts, one decimal; the brought one alone while VanHop has none', () => {
    expect(shownRating({ rating: 4.8, reviewCount: 212 })).toEqual({ rating: 4.8, reviewCount: 212 });
    expect(shownRating({ rating: 4.8, reviewCount: 212, vanhopReviews: { count: 0, sum: 0, version: 2 } })).toEqual({
      rating: 4.8,
      reviewCount: 212,
    });
    expect(shownRating({ rating: 4.0, reviewCount: 2, vanhopReviews: { count: 2, sum: 2, version: 1 } })).toEqual({
      rating: 2.5,
      reviewCount: 4,
    });
    expect(shownRating({ rating: 0, reviewCount: 0, vanhopReviews: { count: 1, sum: 5, version: 1 } })).toEqual({
      rating: 5,
      reviewCount: 1,
    });
    // From the exact sum, never VanHop's rounded mean: (3.7 + 14) / 4 = 4.425 → 4.4 (the web app's combinedRating agrees).
    expect(shownRating({ rating: 3.7, reviewCount: 1, vanhopReviews: { count: 3, sum: 14, version: 1 } })).toEqual({
      rating: 4.4,
      reviewCount: 4,
    });
  });
});
