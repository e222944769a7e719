import { ChangeToken, type DocumentStore } from '@vanhop/platform';

export const DRIVER_CHANGES = 'driver_changes';

/**
 * The drivers' change token, replaced after every write of a driver (a new rev): read models of the
 * drivers poll it first and ask for the drivers with revs they do not hold only when it changed.
 * That question compares every driver's rev with every rev held, so asking it every poll cost
 * about 100 ms of a 5,000-driver fleet's embedded store each time.
 */
export class DriverChanges extends ChangeToken {
  constructor(store: DocumentStore) {
    super(store, { collection: DRIVER_CHANGES, id: 'drivers' });
  }
}
