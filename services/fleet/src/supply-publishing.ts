import type { Infrastructure, OutboxRelay } from '@vanhop/platform';
import { DriverCardOutbox } from './adapters/driver-card-outbox.js';
import type { DriverRepository } from './adapters/driver-repository.js';
import type { DriverSlots } from './adapters/driver-slots.js';
import { DriverTimeOutbox } from './adapters/driver-time-outbox.js';
import { SupplyBackfillMark } from './adapters/supply-backfill-mark.js';
import type { JobRepository } from './adapters/job-repository.js';
import { PacedSupplyBackfill } from './supply-backfill.js';

/**
 * The supply side's events (driver.card-changed, driver-time.changed), which quote's read model
 * prices from, published through this service's outbox by every write of drivers, slots and jobs;
 * at start what a stopped process left unpublished; and, once the service is ready, what was stored
 * before these events (the backfill, paced: PacedSupplyBackfill).
 */
export function supplyPublishing(
  infra: Infrastructure,
  writers: { drivers: DriverRepository; slots: DriverSlots; jobStore: JobRepository },
  relay: OutboxRelay,
) {
  const { store, clock, logger } = infra;
  const cardOutbox = new DriverCardOutbox(store, { relay, clock, logger });
  writers.drivers.onWritePublish((id) => cardOutbox.publish(id));
  const timeOutbox = new DriverTimeOutbox(store, { relay, clock, logger });
  writers.slots.publishTimeWith(timeOutbox);
  writers.jobStore.publishTimeWith(timeOutbox);
  const backfill = new PacedSupplyBackfill({
    cards: cardOutbox,
    time: timeOutbox,
    mark: new SupplyBackfillMark(store),
    clock,
    logger,
  });
  const sweep = async () => {
    await cardOutbox.sweep();
    await timeOutbox.sweep();
  };
  return {
    cardOutbox,
    timeOutbox,
    async ensureIndexes(): Promise<void> {
      await cardOutbox.ensureIndexes();
      await timeOutbox.ensureIndexes();
    },
    backfill,
    sweep,
  };
}
