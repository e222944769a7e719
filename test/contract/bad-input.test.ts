import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';

/**
 * Hostile or broken input on every public route: each answer must be a clear 4xx (or a normal 2xx
 * where the input happens to be acceptable), never a 5xx or a stack trace.
 */
const ROUTES: [method: string, path: string][] = [
  ['POST', '/api/booking'],
  ['POST', '/api/saveRetrieve'],
  ['GET', '/api/saveRetrieve'],
  ['POST', '/api/paymentbooking'],
  ['POST', '/api/paymentbooking/success'],
  ['POST', '/api/savebooking'],
  ['POST', '/api/savebooking/updatepaymentstatus'],
  ['POST', '/api/payments/webhook'],
  ['POST', '/api/contact/sendemail'],
  ['POST', '/api/account/register'],
  ['POST', '/api/account/login'],
  ['GET', '/api/geo/autocomplete'],
  ['GET', '/api/geo/geocode'],
  ['GET', '/api/geo/coverage'],
];

const BODIES: [name: string, body: string, contentType?: string][] = [
  ['invalid JSON', '{"name": '],
  ['null', 'null'],
  ['an array of numbers', '[1,2,3]'],
  ['a bare string', '"hello"'],
  ['operator objects', '{"name":{"$gt":""},"email":{"$ne":null},"randomNumber":{"$gt":0},"quote":{"$where":"1"},"username":{"$ne":"x"},"password":{"$ne":"x"},"percentage":{"$in":[30]},"session_id":{"$gt":""},"addresses":{"$size":2}}'],
  ['wrong types everywhere', '{"addresses":"NW2","vanSize":7,"driverHelp":[],"hour":"lots","date":12,"name":42,"email":true,"phone":{},"agree":"yes","percentage":"thirty","quote":"x","randomNumber":"12abc"}'],
  ['deep nesting', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
  ['huge numbers', '{"hour":1e308,"randomNumber":1e308,"percentage":1e308,"addresses":[{"id":"a","location":"NW2","stair":1e308},{"id":"b","location":"SE1","stair":-1e308}]}'],
  ['form encoding', 'name=x&email=y', 'application/x-www-form-urlencoded'],
  ['plain text', 'just text', 'text/plain'],
];

const QUERIES = ['?randomNumber[$gt]=0', '?randomNumber=1&randomNumber=2', '?q[$regex]=.*', '?address[]=NW2', '?lat=north&lng=west', '?randomNumber=99999999999999999999', '?address=%00%ff'];

describe('bad input never produces a 5xx', () => {
  let running: EmbeddedOnTempDir;
  let base = '';
  beforeAll(async () => {
    // Rate limits high enough that the flood of bad requests is judged on content, not volume.
    running = await startEmbeddedOnTempDir(
      { GATEWAY_RATE_LIMIT_PER_MINUTE: '100000', CONTACT_RATE_LIMIT_PER_HOUR: '100000', RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_CLIENT: '100000', LOGIN_RATE_LIMIT_PER_USERNAME: '100000', REGISTER_RATE_LIMIT_PER_CLIENT: '100000' },
      { webApp: false },
    );
    base = running.product.url;
  });
  afterAll(async () => {
    await running?.stop();
  });

  it.each(ROUTES.filter(([m]) => m === 'POST'))('%s %s', async (method, path) => {
    for (const [name, body, type] of BODIES) {
      const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': type ?? 'application/json' }, body });
      const text = await res.text();
      expect(res.status, `${name}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(text, name).not.toMatch(/\bat .+\.(js|ts):\d+/);
    }
  });

  it.each(ROUTES.filter(([m]) => m === 'GET'))('%s %s', async (method, path) => {
    for (const q of QUERIES) {
      const res = await fetch(`${base}${path}${q}`, { method });
      const text = await res.text();
      expect(res.status, `${q}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(text, q).not.toMatch(/\bat .+\.(js|ts):\d+/);
    }
  });

  it('admin routes with a valid token refuse malformed ids with a 4xx', async () => {
    const json = { 'content-type': 'application/json' };
    const code = running.product.env.ADMIN_SIGNUP_CODE;
    await fetch(`${base}/api/account/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'fuzzadmin', password: 'fuzz-pass-123', password1: 'fuzz-pass-123', uniquecode: code }) });
    const { token } = await (await fetch(`${base}/api/account/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'fuzzadmin', password: 'fuzz-pass-123' }) })).json();
    expect(typeof token).toBe('string');
    const auth = { authorization: `Bearer ${token}` };
    for (const id of ['%24gt', '..%2F..%2Fetc', 'x'.repeat(300), '%00', '{}', 'not-a-uuid']) {
      for (const [method, path] of [['DELETE', `/api/backdata/delete/${id}`], ['POST', `/api/backdata/review/${id}`]]) {
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
