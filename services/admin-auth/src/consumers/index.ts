import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { DriverAccounts } from '../app/driver-accounts.js';

/** quote's DriverUpdated keeps the driver accounts' names, e-mails and active flags in step. */
export const adminAuthSubscriptions = (deps: { drivers: DriverAccounts }): Subscription[] => [
  { topic: TOPICS.driverUpdated, handler: async (e) => deps.drivers.driverUpdated((await readEvent(TOPICS.driverUpdated, e)).data) },
];
