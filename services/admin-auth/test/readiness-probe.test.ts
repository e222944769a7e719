import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeReadiness } from '../src/adapters/http-readiness-probe.js';

/** A service address whose answers to /health/ready follow `statuses`, one per request, as replicas behind a load balancer would. */
async function replicas(statuses: number[]): Promise<{ url: string; asked: () => number; close: () => Promise<void> }> {
  let asked = 0;
  const server = http.createServer((_req, res) => {
    const status = statuses[Math.min(asked++, statuses.length - 1)] ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: () => asked,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('asking a replicated service whether it is ready', () => {
  const open: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('is ready when one try reaches a ready replica, and stops asking then', async () => {
    const svc = await replicas([503, 200, 200]);
    open.push(svc);
    expect(await probeReadiness(svc.url)).toBe('ready');
    expect(svc.asked()).toBe(2);
  });

  it('is not ready when every try says so', async () => {
    const svc = await replicas([503]);
    open.push(svc);
    expect(await probeReadiness(svc.url, 2000, 3)).toBe('not ready');
    expect(svc.asked()).toBe(3);
  });

  it('is unreachable when nothing answers', async () => {
    const svc = await replicas([200]);
    await svc.close();
    expect(await probeReadiness(svc.url, 500, 2)).toBe('unreachable');
  });
});
