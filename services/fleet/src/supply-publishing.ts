import type { Infrastructure, OutboxRelay } from '@vanhop/platform';
import { DriverCardOutbox } from './adapters/driver-card-outbox.js';
import type { DriverRepository } from './adapters/driver-repository.js';
import type { DriverSlots } from './adapters/driver-slots.js';
import { DriverTimeOutbox } from './adapters/driver-time-outbox.js';
import { SupplyBackfillMark } from './adapters/supply-backfill-mark.js';
import type { JobRepository } from './adapters/job-repository.js';

/** At start, holds and jobs from this long ago on that were never published are (their time can still matter to a quote). */
const SUPPLY_BACKFILL_LOOKBACK_MS = 2 * 24 * 3_600_000;

/**
 * The supply side's events (driver.card-changed, driver-time.changed), which quote's read model
 * prices from, published through this service's outbox by every write of drivers, slots and jobs;
 * and at start what a stopped process left unpublished and (the backfill) what was stored before
 * these events.
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
    /** After the relay started: what was left unpublished, then the backfill (once per store). */
    async start(): Promise<void> {
      await sweep();
      await new SupplyBackfillMark(store).once(
        () => clock.now(),
        async () => {
          await cardOutbox.backfill();
          await timeOutbox.backfill(new Date(clock.now().getTime() - SUPPLY_BACKFILL_LOOKBACK_MS));
        },
      );
    },
    sweep,
  };
}
