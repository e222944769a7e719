import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryEventBus, startService, type Clock, type RunningService } from '@vanhop/platform';
import { reviewService } from '../src/service.js';
import { TEST_JWT_ENV } from '../../../test/support/staff.js';
import { loadConfig } from '../src/config.js';

interface Review {
  rating: number;
  author_name: string;
  time: number;
  profile_photo_url: string;
  text: string;
}

/** A local stand-in for maps.googleapis.com answering Place Details in Google's response shape. */
const ownBus = () => new MemoryEventBus(createLogger('bus', 'silent'));

async function startFakeGoogle() {
  const state = {
    hits: [] as URL[],
    answer: { status: 200, body: {} as unknown },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    state.hits.push(url);
    if (url.pathname !== '/maps/api/place/details/json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(state.answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(state.answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const googleReview = (author: string, time: number, rating = 5) => ({
  author_name: author,
  author_url: `https://www.google.com/maps/contrib/${time}/reviews`,
  language: 'en',
  original_language: 'en',
  profile_photo_url: `https://lh3.googleusercontent.com/a/${author.replace(/\W/g, '')}=s128`,
  rating,
  relative_time_description: 'a week ago',
  text: `${author} moved with VanHop.`,
  time,
  translated: false,
});

const placeDetails = (reviews: unknown[]) => ({ html_attributions: [], result: { reviews }, status: 'OK' });

describe('GET /api/google/review', () => {
  let now = new Date('2026-03-01T12:00:00Z').getTime();
  const clock: Clock = { now: () => new Date(now) };
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let keyed: RunningService;
  let seeded: RunningService;
  let bus: MemoryEventBus;
  let dataDir: string;

  beforeAll(async () => {
    google = await startFakeGoogle();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-review-'));
    bus = new MemoryEventBus(createLogger('bus', 'silent'));
    const base = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...TEST_JWT_ENV };
    keyed = await startService(
      reviewService,
      loadConfig({
        ...base,
        GOOGLE_PLACES_KEY: 'test-key',
        GOOGLE_PLACE_ID: 'ChIJ-vanhop',
        GOOGLE_PLACES_BASE_URL: google.url,
        REVIEWS_CACHE_SECONDS: '600',
        REVIEWS_STALE_SECONDS: '86400',
      }),
      { bus, clock },
    );
    // Each instance is a deployment of its own: its own bus (a bus takes one consumer per group and topic).
    seeded = await startService(reviewService, loadConfig({ ...base, DATA_DIR: path.join(dataDir, 'seeded') }), {
      bus: ownBus(),
      clock,
    });
  });

  afterAll(async () => {
    await keyed?.stop();
    await seeded?.stop();
    await google?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (service: RunningService) => {
    const res = await fetch(`${service.url}/api/google/review`);
    return { status: res.status, body: (await res.json()) as { result: { reviews: Review[] }; message?: string } };
  };

  it('without a key answers the seeded reviews, newest first, with the wire-contract fields', async () => {
    const { status, body } = await get(seeded);
    expect(status).toBe(200);
    const reviews = body.result.reviews;
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(reviews[0]!).sort()).toEqual(['author_name', 'profile_photo_url', 'rating', 'text', 'time']);
    expect(reviews.map((r) => r.time)).toEqual([...reviews.map((r) => r.time)].sort((a, b) => b - a));
    expect(google.state.hits).toHaveLength(0);
  });

  it('asks Google Place Details once, maps and sorts the reviews newest first, then serves the cache', async () => {
    google.state.answer = {
      status: 200,
      body: placeDetails([
        googleReview('Old Reviewer', 1_700_000_000, 4),
        googleReview('New Reviewer', 1_770_000_000),
        { author_name: 'Broken', rating: 'five' },
        googleReview('Mid Reviewer', 1_740_000_000),
      ]),
    };
    const { status, body } = await get(keyed);
    expect(status).toBe(200);
    expect(body.result.reviews).toEqual([
      {
        rating: 5,
        author_name: 'New Reviewer',
        time: 1_770_000_000,
        profile_photo_url: 'https://lh3.googleusercontent.com/a/NewReviewer=s128',
        text: 'New Reviewer moved with VanHop.',
      },
      {
        rating: 5,
        author_name: 'Mid Reviewer',
        time: 1_740_000_000,
        profile_photo_url: 'https://lh3.googleusercontent.com/a/MidReviewer=s128',
        text: 'Mid Reviewer moved with VanHop.',
      },
      {
        rating: 4,
        author_name: 'Old Reviewer',
        time: 1_700_000_000,
        profile_photo_url: 'https://lh3.googleusercontent.com/a/OldReviewer=s128',
        text: 'Old Reviewer moved with VanHop.',
      },
    ]);
    expect(google.state.hits).toHaveLength(1);
    const q = google.state.hits[0]!.searchParams;
    expect(q.get('place_id')).toBe('ChIJ-vanhop');
    expect(q.get('key')).toBe('test-key');
    expect(q.get('fields')).toBe('reviews');

    // Within the TTL, concurrent and repeated requests are served from the cache.
    await Promise.all([get(keyed), get(keyed), get(keyed)]);
    now += 599_000;
    await get(keyed);
    expect(google.state.hits).toHaveLength(1);
  });

  it('after the TTL asks again, and serves the stale copy while Google fails', async () => {
    now += 2_000;
    google.state.answer = { status: 500, body: { error: 'backend error' } };
    const down = await get(keyed);
    expect(down.status).toBe(200);
    expect(down.body.result.reviews.map((r) => r.author_name)).toEqual([
      'New Reviewer',
      'Mid Reviewer',
      'Old Reviewer',
    ]);
    expect(google.state.hits).toHaveLength(2);

    google.state.answer = { status: 200, body: { status: 'OVER_QUERY_LIMIT', error_message: 'quota', result: {} } };
    const quota = await get(keyed);
    expect(quota.body.result.reviews).toHaveLength(3);
    expect(google.state.hits).toHaveLength(3);

    google.state.answer = { status: 200, body: placeDetails([googleReview('Fresh Reviewer', 1_780_000_000)]) };
    const back = await get(keyed);
    expect(back.body.result.reviews.map((r) => r.author_name)).toEqual(['Fresh Reviewer']);
  });

  it('with Google failing and nothing cached answers 502 with a message', async () => {
    google.state.answer = {
      status: 200,
      body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
    };
    const cold = await startService(
      reviewService,
      loadConfig({
        PORT: '0',
        DATA_DIR: path.join(dataDir, 'cold'),
        LOG_LEVEL: 'silent',
        ...TEST_JWT_ENV,
        GOOGLE_PLACES_KEY: 'bad-key',
        GOOGLE_PLACE_ID: 'ChIJ-vanhop',
        GOOGLE_PLACES_BASE_URL: google.url,
      }),
      { bus: ownBus(), clock },
    );
    try {
      const res = await fetch(`${cold.url}/api/google/review`);
      expect(res.status).toBe(502);
      const body = await res.text();
      expect(body).toContain('REQUEST_DENIED');
      expect(body).not.toContain('bad-key');
    } finally {
      await cold.stop();
    }
  });

  it('refuses a key without a place id at start-up, naming the variable', () => {
    expect(() => loadConfig({ ...TEST_JWT_ENV, GOOGLE_PLACES_KEY: 'k' })).toThrow(/GOOGLE_PLACE_ID/);
  });
});
