import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_PATHS, type BookingDraft, type InternalCandidatesResponse } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';
import { CandidateRankingClient } from '../../fleet/src/adapters/candidate-ranking-client.js';
import { PlaceGeocoderClient } from '../../fleet/src/adapters/place-geocoder-client.js';
import { complete, post, startQuote } from './support.js';

/**
 * What the supply side asks of pricing and geocoding over /internal: the drivers who can take a
 * booked move, ranked as the offers are, and a place's point; and the HTTP clients that ask.
 */
describe('quote answers the supply side: candidates and geocoding', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const { name: _n, phone: _p, ...body } = complete;
  const draft = body as unknown as BookingDraft;

  beforeAll(async () => {
    svc = await startQuote();
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('POST /internal/candidates answers every driver who can take the move, in the offers order, with their charges on the day', async () => {
    const res = await post(`${svc.url}${INTERNAL_PATHS.candidates}`, draft);
    expect(res.status).toBe(200);
    const answer = res.json as InternalCandidatesResponse;
    const quoted = await post(`${svc.url}/api/booking`, complete);
    const offers = quoted.json.offers as { driverId: string; totalPrice: number }[];
    // The offers are a page; the candidates are every driver, the page's ones first in the same order.
    expect(answer.candidates.length).toBe(quoted.json.offersTotal);
    expect(answer.candidates.slice(0, offers.length).map((c) => [c.driverId, c.totalPence])).toEqual(
      offers.map((o) => [o.driverId, Math.round(o.totalPrice * 100)]),
    );
    const allIn = answer.candidates.map((c) => c.totalPence + c.onTheDayPence);
    expect(allIn).toEqual([...allIn].sort((a, b) => a - b));
    for (const c of answer.candidates) {
      expect(c.onTheDayPence).toBe(c.chargesOnTheDay.reduce((sum, x) => sum + x.amountPence, 0));
      expect(typeof c.name).toBe('string');
    }
    expect(answer.pickup).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(await new CandidateRankingClient(svc.url).rank(draft)).toEqual(answer);
  });

  it('a bad move is a 400 naming the field, passed on by the client as a ValidationError', async () => {
    const res = await post(`${svc.url}${INTERNAL_PATHS.candidates}`, { ...draft, vanSize: 'Enormous' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ vanSize: 'Unknown van size' });
    await expect(new CandidateRankingClient(svc.url).rank({ ...draft, addresses: [] } as never)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('POST /internal/geocode answers a place its point, 404 for one it does not know, 400 naming a missing place', async () => {
    const known = await post(`${svc.url}${INTERNAL_PATHS.geocode}`, { place: 'NW6' });
    expect(known.status).toBe(200);
    expect(known.json).toEqual({
      label: expect.any(String),
      lat: expect.any(Number),
      lng: expect.any(Number),
      outcode: expect.anything(),
    });
    expect((await post(`${svc.url}${INTERNAL_PATHS.geocode}`, { place: 'Nowhere-on-Sea Zzzz' })).status).toBe(404);
    const missing = await post(`${svc.url}${INTERNAL_PATHS.geocode}`, {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ place: 'place is required' });
    const client = new PlaceGeocoderClient(svc.url);
    expect(await client.geocode('NW6')).toEqual(known.json);
    expect(await client.geocode('Nowhere-on-Sea Zzzz')).toBeNull();
  });
});
