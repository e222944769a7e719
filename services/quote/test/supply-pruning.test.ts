import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type DriverTimeChanged } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { DRIVER_TIME_LEDGER, LEDGER_HORIZON_MS } from '../../fleet/src/adapters/driver-time-outbox.js';
import { DEMO_DRIVERS } from '../../fleet/src/domain/demo-drivers.js';
import { SUPPLY_TIME, SUPPLY_TIME_HORIZON_MS } from '../src/adapters/supply-time.js';
import { embeddedStore, mongoStore, movableClock, supplyHarness, type HarnessStore } from './supply-harness.js';

const NOW = '2026-03-02T08:00:00.000Z';
const ALI = DEMO_DRIVERS[0]!;
const BEN = DEMO_DRIVERS[1]!;
const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;
const at = (iso: string, hours: number) => ({
  start: new Date(iso),
  end: new Date(Date.parse(iso) + hours * HOUR),
});
/** A move that happened soon after NOW, and one three weeks later (still ahead once the first is past the horizon). */
const PAST = at('2026-03-03T10:00:00.000Z', 2);
const LATER = at('2026-03-23T10:00:00.000Z', 2);
/** Just past the horizon after PAST ended. */
const AFTER_HORIZON = Date.parse('2026-03-03T12:00:00.000Z') + LEDGER_HORIZON_MS + 60_000 - Date.parse(NOW);
const SPAN = { from: new Date('2026-03-17T00:00:00.000Z'), to: new Date('2026-04-01T00:00:00.000Z') };

type Harness = Awaited<ReturnType<typeof supplyHarness>>;

const ids = async (h: Harness, collection: string) =>
  (await h.store.collection<{ _id: string }>(collection).find({})).map((d) => d._id).sort();

const mongo = await mongoStore();
const stores: [string, HarnessStore][] = [
  ['embedded', embeddedStore],
  ...(mongo ? [['mongodb', mongo] as [string, HarnessStore]] : []),
];

describe('pruning the supply time of moves long past', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('both sides use the same horizon, far beyond what pricing reads around a move', () => {
    expect(SUPPLY_TIME_HORIZON_MS).toBe(LEDGER_HORIZON_MS);
    expect(LEDGER_HORIZON_MS).toBeGreaterThanOrEqual(7 * DAY_MS);
  });

  for (const [storeName, store] of stores) {
    it(`removes only what ended before the horizon and is not flagged, on both sides (${storeName} store)`, async () => {
      const clock = movableClock(NOW);
      h = await supplyHarness(clock, { store });
      await h.slots.hold(ALI._id, 'past', PAST, null);
      await h.slots.hold(BEN._id, 'flagged', PAST, null);
      await h.slots.hold(ALI._id, 'later', LATER, null);
      await h.settle();
      clock.advance(AFTER_HORIZON);
      // A change of this booking under way (flagged before it, not yet published): its ledger stays.
      await h.timeOutbox.mark('flagged');

      expect(await h.timeOutbox.prune()).toBe(1);
      expect(await ids(h, DRIVER_TIME_LEDGER)).toEqual(['flagged', 'later']);
      expect(await h.time.prune()).toBe(2);
      expect(await ids(h, SUPPLY_TIME)).toEqual([`later:${ALI._id}`]);
      // What is within the horizon still answers as the truth does.
      expect(await h.time.busy(SPAN.from, SPAN.to)).toEqual(await h.slots.busy(SPAN.from, SPAN.to));
      expect((await h.time.busy(SPAN.from, SPAN.to)).get(ALI._id)?.size).toBe(8);
      // Nothing more to prune until more time passes.
      expect(await h.timeOutbox.prune()).toBe(0);
      expect(await h.time.prune()).toBe(0);
    });
  }

  it('a pass reads at most a page: the next pass takes the rest', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    for (const [i, b] of ['p1', 'p2', 'p3'].entries()) await h.slots.hold(DEMO_DRIVERS[i]!._id, b, PAST, null);
    await h.settle();
    clock.advance(AFTER_HORIZON);
    expect(await h.timeOutbox.prune(LEDGER_HORIZON_MS, 2)).toBe(2);
    expect(await h.time.prune(SUPPLY_TIME_HORIZON_MS, 2)).toBe(2);
    expect((await ids(h, DRIVER_TIME_LEDGER)).length).toBe(1);
    expect((await ids(h, SUPPLY_TIME)).length).toBe(1);
    expect(await h.timeOutbox.prune(LEDGER_HORIZON_MS, 2)).toBe(1);
    expect(await h.time.prune(SUPPLY_TIME_HORIZON_MS, 2)).toBe(1);
    expect(await ids(h, DRIVER_TIME_LEDGER)).toEqual([]);
    expect(await ids(h, SUPPLY_TIME)).toEqual([]);
  });

  it('a booking changed again after its ledger was pruned reaches the read model (its revisions go on above the old)', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    await h.slots.hold(ALI._id, 'moved', PAST, null);
    await h.settle();
    clock.advance(AFTER_HORIZON);
    // Fleet prunes first; quote's row (with the old revision) is still there.
    expect(await h.timeOutbox.prune()).toBe(1);
    const old = await h.time.revisionOf('moved', ALI._id);
    expect(old).toBeGreaterThan(0);
    // Staff move the booking to a later day: a new ledger.
    await h.slots.hold(ALI._id, 'moved', LATER, null);
    await h.settle();
    expect(await h.time.revisionOf('moved', ALI._id)).toBeGreaterThan(old);
    expect(await h.time.busy(SPAN.from, SPAN.to)).toEqual(await h.slots.busy(SPAN.from, SPAN.to));
    expect((await h.time.busy(SPAN.from, SPAN.to)).get(ALI._id)?.size).toBe(8);
  });

  it('a late event for a pruned booking re-creates at most a past row, which no price reads and the next pass removes', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    await h.slots.hold(ALI._id, 'gone', PAST, null);
    await h.settle();
    clock.advance(AFTER_HORIZON);
    expect(await h.time.prune()).toBe(1);
    const late: DriverTimeChanged = {
      bookingId: 'gone',
      driverId: ALI._id,
      revision: 1,
      state: 'kept',
      from: PAST.start.toISOString(),
      to: PAST.end.toISOString(),
      job: null,
    };
    await h.bus.publish(
      TOPICS.driverTimeChanged,
      await createEvent(TOPICS.driverTimeChanged, late, { producer: 'test' }),
      'k',
    );
    await h.bus.idle();
    expect(await ids(h, SUPPLY_TIME)).toEqual([`gone:${ALI._id}`]);
    const sinceHorizon = new Date(clock.now().getTime() - SUPPLY_TIME_HORIZON_MS);
    expect(await h.time.busy(sinceHorizon, SPAN.to)).toEqual(new Map());
    expect(await h.time.prune()).toBe(1);
    expect(await ids(h, SUPPLY_TIME)).toEqual([]);
  });

  it('ledgers and rows written before they kept their end are given it by a paged walk, then pruned', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    await h.slots.hold(ALI._id, 'old', PAST, null);
    await h.slots.hold(ALI._id, 'ahead', LATER, null);
    await h.settle();
    // As written before `until` was kept.
    for (const c of [DRIVER_TIME_LEDGER, SUPPLY_TIME])
      for (const d of await h.store.collection<{ _id: string }>(c).find({}))
        await h.store.collection<{ _id: string }>(c).updateOne({ _id: d._id }, { $unset: { until: true } });
    clock.advance(AFTER_HORIZON);
    expect(await h.timeOutbox.prune()).toBe(0);
    expect(await h.time.prune()).toBe(0);

    expect(await h.timeOutbox.stampPage('', 1)).toEqual({ stamped: 1, next: 'ahead' });
    expect(await h.timeOutbox.stampPage('ahead', 1)).toEqual({ stamped: 1, next: 'old' });
    expect(await h.timeOutbox.stampPage('old', 1)).toEqual({ stamped: 0, next: null });
    let next: string | null = '';
    while (next !== null) next = (await h.time.stampPage(next, 1)).next;

    expect(await h.timeOutbox.prune()).toBe(1);
    expect(await h.time.prune()).toBe(1);
    expect(await ids(h, DRIVER_TIME_LEDGER)).toEqual(['ahead']);
    expect(await ids(h, SUPPLY_TIME)).toEqual([`ahead:${ALI._id}`]);
    expect(await h.time.busy(SPAN.from, SPAN.to)).toEqual(await h.slots.busy(SPAN.from, SPAN.to));
  });
});
