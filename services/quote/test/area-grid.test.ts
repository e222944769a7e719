import { describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { HELP_LEVELS, VAN_SIZES, type HelpLevel, type VanSize } from '@vanhop/contracts';
import { AreaGrid } from '../src/domain/area-grid.js';
import { driverCanTake, type Driver } from '@vanhop/contracts';
import { ActiveDriverCards, type DriverReads, type StoredDriver } from '../src/adapters/active-driver-cards.js';
import { availabilityCovers, availabilityCoversSlots, londonSlots, moveWindow } from '@vanhop/contracts';
import { moveTotals, priceMove, totalPenceOn, type MoveToPrice } from '../src/domain/pricing.js';
import { seededRandom, syntheticDriver } from '../../../test/support/synthetic-fleet.js';
import { NOW } from './support.js';

/** A fleet spread wider than London, radii from 1 to 60 miles, some suspended: the index must not care. */
function randomFleet(size: number, seed: number): Driver[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, (_, i) =>
    syntheticDriver(i, seed, {
      homeBase: { label: 'somewhere', lat: 51.1 + random() * 0.9, lng: -0.9 + random() * 1.4 },
      serviceRadiusMiles: 1 + Math.floor(random() * 60),
      active: random() > 0.05,
    }),
  );
}

const jobs = (count: number, seed: number, fleet: Driver[]) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    // Every fifth pickup is a driver's own base, or just off it: the edges of areas get tried too.
    pickup:
      i % 5 === 0
        ? {
            lat: fleet[i % fleet.length]!.homeBase.lat + (random() - 0.5) * 0.001,
            lng: fleet[i % fleet.length]!.homeBase.lng,
          }
        : { lat: 51.0 + random() * 1.1, lng: -1.0 + random() * 1.6 },
    vanSize: VAN_SIZES[Math.floor(random() * VAN_SIZES.length)] as VanSize,
    helpLevel: HELP_LEVELS[Math.floor(random() * HELP_LEVELS.length)] as HelpLevel,
  }));
};

const ids = (drivers: readonly Driver[]) => drivers.map((d) => d._id).sort();

describe('the grid of where drivers work', () => {
  it('finds exactly the drivers the brute-force filter finds, over a random fleet (the active listed) and random moves', () => {
    const fleet = randomFleet(1_500, 7);
    const grid = new AreaGrid();
    for (const d of fleet) if (d.active) grid.put(d);
    let matched = 0;
    for (const job of jobs(600, 11, fleet)) {
      const brute = fleet.filter((d) => driverCanTake(d, job));
      const indexed = grid.candidates(job.pickup, job.vanSize, job.helpLevel);
      expect(ids(indexed)).toEqual(ids(brute));
      matched += brute.length;
    }
    // The comparison is about drivers found, not empty lists agreeing.
    expect(matched).toBeGreaterThan(10_000);
  });

  it('follows a driver who moves, changes van or goes', () => {
    const grid = new AreaGrid();
    const d = syntheticDriver(0, 1, { vanSizes: ['Large'], helpLevels: ['Driver-Help'] });
    grid.put(d);
    const there = { lat: d.homeBase.lat, lng: d.homeBase.lng };
    expect(ids(grid.candidates(there, 'Large', 'Driver-Help'))).toEqual([d._id]);
    expect(grid.candidates(there, 'Small', 'Driver-Help')).toEqual([]);
    // Moved 100 miles north: no longer near where they were.
    grid.put({ ...d, homeBase: { ...d.homeBase, lat: d.homeBase.lat + 1.5 } });
    expect(grid.candidates(there, 'Large', 'Driver-Help')).toEqual([]);
    grid.put({ ...d, vanSizes: ['Small'] });
    expect(ids(grid.candidates(there, 'Small', 'Driver-Help'))).toEqual([d._id]);
    expect(grid.candidates(there, 'Large', 'Driver-Help')).toEqual([]);
    grid.remove(d._id);
    expect(grid.candidates(there, 'Small', 'Driver-Help')).toEqual([]);
    expect(grid.size).toBe(0);
  });
});

class Drivers implements DriverReads {
  docs = new Map<string, StoredDriver>();
  async listActive() {
    return [...this.docs.values()].filter((d) => d.active).map((d) => structuredClone(d));
  }
  async findById(id: string) {
    const d = this.docs.get(id);
    return d ? structuredClone(d) : null;
  }
  async listRevNotIn(known: string[]) {
    return [...this.docs.values()].filter((d) => d.rev && !known.includes(d.rev)).map((d) => structuredClone(d));
  }
}

describe('ActiveDriverCards.candidatesFor', () => {
  const job = (d: Driver) => ({ pickup: d.homeBase, vanSize: 'Large' as const, helpLevel: 'Driver-Help' as const });

  it('keeps the grid current on a write, a suspension, a poll and a full read', async () => {
    const store = new Drivers();
    const a = syntheticDriver(1, 5, { vanSizes: ['Large'], helpLevels: ['Driver-Help'], rev: 'r1' } as Partial<Driver>);
    const b = syntheticDriver(2, 5, {
      vanSizes: ['Large'],
      helpLevels: ['Driver-Help'],
      homeBase: a.homeBase,
      rev: 'r1',
    } as Partial<Driver>);
    store.docs.set(a._id, a);
    store.docs.set(b._id, b);
    const clock = fixedClock(NOW);
    const cards = new ActiveDriverCards({ drivers: store, clock });
    expect(ids(await cards.candidatesFor(job(a)))).toEqual(ids([a, b]));

    // This process's write: the card no longer offers a Large van.
    store.docs.set(a._id, { ...a, vanSizes: ['Small'], rev: 'r2' });
    cards.changed(a._id);
    expect(ids(await cards.candidatesFor(job(a)))).toEqual([b._id]);

    // Another replica suspends b: the poll finds it.
    store.docs.set(b._id, { ...b, active: false, rev: 'r3' } as StoredDriver);
    await cards.pollChanges();
    expect(await cards.candidatesFor(job(a))).toEqual([]);

    // A change with no rev (a driver from before revs) shows at a full read.
    const { rev: _rev, ...noRev } = b as StoredDriver;
    store.docs.set(b._id, { ...noRev, active: true });
    const later = new ActiveDriverCards({ drivers: store, clock: fixedClock(new Date(Date.parse(NOW) + 60_000)) });
    expect(ids(await later.candidatesFor(job(a)))).toEqual([b._id]);
  });
});

describe("the poll of other replicas' writes", () => {
  it('asks for revs only when the change token moved since the last poll', async () => {
    const store = new (class extends Drivers {
      token: string | null = 't1';
      revQueries = 0;
      async changeToken() {
        return this.token;
      }
      override async listRevNotIn(known: string[]) {
        this.revQueries++;
        return super.listRevNotIn(known);
      }
    })();
    const a = syntheticDriver(1, 5, { vanSizes: ['Large'], helpLevels: ['Driver-Help'], rev: 'r1' } as Partial<Driver>);
    store.docs.set(a._id, a);
    const cards = new ActiveDriverCards({ drivers: store, clock: fixedClock(NOW) });
    const job = { pickup: a.homeBase, vanSize: 'Large' as const, helpLevel: 'Driver-Help' as const };
    expect(ids(await cards.candidatesFor(job))).toEqual([a._id]);
    await cards.pollChanges();
    expect(store.revQueries).toBe(1);
    await cards.pollChanges();
    await cards.pollChanges();
    expect(store.revQueries).toBe(1);
    // Another replica suspends the driver and replaces the token: the next poll finds it.
    store.docs.set(a._id, { ...a, active: false, rev: 'r2' } as StoredDriver);
    store.token = 't2';
    await cards.pollChanges();
    expect(store.revQueries).toBe(2);
    expect(await cards.candidatesFor(job)).toEqual([]);
  });
});

describe('the quick totals and hours checks ranking uses', () => {
  it('totalPenceOn is priceMove’s total for every card and move', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 2_000; i++) {
      const d = syntheticDriver(i, 9);
      const start = new Date(Date.parse(NOW) + Math.floor(random() * 96) * 15 * 60_000);
      const move: MoveToPrice = {
        vanSize: VAN_SIZES[i % 4]!,
        helpLevel: HELP_LEVELS[(i >> 2) % 4]!,
        bookedHours: random() < 0.2 ? undefined : 1 + Math.floor(random() * 8),
        flights: [Math.floor(random() * 4), Math.floor(random() * 3)],
        viaStops: Math.floor(random() * 3),
        routeMiles: Math.round(random() * 4000) / 100,
        start: random() < 0.2 ? undefined : start,
        now: new Date(NOW),
      };
      expect(totalPenceOn(moveTotals(move), d.card)).toBe(priceMove(move, d.card).totalPence);
    }
  });

  it('availabilityCoversSlots agrees with availabilityCovers', () => {
    for (let i = 0; i < 400; i++) {
      const d = syntheticDriver(i, 4, {
        availability: {
          weekly: { mon: [{ from: '08:00', to: '12:00' }], sat: [{ from: '06:00', to: '24:00' }] },
          daysOff: i % 3 === 0 ? ['2026-01-17'] : [],
        } as Driver['availability'],
      });
      const start = new Date(Date.parse(NOW) + i * 45 * 60_000);
      const window = moveWindow(start, 1 + (i % 5), 2);
      const expected = availabilityCovers(d.availability, window);
      expect(availabilityCoversSlots(d.availability, londonSlots(window))).toBe(expected);
      // The same card asked about this window again, and about another in between: the kept answer is the window's own.
      const key = `${window.start.getTime()}-${window.end.getTime()}`;
      expect(availabilityCoversSlots(d.availability, londonSlots(window), key)).toBe(expected);
      const other = moveWindow(new Date(start.getTime() + 6 * 3_600_000), 2, 2);
      const otherKey = `${other.start.getTime()}-${other.end.getTime()}`;
      expect(availabilityCoversSlots(d.availability, londonSlots(other), otherKey)).toBe(
        availabilityCovers(d.availability, other),
      );
      expect(availabilityCoversSlots(d.availability, londonSlots(window), key)).toBe(expected);
    }
  });
});
