import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, type Infrastructure } from '@vanhop/platform';
import { cardWireOf } from '../src/adapters/driver-card-wire.js';
import { DRIVERS } from '../src/adapters/driver-repository.js';
import { SupplyCards } from '../src/adapters/supply-cards.js';
import { SupplyModelWarmth, WARMTH_RECHECK_MS } from '../src/adapters/supply-model-warmth.js';
import type { PriceMove } from '../src/app/price-move.js';
import type { GeoPort } from '../src/domain/geo-port.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { offerReadModel } from '../src/supply-parts.js';
import { embeddedStore } from './supply-harness.js';

const [ALI, DAVE] = DEMO_DRIVERS;
const cardOf = (d: typeof ALI) => ({ driverId: d!._id, revision: 1, active: true, card: cardWireOf(d!) });

describe('offers read the supply model only once it has caught up with the drivers', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await cleanup?.();
    cleanup = null;
  });

  it('is behind while a stored driver has no card in the model, and caught up for good once every one has', async () => {
    const s = await embeddedStore();
    cleanup = s.cleanup;
    let t = 0;
    const warmth = new SupplyModelWarmth(s.store, () => t);
    // A new store: no driver yet, so nothing says the model is complete (the seed may be on its way).
    expect(await warmth.caughtUp()).toBe(false);
    t += WARMTH_RECHECK_MS;
    await s.store.collection(DRIVERS).insertOne({ ...ALI! });
    await s.store.collection(DRIVERS).insertOne({ ...DAVE! });
    const cards = new SupplyCards(s.store);
    await cards.apply(cardOf(ALI));
    expect(await warmth.caughtUp()).toBe(false);
    await cards.apply(cardOf(DAVE));
    // Read again only after the interval, not at every quote.
    expect(await warmth.caughtUp()).toBe(false);
    t += WARMTH_RECHECK_MS;
    expect(await warmth.caughtUp()).toBe(true);
    await s.store.collection(DRIVERS).insertOne({ ...DEMO_DRIVERS[2]! });
    expect(await warmth.caughtUp()).toBe(true);
  });

  it("prices the customer's offers from the drivers until then (an empty model would offer only the house price)", async () => {
    const s = await embeddedStore();
    cleanup = s.cleanup;
    await s.store.collection(DRIVERS).insertOne({ ...ALI! });
    const calls: string[] = [];
    const fromTheDrivers = {
      run: async () => {
        calls.push('drivers');
        return 'priced from the drivers';
      },
    } as unknown as Pick<PriceMove, 'run'>;
    const infra = { store: s.store, clock: systemClock } as unknown as Infrastructure;
    const { offerPricing } = offerReadModel(infra, {} as GeoPort, fromTheDrivers, new SupplyModelWarmth(s.store));
    const answer = await offerPricing.run({} as never, {});
    expect(answer as unknown).toBe('priced from the drivers');
    expect(calls).toEqual(['drivers']);
  });
});
