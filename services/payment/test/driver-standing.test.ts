import { describe, expect, it } from 'vitest';
import { useTempEmbeddedStore } from '../../platform/test/temp-store.js';
import type { DriverUpdated } from '@vanhop/contracts';
import { DriverStandingRepository } from '../src/adapters/driver-standing-repository.js';
import { DriverStandings } from '../src/app/driver-standing.js';

const updated = (driverId: string, version: number, active: boolean): DriverUpdated => ({
  driverId,
  version,
  action: active ? 'reactivated' : 'suspended',
  by: 'Sam_Admin',
  at: '2026-03-01T09:00:00.000Z',
  changes: [],
  driver: { name: 'Dana Driver', email: 'dana@example.com', active },
});

describe('drivers standing, kept from DriverUpdated', () => {
  const store = useTempEmbeddedStore('standing', 'block');

  it('follows suspension and reactivation forward; a late or redelivered older event changes nothing; an unheard-of driver is unknown', async () => {
    const standings = new DriverStandings(new DriverStandingRepository(store()));
    expect(await standings.standingOf('drv-1')).toBe('unknown');
    await standings.driverUpdated(updated('drv-1', 3, false));
    expect(await standings.standingOf('drv-1')).toBe('suspended');
    // Version 2 (active) arrives late: still suspended.
    await standings.driverUpdated(updated('drv-1', 2, true));
    expect(await standings.standingOf('drv-1')).toBe('suspended');
    await standings.driverUpdated(updated('drv-1', 4, true));
    await standings.driverUpdated(updated('drv-1', 4, true));
    expect(await standings.standingOf('drv-1')).toBe('active');
    expect(await standings.standingOf('drv-2')).toBe('unknown');
  });
});
