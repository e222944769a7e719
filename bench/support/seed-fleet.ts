/** The made-up fleet (test/support/synthetic-fleet.ts) written straight into a data folder's fleet store, before the product starts. */
import path from 'node:path';
import { EmbeddedDocumentStore } from '@vanhop/platform';
import { DriverRepository } from '../../services/fleet/src/adapters/driver-repository.js';
import { syntheticDriver } from '../../test/support/synthetic-fleet.js';

/** `count` drivers through the fleet service's repository, a few hundred at a time. */
export async function seedDrivers(dataDir: string, count: number): Promise<void> {
  const store = new EmbeddedDocumentStore(path.join(dataDir, 'fleet'));
  const drivers = new DriverRepository(store);
  for (let from = 0; from < count; from += 250) {
    const batch = Array.from({ length: Math.min(250, count - from) }, (_, k) => syntheticDriver(from + k));
    await Promise.all(batch.map((d) => drivers.insert({ ...d, version: 1 })));
  }
  await store.close();
}
