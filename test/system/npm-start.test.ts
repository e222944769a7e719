import { spawn } from 'node:child_process';
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
      'fleet',
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

  it('runs a second copy beside the first (ops port unset: any free one), and says which variable names a taken port', async () => {
    const first = await spawnEmbedded(mkdtempSync(path.join(tmpdir(), 'vanhop-start-a-')), { OPS_PORT: undefined });
    const second = await spawnEmbedded(mkdtempSync(path.join(tmpdir(), 'vanhop-start-b-')), { OPS_PORT: undefined });
    try {
      expect(first.opsUrl).not.toBe(second.opsUrl);
      expect((await fetch(`${first.opsUrl}/health/ready`)).status).toBe(200);
      expect((await fetch(`${second.opsUrl}/health/ready`)).status).toBe(200);

      const takenPort = new URL(first.url).port;
      const third = spawn(process.execPath, ['dist/embedded.js'], {
        env: {
          ...process.env,
          LOG_LEVEL: 'warn',
          GATEWAY_PORT: takenPort,
          OPS_PORT: '0',
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vanhop-start-c-')),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      third.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      third.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => third.once('exit', (c) => resolve(c)));
      expect(code).toBe(78);
      expect(output).toContain(`Invalid configuration: GATEWAY_PORT is ${takenPort}, but`);
      expect(output).toContain('is already in use');
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
