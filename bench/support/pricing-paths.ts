/**
 * The quote's own work without HTTP: PriceMove.run over an embedded store, the drivers and their
 * neighbour jobs read the old way (every driver document deep-copied from the store on each quote,
 * one store query per driver for its jobs, past ones included) against the new one (the active
 * drivers' read model, one date-bounded query for the neighbours). Both paths run in this process,
 * alternated, on the same store; the HTTP figures of bench/quote.ts measure the product as shipped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bookingDraftSchema } from '@vanhop/contracts';
import { EmbeddedDocumentStore, MemoryCache, systemClock } from '@vanhop/platform';
import type { CompleteBookingRequest } from '../../test/support/booking-fixtures.js';
import { quoteService } from '../../services/quote/src/service.js';
import { createGeo } from '../../services/quote/src/adapters/create-geo.js';
import { DriverRepository } from '../../services/fleet/src/adapters/driver-repository.js';
import { ActiveDriverCards } from '../../services/quote/src/adapters/active-driver-cards.js';
import { SupplyCards } from '../../services/quote/src/adapters/supply-cards.js';
import { cardWireOf } from '../../services/fleet/src/adapters/driver-card-wire.js';
import { DriverSlots } from '../../services/fleet/src/adapters/driver-slots.js';
import { JobRepository } from '../../services/fleet/src/adapters/job-repository.js';
import type { JobDoc } from '../../services/fleet/src/domain/ports.js';
import { PriceMove } from '../../services/quote/src/app/price-move.js';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';

export interface PathFigures {
  label: string;
  oldUs: number;
  newUs: number;
}

/** A real PNG header and zeros: what an uploaded photo of `bytes` weighs in the driver's document. */
const photo = (bytes: number) =>
  `data:image/png;base64,${Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(bytes)]).toString('base64')}`;

/** Past jobs of a driver (done moves, a day apart before `before`), as the jobs' collection keeps them. */
const pastJobs = (driverId: string, count: number, before: Date): JobDoc[] =>
  Array.from(
    { length: count },
    (_, i) =>
      ({
        _id: `bk-${driverId}-${i}`,
        driverId,
        status: 'accepted',
        bookingState: 'active',
        move: {
          date: new Date(before.getTime() - (i + 1) * 86_400_000).toISOString(),
          addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
          typeofVan: 'Large',
          typeOfWorker: 'Driver-Help',
          totalHour: 3,
          description: '',
        },
        customer: { name: 'Past Customer', email: 'past@example.com', phone: '07700900000' },
        driverContact: { name: 'Driver', email: 'd@example.com' },
      }) as unknown as JobDoc,
  );

/** Microseconds per PriceMove.run, old path and new, best of `rounds` alternating runs of `quotes` each. */
export async function pricingPaths(
  request: CompleteBookingRequest,
  scenario: { label: string; photoBytes: number; pastJobsPerDriver: number },
  quotes = 300,
  rounds = 3,
): Promise<PathFigures> {
  // Read as the route reads it.
  const booking = await bookingDraftSchema.validate(request, { stripUnknown: true });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-bench-pricing-'));
  const store = new EmbeddedDocumentStore(dir);
  try {
    const config = quoteService.loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const { geo } = createGeo(config, new MemoryCache(systemClock));
    const drivers = new DriverRepository(store);
    const jobs = new JobRepository(store);
    await jobs.ensureIndexes();
    const moveDay = new Date(booking.date!);
    // The new path reads quote's read model: the same drivers' cards, as the fleet's events leave them.
    const supplyCards = new SupplyCards(store);
    await supplyCards.ensureIndexes();
    for (const d of DEMO_DRIVERS) {
      const stored = { ...d, ...(scenario.photoBytes ? { photoUrl: photo(scenario.photoBytes) } : {}) };
      await drivers.insert(stored);
      await supplyCards.apply({
        driverId: d._id,
        revision: 1,
        active: d.active,
        card: cardWireOf({ ...stored, version: 1 }),
      });
      for (const j of pastJobs(d._id, scenario.pastJobsPerDriver, moveDay)) await jobs.insert(j);
    }
    const slots = new DriverSlots(store, systemClock);
    const cards = new ActiveDriverCards({ drivers: supplyCards, clock: systemClock });
    const before = new PriceMove({
      geo,
      drivers,
      clock: systemClock,
      busy: slots,
      neighbours: { jobsOf: (id, from, to) => jobs.neighboursOf(id, from, to) },
    });
    const after = new PriceMove({
      geo,
      drivers: cards,
      clock: systemClock,
      busy: slots,
      neighbours: {
        jobsOf: (id, from, to) => jobs.neighboursOf(id, from, to),
        jobsNear: (ids, from, to) => jobs.neighboursNear(ids, from, to),
      },
    });
    // The customer's quote: dated, busy drivers left out, so the neighbour jobs are read.
    const run = async (p: PriceMove) => {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < quotes; i++) await p.run(booking, { checkBusy: true, hoursMustCoverDrive: true });
      return Number(process.hrtime.bigint() - t0) / 1000 / quotes;
    };
    const same =
      JSON.stringify((await before.run(booking, { checkBusy: true })).offers) ===
      JSON.stringify((await after.run(booking, { checkBusy: true })).offers);
    if (!same) throw new Error('the two pricing paths do not give the same offers');
    let oldUs = Infinity;
    let newUs = Infinity;
    for (let r = 0; r < rounds; r++) {
      oldUs = Math.min(oldUs, await run(before));
      newUs = Math.min(newUs, await run(after));
    }
    return { label: scenario.label, oldUs, newUs };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
