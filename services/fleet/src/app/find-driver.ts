import type { DriverDoc, DriverRepository } from '../domain/ports.js';

/** A driver by id, suspended or not; null when this service does not know them. */
export class FindDriver {
  constructor(private readonly drivers: Pick<DriverRepository, 'findById'>) {}

  byId(id: string): Promise<DriverDoc | null> {
    return this.drivers.findById(id);
  }
}
