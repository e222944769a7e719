import { DRIVER_HOURS_DAYS, shiftDay, type Driver, type DriverAvailableHours } from '@vanhop/contracts';
import { availableHours } from '../domain/available-hours.js';

/** Each active driver's available hours over the dashboard's days from `from` (a London day, 2026-01-31). */
export class DriversAvailableHours {
  constructor(private readonly drivers: { listActive(): Promise<Driver[]> }) {}

  async execute(from: string): Promise<DriverAvailableHours> {
    const drivers = await this.drivers.listActive();
    return {
      from,
      to: shiftDay(from, DRIVER_HOURS_DAYS - 1),
      drivers: drivers.map((d) => ({
        driverId: d._id,
        name: d.name,
        availableHours: availableHours(d.availability, from, DRIVER_HOURS_DAYS),
      })),
    };
  }
}
