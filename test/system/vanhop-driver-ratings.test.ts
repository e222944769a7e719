import { describe, expect, it } from 'vitest';
import type { Offer } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { staffAuth } from '../support/staff.js';

/**
 * One truth for a driver's rating through the gateway of the embedded product: staff approve
 * VanHop reviews of a driver in the review service, and the quote service's offers show the mean
 * over the rating the driver brought and those reviews, and rank and filter by that same figure.
 */

const MOVE_DATE = daysAheadAtUtc(new Date(), 9, 10);
const MARTA = 'drv-marta-nowak';

describe("a driver's VanHop reviews in the offers (embedded product)", () => {
  const embedded = useEmbeddedProduct();
  const { api } = embedded;
  const staff = () => staffAuth('mo_moderator', embedded.jwt());

  const offers = async (query = ''): Promise<Offer[]> => {
    const res = await api<{ offers: Offer[] }>('POST', `/api/booking${query}`, completeBooking(MOVE_DATE));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.offers;
  };
  const marta = async (query = '') => (await offers(query)).find((o) => o.driverId === MARTA);

  /** Reviews customers wrote of the driver, waiting for staff (as the signed review page stores them). */
  async function submitted(count: number, driverRating: number): Promise<string[]> {
    const reviews = embedded
      .product()
      .services.review!.infra.store.collection<{ _id: string } & Record<string, unknown>>('customer_reviews');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const _id = `bk-rating-${driverRating}-${i}`;
      await reviews.insertOne({
        _id,
        randomNumber: 9_100_000 + i,
        rating: 5,
        text: 'Quick and careful',
        driverRating,
        driver: { id: MARTA, name: 'Marta Nowak' },
        authorName: 'Grace M.',
        status: 'pending',
        submittedAt: new Date().toISOString(),
        moderatedAt: null,
        moderatedBy: null,
      });
      ids.push(_id);
    }
    return ids;
  }

  /** Waits (bounded) until the quote's offer for the driver shows what is expected. */
  async function offerShows(expected: { rating: number; reviewCount: number }): Promise<Offer> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const o = await marta();
      if (o?.rating === expected.rating && o.reviewCount === expected.reviewCount) return o;
      if (Date.now() > deadline) throw new Error(`offer still shows ${JSON.stringify(o && [o.rating, o.reviewCount])}`);
      await embedded.product().bus.idle();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('five 5-star reviews approved: Marta (4.4 from 51) shows 4.5 from 56, passes "4.5 and up" and ranks with it', async () => {
    const before = await marta();
    expect(before).toMatchObject({ rating: 4.4, reviewCount: 51 });
    expect(await marta('?offersMinRating=4.5')).toBeUndefined();

    const ids = await submitted(5, 5);
    for (const id of ids) {
      const res = await api('POST', `/api/reviews/admin/${id}/approve`, undefined, { headers: staff() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // (4.4 × 51 + 5 × 5) / 56 = 4.45…: shown as 4.5, from 56 reviews.
    await offerShows({ rating: 4.5, reviewCount: 56 });
    const filtered = await offers('?offersMinRating=4.5');
    expect(filtered.find((o) => o.driverId === MARTA)).toMatchObject({ rating: 4.5, reviewCount: 56 });
    expect(filtered.every((o) => o.rating >= 4.5)).toBe(true);
    const byRating = (await offers('?offersSort=rating')).map((o) => o.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    expect((await api('GET', `/api/driver-profiles/${MARTA}`)).body).toMatchObject({ rating: 4.5, reviewCount: 56 });
    expect((await api('GET', `/api/reviews/drivers?ids=${MARTA}`)).body).toEqual({
      [MARTA]: { rating: 5, count: 5, sum: 25 },
    });

    // Staff change their mind about one: 4.4 from 55 ((4.4 × 51 + 20) / 55 = 4.44), out of "4.5 and up".
    const rejected = await api('POST', `/api/reviews/admin/${ids[0]}/reject`, undefined, { headers: staff() });
    expect(rejected.status).toBe(200);
    await offerShows({ rating: 4.4, reviewCount: 55 });
    expect(await marta('?offersMinRating=4.5')).toBeUndefined();
  });
});
