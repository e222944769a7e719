import type { VanLocationView } from '@vanhop/contracts';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import type { VanLocationReader } from '../domain/ports.js';

/**
 * The van on the customer's My move map: the signed link names the booking (a forged or another
 * booking's link is 404 before anything is asked), and only that booking's van is read.
 */
export class ViewVanLocation {
  constructor(
    private readonly lifecycle: Pick<BookingLifecycleWriter, 'byToken'>,
    private readonly reader: VanLocationReader,
  ) {}

  async execute(token: unknown): Promise<VanLocationView> {
    const record = await this.lifecycle.byToken(token);
    return this.reader.read(record._id);
  }
}
