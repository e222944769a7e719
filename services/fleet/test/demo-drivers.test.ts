import { describe, expect, it } from 'vitest';
import { DEMO_DRIVER_CONTACTS } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';

/** admin-auth opens portal accounts for the shared list: quote must seed exactly those drivers. */
describe('the demo seed', () => {
  it('is the shared list of demo drivers, with their contacts as listed', () => {
    expect(DEMO_DRIVERS.map((d) => ({ driverId: d._id, name: d.name, email: d.email, phone: d.phone }))).toEqual(
      DEMO_DRIVER_CONTACTS,
    );
  });
});
