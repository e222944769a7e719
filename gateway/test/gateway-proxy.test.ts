import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { API_CONTENT_SECURITY_POLICY } from '../src/security-headers.js';
import { ADAPTERS, standInForwarding } from './support/forwarding-adapters.js';

const OWN_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** A stand-in upstream that reports exactly what reached it (byte count and hash of the body). */
function startEchoUpstream(): Promise<{
  url: string;
  handler: http.RequestListener;
  hits: () => number;
  close(): Promise<void>;
}> {
  let hits = 0;
  const handler: http.RequestListener = (req, res) => {
    hits++;
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      hash.update(c);
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      // A service that serves a page of its own under /api (the local test checkout) sets its own policy.
      if (req.url?.includes('own-policy')) res.setHeader('content-security-policy', OWN_POLICY);
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          bytes,
          sha256: hash.digest('hex'),
          admin: req.headers['x-admin-username'] ?? null,
          requestId: req.headers['x-request-id'] ?? null,
        }),
      );
    });
  };
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        handler,
        hits: () => hits,
        close: () => new Promise((r) => server.close(() => r())),
      });
    }),
  );
}

const APP_JS = `console.log(${JSON.stringify('VanHop '.repeat(400))});\n`;

describe.each(ADAPTERS)('gateway proxy (%s forwarding)', (adapter) => {
  let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
  let gateway: RunningGateway;
  const limit = 1_500_000;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    const staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>VanHop test shell</title>');
    // A built script with the compressed copies the web app's build writes beside it, and one without.
    writeFileSync(path.join(staticDir, 'assets', 'app-1.js'), APP_JS);
    writeFileSync(path.join(staticDir, 'assets', 'app-1.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(path.join(staticDir, 'assets', 'app-1.js.gz'), gzipSync(APP_JS));
    writeFileSync(path.join(staticDir, 'assets', 'plain-1.css'), 'body{margin:0}');
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
      BODY_LIMIT_BYTES: String(limit),
      STATIC_DIR: staticDir,
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = upstream.url;
    gateway = await startGateway(loadGatewayConfig(env), { forwarding: standInForwarding(adapter, upstream.handler) });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
  });

  it('passes a 1 MB JSON body through byte for byte, path unchanged', async () => {
    const body = JSON.stringify({ addresses: [], blob: 'x'.repeat(1024 * 1024) });
    const res = await fetch(`${gateway.url}/api/booking?draft=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as { url: string; bytes: number; sha256: string; requestId: string };
    expect(seen.url).toBe('/api/booking?draft=1');
    expect(seen.bytes).toBe(Buffer.byteLength(body));
    expect(seen.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(seen.requestId).toMatch(/^[\w-]+$/);
  });

  it('rejects a body over the configured limit with 413 before it reaches a service', async () => {
    const before = upstream.hits();
    const body = JSON.stringify({ blob: 'x'.repeat(limit + 10) });
    const res = await fetch(`${gateway.url}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/too large/i);
    expect(upstream.hits()).toBe(before);
  });

  it('rejects an over-limit chunked body (no Content-Length) with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > limit + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${gateway.url}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('refuses JSON nested more than 32 deep with 400 naming the problem, sent whole or chunked; shallower JSON passes byte for byte', async () => {
    const deep = `{"quote":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await fetch(`${gateway.url}/api/paymentbooking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'JSON request body nested more than 32 levels deep',
      code: 'json_too_deep',
    });

    const chunked = await fetch(`${gateway.url}/api/paymentbooking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: new Blob([deep]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(400);

    // 32 levels, with brackets and escaped quotes inside strings that must not count.
    const fine = `${'['.repeat(31)}{"a":"[[[[\\"{{{{"}${']'.repeat(31)}`;
    expect(JSON.parse(fine)).toBeTruthy();
    for (const body of [fine, new Blob([fine]).stream()]) {
      const ok = await fetch(`${gateway.url}/api/paymentbooking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { sha256: string }).sha256).toBe(createHash('sha256').update(fine).digest('hex'));
    }
  });

  it('answers 404 JSON for an unknown API path and does not treat /api/bookingx as /api/booking', async () => {
    const res = await fetch(`${gateway.url}/api/bookingx`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses admin routes without a token and never forwards a client-supplied identity', async () => {
    const before = upstream.hits();
    const res = await fetch(`${gateway.url}/api/backdata/all`, { headers: { 'x-admin-username': 'mallory' } });
    expect(res.status).toBe(401);
    expect(upstream.hits()).toBe(before);
    const pub = await fetch(`${gateway.url}/api/google/review`, { headers: { 'x-admin-username': 'mallory' } });
    expect(((await pub.json()) as { admin: unknown }).admin).toBeNull();
  });

  it('sets security headers and serves the web app with history fallback', async () => {
    const res = await fetch(`${gateway.url}/retrieve/123`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('VanHop test shell');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' https://maps.googleapis.com");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('answers /api with a policy that lets a JSON answer load nothing, unless the service sends its own', async () => {
    for (const p of ['/api/google/review', '/API/google/review', '/api/no-such-service']) {
      const res = await fetch(`${gateway.url}${p}`);
      expect(res.headers.get('content-security-policy'), p).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('SAMEORIGIN');
    }
    const own = await fetch(`${gateway.url}/api/google/review?own-policy`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-security-policy')).toBe(OWN_POLICY);
    // A page whose path only starts like the API's keeps the pages' policy.
    const page = await fetch(`${gateway.url}/apiary`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("serves the build's brotli or gzip copy of a script to a client that accepts it, with the script's type and caching", async () => {
    const get = (encoding: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${gateway.url}/assets/app-1.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    const br = await get('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    const gz = await get('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    const uncopied = await fetch(`${gateway.url}/assets/plain-1.css`, { headers: { 'accept-encoding': 'br' } });
    expect(uncopied.headers.get('content-encoding')).toBeNull();
    expect(await uncopied.text()).toBe('body{margin:0}');
  });

  it('answers 502 JSON when a service is down', async () => {
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = 'http://127.0.0.1:1';
    const lonely = await startGateway(loadGatewayConfig(env), {
      forwarding: standInForwarding(adapter, upstream.handler, { serving: () => false }),
    });
    try {
      const res = await fetch(`${lonely.url}/api/google/review`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/unavailable/);
    } finally {
      await lonely.stop();
    }
  });

  it('answers liveness on its public port, readiness and metrics on the ops port only', async () => {
    expect((await fetch(`${gateway.url}/health/live`)).status).toBe(200);
    for (const p of ['/health/ready', '/metrics', '/health/ready/', '/METRICS', '//metrics']) {
      const res = await fetch(`${gateway.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toMatch(/process_cpu|"checks"|"status"/);
    }

    expect(gateway.opsPort).not.toBe(gateway.port);
    expect((await fetch(`${gateway.opsUrl}/health/live`)).status).toBe(200);
    expect(await (await fetch(`${gateway.opsUrl}/health/ready`)).json()).toMatchObject({
      status: 'ready',
      service: 'gateway',
    });
    // Requests on the public port are counted, and served on the ops port.
    expect((await fetch(`${gateway.url}/api/config`)).status).toBe(200);
    const metrics = await (await fetch(`${gateway.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_total\{[^}]*route="\/api\/config"/);
    expect((await fetch(`${gateway.opsUrl}/api/config`)).status).toBe(404);
    expect((await fetch(`${gateway.opsUrl}/`)).status).toBe(404);
  });
});
