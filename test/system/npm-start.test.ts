import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnEmbedded, type EmbeddedProcess } from '../support/embedded-process.js';

/**
 * Runs the built embedded product exactly as `npm start` does (node dist/embedded.js) and talks to
 * it only over HTTP through the printed URL.
 */
describe('npm start (embedded product as a process)', () => {
  let product: EmbeddedProcess | undefined;
  afterAll(async () => {
    await product?.stop();
  });

  it('prints its URL, answers through the gateway, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-start-'));
    product = await spawnEmbedded(dataDir);
    const { url } = product;
    expect(product.output()).toMatch(/Admin sign-up code: VH-[0-9A-F]{8}/);
    const health = await fetch(`${url}/api/dashboard/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { health: string; services: Record<string, unknown> };
    expect(body.health).toBe('ok');
    expect(Object.keys(body.services).sort()).toEqual([
      'admin-auth',
      'booking',
      'notification',
      'payment',
      'quote',
      'review',
    ]);
    // The gateway's own readiness and metrics are on its ops port, printed beside the URL; never the public one.
    expect((await fetch(`${product.opsUrl}/health/ready`)).status).toBe(200);
    expect(await (await fetch(`${product.opsUrl}/metrics`)).text()).toContain('http_requests_total');
    expect((await fetch(`${url}/health/ready`)).status).toBe(404);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);

    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    expect(await product.stop('SIGTERM')).toBe(0);
    product = undefined;
  });
});
