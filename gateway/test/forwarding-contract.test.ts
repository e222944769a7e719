/**
 * The forwarding contract: a service built on the platform's own app (body parsing, validation,
 * rate limits, error handler, request ids) answers the same, and sees the same request, whether
 * the gateway proxies to it over HTTP or hands it the request in process. Every answer is recorded
 * per adapter and the last test compares the two records whole.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Express } from 'express';
import * as yup from 'yup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  createHttpApp,
  createLogger,
  listen,
  MemoryCache,
  rateLimit,
  Readiness,
  route,
  SERVICE_NAMES,
  serviceUrlVar,
  validated,
  ValidationError,
  type RequestWithRawBody,
  type RunningServer,
} from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { ADAPTERS, standInForwarding, type Adapter } from './support/forwarding-adapters.js';

const LIMIT = 1_500_000;
const WEBHOOK_SECRET = 'whsec_forwarding_contract';
const GATEWAY_LIMIT = 40;
const PHOTO = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256));

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The stand-in service: routes that show what the service saw, and one of each answer a service gives. */
function standInService(): Express {
  const cache = new MemoryCache();
  return createHttpApp({
    service: 'quote',
    logger: createLogger('quote', 'silent'),
    readiness: new Readiness([]),
    bodyLimitBytes: LIMIT,
    routes: (app) => {
      const seen = (req: import('express').Request) => ({
        method: req.method,
        url: req.url,
        originalUrl: req.originalUrl,
        baseUrl: req.baseUrl,
        path: req.path,
        query: req.query,
        ip: req.ip,
        ips: req.ips,
        protocol: req.protocol,
        secure: req.secure,
        hostname: req.hostname,
        id: req.id,
        body: req.body as unknown,
        rawSha256: (req as RequestWithRawBody).rawBody ? sha256((req as RequestWithRawBody).rawBody!) : null,
        headers: Object.fromEntries(
          // The Host header names the gateway's port, which differs between the two gateways; its hostname is above.
          [
            'content-type',
            'content-length',
            'transfer-encoding',
            'x-forwarded-for',
            'x-forwarded-proto',
            'x-forwarded-host',
            'forwarded',
            'x-request-id',
            'x-admin-username',
          ].map((h) => [h, req.headers[h] ?? null]),
        ),
      });
      app.all('/api/booking/echo', (req, res) => {
        res.set('Cache-Control', 'private, max-age=5').json(seen(req));
      });
      const booking = validated(
        yup.object({
          name: yup.string().required('Name is required'),
          size: yup.number().typeError('Size must be a number').required(),
        }),
        'body',
        { what: 'Booking' },
      );
      app.post('/api/booking/validate', booking, (_req, res) => {
        res.json({ ok: true, input: booking.of(res) });
      });
      app.post('/api/booking/conflict', () => {
        throw new ConflictError('That slot is taken');
      });
      app.get('/api/booking/boom', () => {
        throw new Error('a bug in the service');
      });
      app.get(
        '/api/booking/limited',
        rateLimit(cache, { name: 'standin', limit: 2, windowSeconds: 60 }),
        (_req, res) => {
          res.json({ ok: true });
        },
      );
      // A binary upload the JSON parser leaves alone: the service reads the stream itself.
      app.put('/api/booking/photo', (req, res) => {
        const hash = createHash('sha256');
        let bytes = 0;
        req.on('data', (c: Buffer) => {
          bytes += c.length;
          hash.update(c);
        });
        req.on('end', () => res.json({ bytes, sha256: hash.digest('hex'), type: req.headers['content-type'] }));
      });
      // A binary answer written in pieces, as a photo or a file download streams out.
      app.get('/api/booking/photo', (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
        for (let i = 0; i < PHOTO.length; i += 64 * 1024) res.write(PHOTO.subarray(i, i + 64 * 1024));
        res.end();
      });
      // As the payment webhook does: a signature over the exact bytes the client sent.
      app.post(
        '/api/payments/webhook',
        route(async (req, res) => {
          const raw = (req as RequestWithRawBody).rawBody ?? Buffer.alloc(0);
          const expected = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
          if (req.headers['stripe-signature'] !== expected)
            throw new ValidationError('Invalid Stripe signature', { 'stripe-signature': 'Invalid Stripe signature' });
          res.json({ received: true, bytes: raw.length });
        }),
      );
    },
  });
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two runs whatever the adapter (time) or belong to the connection. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive']);

async function answerOf(res: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!VOLATILE.has(k)) headers[k] = v;
  });
  const body = Buffer.from(await res.arrayBuffer());
  const text = /json|text/.test(res.headers.get('content-type') ?? '')
    ? body.toString()
    : `sha256:${sha256(body)} bytes:${body.length}`;
  return { status: res.status, headers, body: text };
}

const recorded: Record<Adapter, Map<string, Answer>> = { http: new Map(), 'in-process': new Map() };

describe.each(ADAPTERS)('forwarding contract (%s)', (adapter) => {
  let service: RunningServer;
  let gateway: RunningGateway;
  let client = 0;
  const record = recorded[adapter];

  /** One request as a client behind one trusted proxy, its own address each time (so the gateway's limit stays out of the way), a fixed request id. */
  const call = async (name: string, path: string, init: RequestInit & { xff?: string } = {}) => {
    client++;
    const headers = new Headers(init.headers);
    if (!headers.has('x-forwarded-for'))
      headers.set('x-forwarded-for', init.xff ?? `198.51.100.200, 203.0.113.${client}`);
    if (!headers.has('x-request-id')) headers.set('x-request-id', `contract-${name}`);
    const res = await fetch(`${gateway.url}${path}`, { ...init, headers });
    const answer = await answerOf(res);
    record.set(name, answer);
    return answer;
  };
  const json = (a: Answer) => JSON.parse(a.body) as Record<string, unknown>;

  beforeAll(async () => {
    const app = standInService();
    service = await listen(app, 0);
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
      BODY_LIMIT_BYTES: String(LIMIT),
      STATIC_DIR: '/nonexistent',
      TRUST_PROXY: '1',
      GATEWAY_RATE_LIMIT_PER_MINUTE: String(GATEWAY_LIMIT),
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = service.url;
    gateway = await startGateway(loadGatewayConfig(env), {
      forwarding: standInForwarding(adapter, app, { serving: () => service.server.listening }),
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await service?.close();
  });

  it('the service sees the request as over HTTP: path, query (its own parser), client address and protocol from the gateway alone, host, request id', async () => {
    const a = await call('echo-get', '/api/booking/echo?draft=1&stop[0]=NW1&stop[1]=SE1', {
      headers: {
        'x-forwarded-for': '198.51.100.7, 203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=1.2.3.4',
        'x-admin-username': 'mallory',
      },
    });
    expect(a.status).toBe(200);
    const seen = json(a);
    expect(seen).toMatchObject({
      method: 'GET',
      url: '/api/booking/echo?draft=1&stop[0]=NW1&stop[1]=SE1',
      originalUrl: '/api/booking/echo?draft=1&stop[0]=NW1&stop[1]=SE1',
      baseUrl: '',
      path: '/api/booking/echo',
      query: { draft: '1', stop: ['NW1', 'SE1'] },
      ip: '203.0.113.9',
      ips: ['203.0.113.9'],
      protocol: 'https',
      secure: true,
      hostname: '127.0.0.1',
      id: 'contract-echo-get',
    });
    expect(seen.headers).toMatchObject({
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': null,
      forwarded: null,
      'x-request-id': 'contract-echo-get',
      'x-admin-username': null,
    });
    expect(a.headers['x-request-id']).toBe('contract-echo-get');
    expect(a.headers['cache-control']).toBe('private, max-age=5');
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['ratelimit-limit']).toBe(String(GATEWAY_LIMIT));
    expect(a.headers.etag).toMatch(/^W\//);
  });

  it('a request id the client did not send is made by the gateway and is the one the service uses', async () => {
    const res = await fetch(`${gateway.url}/api/booking/echo`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.250', 'x-request-id': 'not a good id!' },
    });
    const seen = (await res.json()) as { id: string; headers: Record<string, string> };
    expect(seen.id).toMatch(/^[\w-]+$/);
    expect(seen.id).not.toBe('not a good id!');
    expect(seen.headers['x-request-id']).toBe(seen.id);
    expect(res.headers.get('x-request-id')).toBe(seen.id);
  });

  it('streams a 1 MB JSON body, whole or chunked, to the service byte for byte (its parser and its raw copy)', async () => {
    const body = JSON.stringify({ addresses: ['NW1 4NP'], blob: 'x'.repeat(1024 * 1024) });
    const whole = json(
      await call('json-1mb', '/api/booking/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );
    expect(whole.rawSha256).toBe(sha256(body));
    expect((whole.body as { blob: string }).blob).toHaveLength(1024 * 1024);
    expect((whole.headers as Record<string, string>)['content-length']).toBe(String(Buffer.byteLength(body)));
    const chunked = json(
      await call('json-chunked', '/api/booking/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(chunked.rawSha256).toBe(sha256(body));
    expect((chunked.headers as Record<string, string>)['transfer-encoding']).toBe('chunked');
  });

  it('streams a binary upload to the service and a binary answer back, byte for byte', async () => {
    const up = json(
      await call('photo-upload', '/api/booking/photo', {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: PHOTO,
      }),
    );
    expect(up).toEqual({ bytes: PHOTO.length, sha256: sha256(PHOTO), type: 'image/png' });
    const down = await call('photo-download', '/api/booking/photo');
    expect(down.status).toBe(200);
    expect(down.body).toBe(`sha256:${sha256(PHOTO)} bytes:${PHOTO.length}`);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('a webhook signed over the raw bytes verifies; the same JSON re-serialised does not', async () => {
    const body = '{ "id": "evt_1",\n  "type": "payment_intent.succeeded", "amount": 12.50 }';
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    const ok = await call('webhook', '/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(ok.status).toBe(200);
    expect(json(ok)).toEqual({ received: true, bytes: Buffer.byteLength(body) });
    const bad = await call('webhook-bad', '/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify(JSON.parse(body)),
    });
    expect(bad.status).toBe(400);
    expect(json(bad)).toEqual({
      message: 'Invalid Stripe signature',
      code: 'validation_failed',
      errors: { 'stripe-signature': 'Invalid Stripe signature' },
    });
  });

  it("the service's own answers: 400 naming the fields, 404, 409, 500, 429 with its rate-limit headers, 400 for malformed JSON", async () => {
    const invalid = await call('validate', '/api/booking/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 'big' }),
    });
    expect(invalid.status).toBe(400);
    expect(json(invalid)).toMatchObject({ code: 'validation_failed' });
    expect(invalid.body).toMatch(/Name is required/);
    expect(invalid.body).toMatch(/Size must be a number/);
    const valid = await call('validate-ok', '/api/booking/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann', size: '3' }),
    });
    expect(json(valid)).toEqual({ ok: true, input: { name: 'Ann', size: 3 } });

    const missing = await call('not-found', '/api/booking/nothing-here');
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual({ message: 'No route for GET /api/booking/nothing-here', code: 'not_found' });
    expect((await call('conflict', '/api/booking/conflict', { method: 'POST' })).status).toBe(409);
    const boom = await call('boom', '/api/booking/boom');
    expect(boom.status).toBe(500);
    expect(json(boom)).toEqual({ message: 'Internal server error', code: 'internal' });
    const malformed = await call('malformed', '/api/booking/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
    expect(json(malformed)).toEqual({ message: 'Malformed request body', code: 'bad_request' });

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(`limited-${i}`, '/api/booking/limited', { xff: '203.0.113.77' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = record.get('limited-2')!;
    // The service's own limit and allowance replace the gateway's on its answer, as the proxy copies them.
    expect(limited.headers).toMatchObject({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
  });

  it("the gateway's own answers come first: 413 for a body over the limit, 400 for JSON nested too deep, 429 from its own limit", async () => {
    const big = await call('too-large', '/api/booking/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(LIMIT + 10) }),
    });
    expect(big.status).toBe(413);
    expect(json(big)).toEqual({ message: 'Request body too large', code: 'payload_too_large' });
    const deep = await call('too-deep', '/api/booking/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"a":${'['.repeat(100)}${']'.repeat(100)}}`,
    });
    expect(deep.status).toBe(400);
    expect(json(deep)).toMatchObject({ code: 'json_too_deep' });

    const statuses: number[] = [];
    for (let i = 0; i <= GATEWAY_LIMIT; i++)
      statuses.push((await call(`gateway-limit-${i}`, '/api/booking/echo', { xff: '203.0.113.240' })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(GATEWAY_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    expect(record.get(`gateway-limit-${GATEWAY_LIMIT}`)!.headers).toMatchObject({
      'ratelimit-limit': String(GATEWAY_LIMIT),
      'ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
  });

  it("the gateway's metrics count what it forwarded, not the service's routes (the service's own stay its own)", async () => {
    const metrics = await (await fetch(`${gateway.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_total\{[^}]*route="unmatched"[^}]*status="200"/);
    expect(metrics).not.toMatch(/route="\/api\/booking\/echo"/);
  });

  it('502 JSON when the service is stopped', async () => {
    await service.close();
    const down = await call('down', '/api/booking/echo');
    expect(down.status).toBe(502);
    expect(json(down)).toEqual({
      message: 'The quote service is unavailable, please try again shortly.',
      code: 'bad_gateway',
    });
  });
});

describe('forwarding contract: both adapters', () => {
  it('gave the same answers, status, headers and body, to every request', () => {
    expect(recorded['in-process'].size).toBeGreaterThan(40);
    expect([...recorded['in-process'].keys()]).toEqual([...recorded.http.keys()]);
    for (const [name, answer] of recorded.http) expect(recorded['in-process'].get(name), name).toEqual(answer);
  });
});
