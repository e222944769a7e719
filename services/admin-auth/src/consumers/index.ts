import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { DriverAccounts } from '../app/driver-accounts.js';
import type { BusinessFiguresModel } from '../app/business-figures.js';
import { FIGURE_TOPICS } from '../domain/business-figures.js';

/**
 * quote's DriverUpdated keeps the driver accounts' names, e-mails and active flags in step; the
 * fact events (bookings, money, quotes priced, jobs, support chats) feed the dashboard's figures.
 */
export const adminAuthSubscriptions = (deps: {
  drivers: DriverAccounts;
  figures?: BusinessFiguresModel;
}): Subscription[] => [
  {
    topic: TOPICS.driverUpdated,
    handler: async (e) => deps.drivers.driverUpdated((await readEvent(TOPICS.driverUpdated, e)).data),
  },
  ...FIGURE_TOPICS.map((topic) => ({
    topic,
    handler: async (e: EventEnvelope) => deps.figures?.apply(topic, await readEvent(topic, e)),
  })),
];
