import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { ActiveDriverCards } from '../adapters/active-driver-cards.js';

/**
 * DriverUpdated → pricing's copy of that driver is read again (unless it already holds that
 * version). Subscribed under a consumer group of each replica's own, not the service's shared one,
 * since every replica keeps a copy; marking is idempotent, so a redelivery costs one read at most.
 */
export const driverCardsSubscription = (cards: Pick<ActiveDriverCards, 'driverUpdated'>): Subscription => ({
  topic: TOPICS.driverUpdated,
  handler: async (e) => {
    const { data } = await readEvent(TOPICS.driverUpdated, e);
    cards.driverUpdated(data.driverId, data.version);
  },
});
