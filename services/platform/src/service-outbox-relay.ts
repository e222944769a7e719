import type { Infrastructure } from './infrastructure.js';
import { OutboxRelay } from './outbox.js';

/** A service's outbox relay over the given collections, on its bus and clock, with its configured grace period. */
export function serviceOutboxRelay(
  infra: Pick<Infrastructure, 'store' | 'bus' | 'logger' | 'clock' | 'config'>,
  collectionNames: string[],
): OutboxRelay {
  return new OutboxRelay(infra.store, collectionNames, infra.bus, infra.logger, undefined, {
    clock: infra.clock,
    graceMs: infra.config.outboxGraceMs,
  });
}
