import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { DriverStandings } from '../app/driver-standing.js';

/** DriverUpdated, validated at the boundary: whether each driver may still read their earnings. */
export const driverStandingSubscriptions = (standings: DriverStandings): Subscription[] => [
  {
    topic: TOPICS.driverUpdated,
    handler: async (e) => standings.driverUpdated((await readEvent(TOPICS.driverUpdated, e)).data),
  },
];
