import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { TOPICS } from '@vanhop/contracts';
import {
  createLogger,
  MemoryEventBus,
  startService,
  type EventHandler,
  type RunningService,
  type SubscribeOptions,
} from '@vanhop/platform';
import { TEST_JWT_ENV } from '../../../test/support/staff.js';
import { fleetService } from '../src/index.js';

/** The in-process bus, remembering what each group subscribed with. */
class RecordingBus extends MemoryEventBus {
  readonly options = new Map<string, SubscribeOptions | undefined>();
  override async subscribe(group: string, topic: string, handler: EventHandler, options?: SubscribeOptions) {
    this.options.set(`${group} ${topic}`, options);
    return super.subscribe(group, topic, handler, options);
  }
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

it("subscribes every topic fleet took over from quote so that its group starts where quote's got to", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-fleet-takeover-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const bus = new RecordingBus(createLogger('bus', 'silent'));
  await bus.start();
  cleanup.push(() => bus.stop());
  const env = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'false', ...TEST_JWT_ENV };
  const fleet: RunningService = await startService(fleetService, fleetService.loadConfig(env), { bus });
  cleanup.push(() => fleet.stop());
  const fleets = [...bus.options].filter(([key]) => key.startsWith('fleet '));
  expect(fleets.map(([key]) => key)).toContain(`fleet ${TOPICS.bookingConfirmed}`);
  for (const [key, options] of fleets) expect({ key, from: options?.takeOverFrom }).toEqual({ key, from: 'quote' });
});
