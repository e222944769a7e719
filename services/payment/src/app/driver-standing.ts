import type { DriverUpdated } from '@vanhop/contracts';
import type { DriverStanding } from '@vanhop/platform';
import type { DriverStandingStore } from '../domain/driver-standing.js';

/**
 * Drivers' standing for the driver's own earnings routes: kept from DriverUpdated (quote owns the
 * drivers), so a suspended driver's open session reads no statement here either.
 */
export class DriverStandings {
  constructor(private readonly store: DriverStandingStore) {}

  driverUpdated(d: DriverUpdated): Promise<void> {
    return this.store.follow({ driverId: d.driverId, version: d.version, active: d.driver.active });
  }

  async standingOf(driverId: string): Promise<DriverStanding> {
    const found = await this.store.find(driverId);
    if (!found) return 'unknown';
    return found.active ? 'active' : 'suspended';
  }
}
