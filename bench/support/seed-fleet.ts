/**
 * The made-up fleet (test/support/synthetic-fleet.ts) written straight into a data folder before the
 * product starts: the drivers in the fleet's store, and their cards in quote's read model as the
 * fleet's driver.card-changed events leave them (revision 1, recorded on each driver as published),
 * so the product prices the whole fleet from its first quote.
 */
import path from 'node:path';
import { EmbeddedDocumentStore } from '@vanhop/platform';
import { DriverRepository } from '../../services/fleet/src/adapters/driver-repository.js';
import { cardWireOf } from '../../services/fleet/src/adapters/driver-card-wire.js';
import { SupplyCards } from '../../services/quote/src/adapters/supply-cards.js';
import { syntheticDriver } from '../../test/support/synthetic-fleet.js';

/** `count` drivers through the fleet service's repository, and their cards into quote's model, a few hundred at a time. */
export async function seedDrivers(dataDir: string, count: number): Promise<void> {
  const fleet = new EmbeddedDocumentStore(path.join(dataDir, 'fleet'));
  const quote = new EmbeddedDocumentStore(path.join(dataDir, 'quote'));
  const drivers = new DriverRepository(fleet);
  const cards = new SupplyCards(quote);
  await cards.ensureIndexes();
  for (let from = 0; from < count; from += 250) {
    const batch = Array.from({ length: Math.min(250, count - from) }, (_, k) => syntheticDriver(from + k));
    await Promise.all(
      batch.map(async (d) => {
        await drivers.insert({ ...d, version: 1 });
        await fleet
          .collection('drivers')
          .updateOne({ _id: d._id }, { $set: { cardRevision: 1 }, $unset: { cardUnpublished: true } });
        await cards.apply({ driverId: d._id, revision: 1, active: d.active, card: cardWireOf({ ...d, version: 1 }) });
      }),
    );
  }
  await fleet.close();
  await quote.close();
}
