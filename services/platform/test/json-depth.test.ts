import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonDepthScanner, nestedDeeperThan, route, type RunningServer } from '../src/index.js';
import { listenServiceApp } from './support/http-app.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting depth', () => {
  let server: RunningServer;
  let reached = 0;
  beforeAll(async () => {
    server = await listenServiceApp((a) => {
      a.post(
        '/echo',
        route(async (req, res) => {
          reached++;
          res.json(req.body);
        }),
      );
    }, 1024 * 1024);
  });
  afterAll(() => server.close());

  const post = (body: string, type = 'application/json') =>
    fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': type }, body });

  it('every service refuses a body nested more than 32 deep with 400 naming the problem, before any route runs', async () => {
    for (const body of [`{"quote":${nested(10_000)}}`, nested(33), `{"a":${'{"a":'.repeat(32)}1${'}'.repeat(33)}`]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'JSON request body nested more than 32 levels deep',
        code: 'json_too_deep',
      });
    }
    // Another charset is decoded by the parser first, so the check cannot be dodged by encoding.
    const utf16 = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from(nested(40), 'utf16le'),
    });
    expect(utf16.status).toBe(400);
    expect(reached).toBe(0);
    const ok = await post(`{"quote":${nested(31)}}`);
    expect(ok.status).toBe(200);
    expect(reached).toBe(1);
  });

  it('counts brackets outside strings only, chunk by chunk, and walks parsed values without recursion', () => {
    const scan = (...chunks: string[]) => {
      const s = new JsonDepthScanner(3);
      return chunks.every((c) => s.feed(Buffer.from(c)));
    };
    expect(scan('[[[', ']]]')).toBe(true);
    expect(scan('[[[', '[')).toBe(false);
    expect(scan('["[[[[[\\"[[[[", [[', '1]]]')).toBe(true);
    expect(scan('["\\', '"[[[[', '"]')).toBe(true);
    expect(scan('[[]', '[[]]]')).toBe(true);
    expect(nestedDeeperThan(JSON.parse(nested(100_000)))).toBe(true);
    expect(nestedDeeperThan({ a: [{ b: [1, 2] }], c: 'x' }, 4)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: [1, 2] }], c: 'x' }, 3)).toBe(true);
  });
});
