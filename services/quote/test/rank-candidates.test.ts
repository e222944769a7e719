import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { HELP_LEVELS, OFFER_SORTS, VAN_SIZES, WEEKDAYS, type Availability, type BookingDraft } from '@vanhop/contracts';
import { CardColumns, moveNumbers, quartersNeeded, rowsOf, type CandidateRows } from '../src/domain/card-columns.js';
import { availabilityCoversSlots, londonSlots, moveWindow } from '@vanhop/contracts';
import { driverCanTake, type Driver } from '@vanhop/contracts';
import { byPriceAllIn, offersPage, type RankedDriver } from '../src/domain/offer-ranking.js';
import { moveTotals, totalPenceOn, type MoveToPrice } from '../src/domain/pricing.js';
import { rankCandidates, type CandidateRules } from '../src/domain/rank-candidates.js';
import { PriceMove, type DriverSource } from '../src/app/price-move.js';
import { EmbeddedGeo } from '../src/adapters/embedded-geo.js';
import { loadGeoTable, locateGeoDataDir } from '../src/adapters/geo-data.js';
import { seededRandom, syntheticDriver, syntheticFleet } from '../../../test/support/synthetic-fleet.js';
import { MOVE_DATE, NOW } from './support.js';

/** Moves that try every line of the card: drafts and dated, short notice, out of hours, stairs, via stops, short and long routes. */
function moves(count: number, seed: number): MoveToPrice[] {
  const random = seededRandom(seed);
  const now = new Date(NOW);
  return Array.from({ length: count }, (_, i) => {
    const dated = i % 4 !== 0;
    const start = new Date(now.getTime() + Math.floor(random() * 72) * 900_000);
    return {
      vanSize: VAN_SIZES[i % VAN_SIZES.length]!,
      helpLevel: HELP_LEVELS[Math.floor(i / VAN_SIZES.length) % HELP_LEVELS.length]!,
      ...(i % 3 === 0 ? {} : { bookedHours: 1 + Math.floor(random() * 16) / 2 }),
      flights: [Math.floor(random() * 4), Math.floor(random() * 3)],
      viaStops: Math.floor(random() * 3),
      routeMiles: Math.round(random() * 4000) / 100,
      ...(dated ? { start } : {}),
      now,
    };
  });
}

/** Every driver who can take the move ranked as offer-ranking.ts ranks them, from the objects. */
const rankedAll = (
  rows: CandidateRows,
  toPrice: MoveToPrice,
  rules: Pick<CandidateRules, 'ruledOut' | 'freeAt' | 'freeFrom' | 'onTheDayPence'>,
): RankedDriver[] =>
  Array.from(rows.slots)
    .filter((s) => !rules.ruledOut.has(s))
    .map((s) => {
      const driver = rows.columns.driverAt(s);
      const onTheDay = rules.onTheDayPence ?? { compliant: 0, notCompliant: 0 };
      return {
        driver,
        totalPence: totalPenceOn(moveTotals(toPrice), driver.card),
        freeAt: rules.freeAt.get(s) ?? rules.freeFrom,
        onTheDayPence: driver.ulezCompliant ? onTheDay.compliant : onTheDay.notCompliant,
      };
    });

describe('the cards as columns', () => {
  it('price every card exactly as totalPenceOn does, for every kind of move', () => {
    const fleet = syntheticFleet(200, 5).map((d, i) =>
      // Cards with short-notice and out-of-hours lines that bite, and a long free distance.
      i % 7 === 0
        ? { ...d, card: { ...d.card, lateBookingWithinMinutes: 24 * 60, outOfHoursStartHours: [8, 9, 10, 11] } }
        : i % 11 === 0
          ? { ...d, card: { ...d.card, freeRouteUnderMiles: 30 } }
          : d,
    );
    const { columns, slots } = rowsOf(fleet);
    for (const move of moves(60, 9)) {
      const totals = moveTotals(move);
      const numbers = moveNumbers({ ...move, flights: totals.flights, startHour: totals.startHour });
      for (const s of slots) expect(columns.totalAt(s, numbers)).toBe(totalPenceOn(totals, columns.driverAt(s).card));
    }
  });

  it('know whether a card works through a window exactly as availabilityCoversSlots does', () => {
    const random = seededRandom(12);
    const hhmm = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    // Periods on and off the quarter hours, gaps, empty days, days off around the windows.
    const availability = (): Availability => ({
      weekly: Object.fromEntries(
        WEEKDAYS.map((day) => {
          const from = Math.floor(random() * 60) * 5 + 300;
          const periods = [{ from: hhmm(from), to: hhmm(Math.min(1440, from + Math.floor(random() * 200) * 5)) }];
          if (random() < 0.3) periods.push({ from: hhmm(Math.min(1435, from + 700)), to: '24:00' });
          return [day, random() < 0.15 ? [] : periods];
        }),
      ) as Availability['weekly'],
      daysOff: random() < 0.3 ? ['2026-03-28', '2026-03-29', '2026-10-25'].filter(() => random() < 0.5) : [],
    });
    const fleet = syntheticFleet(150, 12).map((d) => ({ ...d, availability: availability() }));
    const { columns, slots } = rowsOf(fleet);
    // Mornings and evenings, over midnight, and over both clock changes of 2026.
    const starts = ['2026-03-28T20:00:00Z', '2026-03-29T00:30:00Z', '2026-10-24T23:45:00Z', '2026-06-10T06:15:00Z'];
    for (const iso of [
      ...starts,
      ...Array.from({ length: 20 }, (_, i) =>
        new Date(Date.UTC(2026, 0, 5 + i, Math.floor(random() * 24), 15 * Math.floor(random() * 4))).toISOString(),
      ),
    ]) {
      for (const hours of [1, 3, 7.5]) {
        const london = londonSlots(moveWindow(new Date(iso), hours, 2));
        const needed = quartersNeeded(london);
        for (const s of slots)
          expect(columns.worksThrough(s, needed), `${iso} ${hours} h ${s}`).toBe(
            availabilityCoversSlots(columns.driverAt(s).availability, london),
          );
      }
    }
  });

  it('give a removed driver’s row to the next driver added, and move the version on every change', () => {
    const columns = new CardColumns();
    const [a, b, c] = syntheticFleet(3, 8);
    const slotA = columns.put(a!);
    columns.put(b!);
    const before = columns.version;
    columns.remove(a!._id);
    expect(columns.slotOf(a!._id)).toBeUndefined();
    expect(columns.put(c!)).toBe(slotA);
    expect(columns.driverAt(slotA)._id).toBe(c!._id);
    expect(columns.version).toBe(before + 2);
  });
});

describe('one pass over the candidates', () => {
  const fleet = syntheticFleet(400, 23);
  const move = moves(8, 31)[1]!;
  const job = { pickup: { lat: 51.5553, lng: -0.2193 }, vanSize: move.vanSize, helpLevel: move.helpLevel };
  const rows = rowsOf(fleet.filter((d) => driverCanTake(d, job)));
  // Some drivers busy, some free at other times, many tied on price and on free time.
  const random = seededRandom(4);
  const ruledOut = new Set(Array.from(rows.slots).filter(() => random() < 0.1));
  const freeAt = new Map(
    Array.from(rows.slots, (s) => [s, 1_000 * Math.floor(random() * 3)] as const).filter(() => random() < 0.5),
  );
  const rules: CandidateRules = { cardAllows: () => true, ruledOut, freeAt, freeFrom: 0 };
  const totals = moveTotals(move);
  const numbers = moveNumbers({ ...move, flights: totals.flights, startHour: totals.startHour });
  const all = rankedAll(rows, move, rules);

  // Some free at other times than the rest, or every one free alike (nobody busy before the move).
  const freeAlike: CandidateRules = { ...rules, freeAt: new Map() };
  const allFreeAlike = rankedAll(rows, move, freeAlike);
  // Charges on the day in the price order: a van that is not ULEZ compliant costs more in all.
  const charged: CandidateRules = { ...rules, onTheDayPence: { compliant: 1500, notCompliant: 2750 } };
  const allCharged = rankedAll(rows, move, charged);
  const cases = {
    'free times varied': [rules, all],
    'everyone free alike': [freeAlike, allFreeAlike],
    'charges on the day': [charged, allCharged],
  } as const;
  it.each(
    OFFER_SORTS.flatMap((sort) =>
      [0, 5, 12, 36].flatMap((offset) =>
        (Object.keys(cases) as (keyof typeof cases)[]).map((c) => [sort, offset, c] as const),
      ),
    ),
  )(
    'pages %s from %i (%s) exactly as offersPage over every candidate does, from the few it keeps',
    (sort, offset, which) => {
      const [theRules, everyone] = cases[which];
      const limit = 12;
      const first = (offset === 0 ? 0 : offset + limit) + Math.max(limit, 3);
      const pass = rankCandidates(rows.columns, rows.slots, numbers, theRules, { sort, first });
      expect(pass.count).toBe(everyone.length);
      expect(pass.picked.length).toBeLessThanOrEqual(first + 3);
      const picked = pass.picked.map((r) => everyone.find((a) => a.driver === rows.columns.driverAt(r.slot))!);
      const ids = (page: RankedDriver[]) => page.map((r) => r.driver._id);
      expect(ids(offersPage(picked, sort, offset, limit))).toEqual(ids(offersPage(everyone, sort, offset, limit)));
    },
  );

  it('keeps the cheapest of every candidate, busy or not, in price order, for the days either side', () => {
    const pass = rankCandidates(rows.columns, rows.slots, numbers, rules, { sort: 'rating', first: 12, cheapest: 16 });
    const cheapest = Array.from(rows.slots, (s) => ({
      driver: rows.columns.driverAt(s),
      totalPence: totalPenceOn(totals, rows.columns.driverAt(s).card),
      freeAt: 0,
    }));
    const ids = (page: RankedDriver[]) => page.map((r) => r.driver._id);
    expect(pass.cheapestFirst.map((r) => rows.columns.driverAt(r.slot)._id)).toEqual(
      ids(cheapest.sort(byPriceAllIn).slice(0, 16)),
    );
  });

  it('answers the named driver, the cheapest and, when asked, everyone with their totals', () => {
    const named = rows.slots.find((s) => !ruledOut.has(s))!;
    const pass = rankCandidates(rows.columns, rows.slots, numbers, rules, {
      sort: 'price',
      first: 12,
      named,
      everyone: true,
    });
    expect(pass.named?.slot).toBe(named);
    expect(pass.everyone?.map((r) => r.totalPence).sort()).toEqual(all.map((r) => r.totalPence).sort());
    expect(pass.cheapest?.totalPence).toBe(Math.min(...all.map((r) => r.totalPence)));
  });
});

describe('a driver changed while a quote reads busy times', () => {
  it('is priced as the cards are after the change, not from a row another driver has taken', async () => {
    // The source's own columns, as ActiveDriverCards keeps them: rows by pickup, read again when asked.
    const columns = new CardColumns();
    const near = syntheticDriver(0, 3, { _id: 'drv-near', homeBase: { label: 'NW2', lat: 51.5553, lng: -0.2193 } });
    const stays = syntheticDriver(1, 3, { _id: 'drv-stays', homeBase: { label: 'NW2', lat: 51.5553, lng: -0.2193 } });
    const elsewhere: Driver = syntheticDriver(2, 3, {
      _id: 'drv-elsewhere',
      homeBase: { label: 'Leeds', lat: 53.8, lng: -1.55 },
      serviceRadiusMiles: 5,
    });
    for (const d of [near, stays]) columns.put({ ...d, vanSizes: ['Large'], helpLevels: ['Driver-Help'] });
    const source: DriverSource = {
      listActive: async () => [],
      candidateRows: async (job) => {
        const slots: number[] = [];
        for (const id of ['drv-near', 'drv-stays', 'drv-elsewhere']) {
          const s = columns.slotOf(id);
          if (s !== undefined && driverCanTake(columns.driverAt(s), job)) slots.push(s);
        }
        return { columns, slots: Int32Array.from(slots), version: columns.version };
      },
    };
    let busyReads = 0;
    const busy = {
      busy: async () => {
        // While the first read is out, drv-near is suspended and a driver far away takes their row.
        if (busyReads++ === 0) {
          columns.remove('drv-near');
          columns.put(elsewhere);
        }
        return new Map<string, Set<string>>();
      },
    };
    const priceMove = new PriceMove({
      geo: new EmbeddedGeo(loadGeoTable(locateGeoDataDir([path.dirname(fileURLToPath(import.meta.url))]))),
      drivers: source,
      clock: fixedClock(NOW),
      busy,
    });
    const data = {
      addresses: [
        { id: 'p', location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 },
        { id: 'd', location: 'Cricklewood, UK', physicalAddress: '2 B Road', stair: 0 },
      ],
      vanSize: 'Large',
      driverHelp: 'Driver-Help',
      hour: 3,
      date: MOVE_DATE,
    } as BookingDraft;
    const priced = await priceMove.run(data, { checkBusy: true });
    expect(priced.offers.map((o) => o.driverId)).toEqual(['drv-stays']);
    expect(priced.offersTotal).toBe(1);
    expect(busyReads).toBe(2);
  });
});
