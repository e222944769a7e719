import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { DriverCardChanged, DriverTimeChanged } from '@vanhop/contracts';

/** Where the supply side's events are kept (SupplyCards, SupplyTime): each keeps the highest revision. */
export interface SupplyReadModel {
  cards: { apply(e: DriverCardChanged): Promise<boolean> };
  time: { apply(e: DriverTimeChanged): Promise<boolean> };
}

/**
 * Quote's read model of the supply side, fed only by its events, in quote's consumer group (every
 * replica shares it: the model is in the shared store, so one replica applying an event is enough).
 * Validated at the boundary (a bad payload is retried, then parked on the dead-letter topic); a
 * repeated or late event is harmless, as only a higher revision replaces what is kept.
 */
export const supplySubscriptions = (model: SupplyReadModel): Subscription[] => [
  {
    topic: TOPICS.driverCardChanged,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.driverCardChanged, e);
      await model.cards.apply(data);
    },
  },
  {
    topic: TOPICS.driverTimeChanged,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.driverTimeChanged, e);
      await model.time.apply(data);
    },
  },
];
