import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import {
  API_ROUTES,
  HOSTILE_BODIES,
  HOSTILE_IDS,
  HOSTILE_QUERIES,
  leaksInternals,
  staffToken,
  UNLIMITED_RATES,
} from '../support/hostile-input.js';

/**
 * Hostile or broken input on every public route: each answer must be a clear 4xx (or a normal 2xx
 * where the input happens to be acceptable), never a 5xx or a stack trace. The seeded fuzz test
 * (fuzz.test.ts) sends thousands more of the same kinds; these are the hand-picked ones.
 */
const ROUTES = API_ROUTES.filter((r) => !r.admin && !r.path.includes(':id') && (r.body || r.query)).map(
  (r) => [r.method, r.path] as [string, string],
);

describe('bad input never produces a 5xx', () => {
  let running: EmbeddedOnTempDir;
  let base = '';
  beforeAll(async () => {
    // Rate limits high enough that the flood of bad requests is judged on content, not volume.
    running = await startEmbeddedOnTempDir(UNLIMITED_RATES, { webApp: false });
    base = running.product.url;
  });
  afterAll(async () => {
    await running?.stop();
  });

  it.each(ROUTES.filter(([m]) => m === 'POST'))('%s %s', async (method, path) => {
    for (const [name, body, type] of HOSTILE_BODIES) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': type ?? 'application/json' },
        body,
      });
      const text = await res.text();
      expect(res.status, `${name}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(leaksInternals(text), `${name}: ${text.slice(0, 200)}`).toBe(false);
    }
  });

  it.each(ROUTES.filter(([m]) => m === 'GET'))('%s %s', async (method, path) => {
    for (const q of HOSTILE_QUERIES) {
      const res = await fetch(`${base}${path}${q}`, { method });
      const text = await res.text();
      expect(res.status, `${q}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(leaksInternals(text), `${q}: ${text.slice(0, 200)}`).toBe(false);
    }
  });

  it('admin routes with a valid token refuse malformed ids with a 4xx', async () => {
    const token = await staffToken(base, running.product.env.ADMIN_SIGNUP_CODE!);
    const auth = { authorization: `Bearer ${token}` };
    for (const id of HOSTILE_IDS) {
      for (const [method, path] of [
        ['DELETE', `/api/backdata/delete/${id}`],
        ['POST', `/api/backdata/review/${id}`],
        ['POST', `/api/backdata/amend/${id}`],
        ['POST', `/api/backdata/cancel/${id}`],
      ]) {
        const res = await fetch(`${base}${path}`, { method, headers: auth });
        const text = await res.text();
        expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('keeps working after the flood: a real retrieve still answers 404 text for an unknown code', async () => {
    const res = await fetch(`${base}/api/saveRetrieve?randomNumber=4242`);
    expect(res.status).toBe(404);
  });
});
