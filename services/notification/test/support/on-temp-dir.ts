import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger, MemoryEventBus, startService, type Clock, type RunningService } from '@vanhop/platform';
import { notificationService } from '../../src/service.js';
import { loadConfig, type NotificationConfig } from '../../src/config.js';
import { OutboxFolder } from '../../src/adapters/outbox-folder.js';

export interface NotificationOnTempDir {
  bus: MemoryEventBus;
  service: RunningService;
  config: NotificationConfig;
  /** The mail and text outboxes (what the file transports wrote). */
  outbox: OutboxFolder;
  /** Lets the bus finish, stops the service and the bus, and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * The embedded notification service on a data folder of its own and an in-process bus, as the
 * consumer tests run it: `env` adds to (or overrides) a quiet, any-port configuration.
 */
export async function startNotificationOnTempDir(
  env: Record<string, string> = {},
  options: { clock?: Clock; folderPrefix?: string } = {},
): Promise<NotificationOnTempDir> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), options.folderPrefix ?? 'vanhop-notification-'));
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  await bus.start();
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const service = await startService(notificationService, config, {
    bus,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    bus,
    service,
    config,
    outbox: new OutboxFolder(config.outboxDir, config.sms.outboxDir),
    stop: async () => {
      await bus.idle();
      await service.stop();
      await bus.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
