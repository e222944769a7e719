/**
 * Only the store is required to serve: every service starts, answers and reports itself ready while
 * its Kafka broker and its Redis are unreachable (a broker outage plus a routine pod restart must
 * not take the site down). The bus and the cache are reported down in the readiness answer, and a
 * request that writes an event is answered (the event waits in the outbox).
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@vanhop/platform';
import { SERVICES } from '../scripts/embedded/start-embedded.js';

/** A loopback port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(SERVICES.map((def) => [def.name, def] as const))('%s with Kafka and Redis away', (name, def) => {
  let running: RunningService | undefined;
  afterEach(async () => {
    await running?.stop().catch(() => undefined);
    running = undefined;
  });

  it('starts, is ready on its store alone, and reports the bus and the cache down', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `vanhop-nobroker-${name}-`));
    const config = def.loadConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      JWT_SECRET: 'serving-without-broker-secret-long-enough-42',
      ADMIN_SIGNUP_CODE: 'VH-NOBROKER-TEST',
      DATA_DIR: dataDir,
      // Outside embedded mode every link has its own key.
      DRIVER_INVITE_LINK_SECRET: 'driver-invite-links-secret-for-this-test-1',
      MY_MOVE_LINK_SECRET: 'my-move-links-secret-for-this-test-000002',
      CONVERSATION_LINK_SECRET: 'conversation-links-secret-for-this-test-3',
      REVIEW_LINK_SECRET: 'review-links-secret-for-this-test-0000004',
      PAYMENT_PROVIDER: 'local',
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: `127.0.0.1:${await closedPort()}`,
      CACHE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    });
    running = await startService(def as never, config);

    const ready = await fetch(`${running.url}/health/ready`);
    const body = (await ready.json()) as { checks: Record<string, string> };
    expect(ready.status).toBe(200);
    expect(body.checks.store).toBe('ok');
    expect(body.checks.bus).toMatch(/Kafka not reachable yet/);
    expect(body.checks.cache).not.toBe('ok');
    expect((await fetch(`${running.url}/health/live`)).status).toBe(200);
  });
});
