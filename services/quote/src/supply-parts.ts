import type { Infrastructure, OutboxRelay } from '@vanhop/platform';
import { ActiveDriverCards } from './adapters/active-driver-cards.js';
import { DriverCardOutbox } from './adapters/driver-card-outbox.js';
import type { DriverRepository } from './adapters/driver-repository.js';
import type { DriverSlots } from './adapters/driver-slots.js';
import { DriverTimeOutbox } from './adapters/driver-time-outbox.js';
import { SupplyBackfillMark } from './adapters/supply-backfill-mark.js';
import type { JobRepository } from './adapters/job-repository.js';
import { SupplyCards } from './adapters/supply-cards.js';
import { SupplyFreshness } from './adapters/supply-freshness.js';
import { SupplyTime } from './adapters/supply-time.js';
import { PriceMove } from './app/price-move.js';
import type { GeoPort } from './domain/geo-port.js';

/** At start, holds and jobs from this long ago on that were never published are (their time can still matter to a quote). */
const SUPPLY_BACKFILL_LOOKBACK_MS = 2 * 24 * 3_600_000;

/**
 * All pricing (the customer's offers, booking's pricing and re-pricing, the drivers who can take a
 * booked move) reads quote's own read model of the supply side, fed only by its events: cards from
 * `supply_cards` (a copy told of each card applied here, polling the model for the rest), busy time
 * and neighbour jobs from `supply_time`. A price first waits, bounded, for the model to hold what
 * this replica wrote (SupplyFreshness). What the model may lag is settled where the truth is: the
 * hold's unique slot index, and the supply side's re-check of a ranked driver before a hand-on.
 */
export function supplyReadModel(infra: Infrastructure, geo: GeoPort) {
  const supplyCards = new SupplyCards(infra.store);
  const supplyTime = new SupplyTime(infra.store, infra.clock);
  const offerCards = new ActiveDriverCards({ drivers: supplyCards, clock: infra.clock });
  const freshness = new SupplyFreshness(infra.store, {
    caughtUp: (kind, id) => {
      if (kind === 'card') offerCards.changed(id);
    },
  });
  supplyCards.onApplied((id, revision) => {
    offerCards.changed(id);
    freshness.applied('card', id, revision);
  });
  supplyTime.onApplied((key, revision) => freshness.applied('time', key, revision));
  const model = new PriceMove({
    geo,
    drivers: offerCards,
    clock: infra.clock,
    busy: supplyTime,
    neighbours: supplyTime,
  });
  const priceMove: Pick<PriceMove, 'run'> = {
    run: async (data, options) => {
      await freshness.settled();
      return model.run(data, options);
    },
  };
  return { supplyCards, supplyTime, offerCards, freshness, priceMove };
}

export type SupplyReadModel = ReturnType<typeof supplyReadModel>;

/**
 * The supply side's events (driver.card-changed, driver-time.changed), published through quote's
 * outbox by every write of drivers, slots and jobs; and at start what a stopped process left
 * unpublished and (the backfill) what was stored before these events.
 */
export function supplyPublishing(
  infra: Infrastructure,
  writers: { drivers: DriverRepository; slots: DriverSlots; jobStore: JobRepository },
  model: SupplyReadModel,
  relay: OutboxRelay,
) {
  const { store, clock, logger } = infra;
  const cardOutbox = new DriverCardOutbox(store, {
    relay,
    clock,
    logger,
    published: (id, revision) => model.freshness.published('card', id, revision),
  });
  writers.drivers.onWritePublish((id) => cardOutbox.publish(id));
  const timeOutbox = new DriverTimeOutbox(store, {
    relay,
    clock,
    logger,
    published: (key, revision) => model.freshness.published('time', key, revision),
  });
  writers.slots.publishTimeWith(timeOutbox);
  writers.jobStore.publishTimeWith(timeOutbox);
  const sweep = async () => {
    await cardOutbox.sweep();
    await timeOutbox.sweep();
  };
  return {
    cardOutbox,
    timeOutbox,
    /** Where the consumer applies the events (consumers/supply.ts). */
    cards: model.supplyCards,
    time: model.supplyTime,
    async ensureIndexes(): Promise<void> {
      await cardOutbox.ensureIndexes();
      await timeOutbox.ensureIndexes();
      await model.supplyCards.ensureIndexes();
      await model.supplyTime.ensureIndexes();
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
