import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDocumentStore, MemoryEventBus, startService, type RunningService } from '@vanhop/platform';
import { startEmbeddedOnTempDir } from './support/embedded.js';
import { SERVICES } from '../scripts/embedded/start-embedded.js';

const baseEnv = {
  LOG_LEVEL: 'silent',
  PORT: '0',
  JWT_SECRET: 'readiness-test-secret-which-is-long-enough-42',
  ADMIN_SIGNUP_CODE: 'VH-READY-TEST',
};

describe.each(SERVICES.map((def) => [def.name, def] as const))('%s service health', (_name, def) => {
  let running: RunningService | undefined;
  afterEach(async () => {
    await running?.stop().catch(() => undefined);
    running = undefined;
  });

  it('is live and ready, then not ready once its store is unavailable, while staying live', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `vanhop-ready-${def.name}-`));
    const config = def.loadConfig({ ...baseEnv, DATA_DIR: dataDir });
    running = await startService(def as never, config, { bus: new MemoryEventBus() });

    const ready = await fetch(`${running.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { store: string } }).checks.store).toBe('ok');

    rmSync(path.join(dataDir, def.name), { recursive: true, force: true });

    const notReady = await fetch(`${running.url}/health/ready`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as { status: string; checks: { store: string } };
    expect(body.status).toBe('not ready');
    expect(body.checks.store).not.toBe('ok');
    expect((await fetch(`${running.url}/health/live`)).status).toBe(200);
  });

  it('turns not ready as soon as shutdown begins', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `vanhop-ready-${def.name}-`));
    running = await startService(def as never, def.loadConfig({ ...baseEnv, DATA_DIR: dataDir }), {
      bus: new MemoryEventBus(),
    });
    running.readiness.markShuttingDown();
    expect((await fetch(`${running.url}/health/ready`)).status).toBe(503);
  });
});

describe('readiness under concurrent probes (embedded product)', () => {
  it('80 simultaneous /api/dashboard/health calls all see a healthy product', async () => {
    const { product, stop } = await startEmbeddedOnTempDir({}, { webApp: false });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 80 }, async () => {
          const res = await fetch(`${product.url}/api/dashboard/health`);
          const body = (await res.json()) as { health: string };
          return `${res.status} ${body.health}`;
        }),
      );
      expect(statuses.filter((s) => s !== '200 ok')).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('a probe still fails when the store folder is gone, however many share it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-probe-'));
    const store = new EmbeddedDocumentStore(dir);
    await Promise.all(Array.from({ length: 20 }, () => store.ping()));
    rmSync(dir, { recursive: true, force: true });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => store.ping()));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await store.close();
  });
});
