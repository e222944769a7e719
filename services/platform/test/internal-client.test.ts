import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InternalHttpClient, NotFoundError, UpstreamError, ValidationError } from '../src/index.js';

/** A peer whose answers the test scripts per path: [status, body] in turn, the last one repeated. */
const script = new Map<string, [number, unknown][]>();
const seen: { method: string; path: string; body: string }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, body });
      const answers = script.get(req.url!) ?? [[500, {}]];
      const [status, payload] = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (payload === 'hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (o: Partial<ConstructorParameters<typeof InternalHttpClient>[0]> = {}) =>
  new InternalHttpClient({ service: 'peer', baseUrl, timeoutMs: 500, retryDelayMs: 1, ...o });
const isThing = (v: unknown): v is { thing: number } => typeof (v as { thing?: unknown })?.thing === 'number';

describe('InternalHttpClient', () => {
  it('returns an accepted answer and sends the body as JSON', async () => {
    script.set('/ok', [[200, { thing: 1 }]]);
    expect(await client().post('/ok', { a: 1 }, { accept: isThing })).toEqual({ thing: 1 });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it("passes the peer's 400, 404 and 409 on as the caller's own errors, with their messages and fields", async () => {
    script.set('/bad', [[400, { message: 'Date is required', errors: { date: 'Date is required' } }]]);
    script.set('/gone', [[404, {}]]);
    script.set('/taken', [[409, { message: 'Taken' }]]);
    const bad = await client()
      .get('/bad')
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect(bad).toMatchObject({ message: 'Date is required', fields: { date: 'Date is required' } });
    await expect(client().get('/gone', { fallback: { notFound: 'No such booking' } })).rejects.toEqual(
      new NotFoundError('No such booking'),
    );
    await expect(client().get('/taken')).rejects.toEqual(new ConflictError('Taken'));
  });

  it('an unexpected answer or body is a 502 in the words the caller chose', async () => {
    script.set('/odd', [[200, { other: true }]]);
    script.set('/boom', [[500, { message: 'stack trace' }]]);
    const c = client({ unavailable: (detail) => `Peer ${detail}` });
    await expect(c.post('/odd', {}, { accept: isThing })).rejects.toEqual(new UpstreamError('Peer answered HTTP 200'));
    await expect(c.post('/boom', {})).rejects.toEqual(new UpstreamError('Peer answered HTTP 500'));
  });

  it('tries a GET again after a 503, never a POST', async () => {
    script.set('/flaky', [
      [503, {}],
      [200, { thing: 2 }],
    ]);
    expect(await client().get('/flaky', { accept: isThing })).toEqual({ thing: 2 });
    script.set('/flaky-post', [
      [503, {}],
      [200, { thing: 3 }],
    ]);
    await expect(client().post('/flaky-post', {}, { accept: isThing })).rejects.toBeInstanceOf(UpstreamError);
  });

  it('tries an idempotent POST again after a timeout or a 503, as it would a GET', async () => {
    script.set('/hold-slow', [
      [201, 'hang'],
      [201, {}],
    ]);
    const before = seen.length;
    await expect(
      client({ timeoutMs: 100 }).post(
        '/hold-slow',
        { bookingId: 'bk-1' },
        { on: { 201: () => 'held' }, onlyListed: true, idempotent: true },
      ),
    ).resolves.toBe('held');
    expect(seen.slice(before).map((r) => r.body)).toEqual(['{"bookingId":"bk-1"}', '{"bookingId":"bk-1"}']);
    script.set('/hold-busy', [
      [503, {}],
      [201, {}],
    ]);
    await expect(
      client().post('/hold-busy', {}, { on: { 201: () => 'held' }, onlyListed: true, idempotent: true }),
    ).resolves.toBe('held');
  });

  it('gives up after its timeout', async () => {
    script.set('/slow', [[200, 'hang']]);
    await expect(client({ timeoutMs: 50, retries: 0, unavailable: (d) => d }).get('/slow')).rejects.toEqual(
      new UpstreamError('unreachable: TimeoutError', true),
    );
  });

  it('with onlyListed, answers only the statuses it lists', async () => {
    script.set('/hold', [[201, {}]]);
    script.set('/hold-400', [[400, { message: 'bad' }]]);
    const c = client();
    expect(await c.post('/hold', {}, { on: { 201: () => 'held' }, onlyListed: true })).toBe('held');
    await expect(c.post('/hold-400', {}, { on: { 201: () => 'held' }, onlyListed: true })).rejects.toBeInstanceOf(
      UpstreamError,
    );
  });
});
