import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventBus, startService, type RunningService } from '@vanhop/platform';
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
    expect((await ready.json()).checks.store).toBe('ok');

    rmSync(path.join(dataDir, def.name), { recursive: true, force: true });

    const notReady = await fetch(`${running.url}/health/ready`);
    expect(notReady.status).toBe(503);
    const body = await notReady.json();
    expect(body.status).toBe('not ready');
    expect(body.checks.store).not.toBe('ok');
    expect((await fetch(`${running.url}/health/live`)).status).toBe(200);
  });

  it('turns not ready as soon as shutdown begins', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `vanhop-ready-${def.name}-`));
    running = await startService(def as never, def.loadConfig({ ...baseEnv, DATA_DIR: dataDir }), { bus: new MemoryEventBus() });
    running.readiness.markShuttingDown();
    expect((await fetch(`${running.url}/health/ready`)).status).toBe(503);
  });
});
