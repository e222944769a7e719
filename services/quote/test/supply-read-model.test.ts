import { afterEach, describe, expect, it } from 'vitest';
import { ActiveDriverCards, toCard } from '../src/adapters/active-driver-cards.js';
import { cardWireOf } from '../../fleet/src/adapters/driver-card-wire.js';
import { DEMO_DRIVERS } from '../../fleet/src/domain/demo-drivers.js';
import type { Driver } from '@vanhop/contracts';
import type { JobDoc } from '../../fleet/src/domain/ports.js';
import type { NeighbourJob } from '@vanhop/contracts';
import { embeddedStore, mongoStore, movableClock, supplyHarness, type HarnessStore } from './supply-harness.js';

const START = '2026-03-02T08:00:00.000Z';
const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;
const PLACES = ['Cricklewood NW2', 'Brixton SW2', 'Hackney E8', 'Ealing W5', 'Croydon CR0'];

/** A small deterministic generator (mulberry32), so a failing sequence can be run again by its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

type Harness = Awaited<ReturnType<typeof supplyHarness>>;

/** A card as pricing reads it, in the wire's terms (what the read model is asked to answer exactly). */
const pricingView = (cards: readonly Driver[]) =>
  cards.map((c) => ({ id: c._id, ...cardWireOf(c) })).map((c) => JSON.parse(JSON.stringify(c)));

const sortedBusy = (m: Map<string, Set<string>>) =>
  [...m.entries()]
    .filter(([, s]) => s.size > 0)
    .map(([id, s]) => [id, [...s].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));

const sortedJobs = (m: Map<string, NeighbourJob[]>) =>
  [...m.entries()]
    .map(([id, jobs]) => [id, plainJobs(jobs)] as const)
    .filter(([, jobs]) => jobs.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));

const plainJobs = (jobs: NeighbourJob[]) =>
  jobs
    .map((j) => ({ ...j, window: { start: j.window.start.toISOString(), end: j.window.end.toISOString() } }))
    .sort((a, b) => (a.bookingId < b.bookingId ? -1 : 1));

function jobDoc(bookingId: string, driverId: string, date: Date, hours: number, from: string, to: string): JobDoc {
  return {
    _id: bookingId,
    bookingId,
    randomNumber: 1,
    driverId,
    status: 'offered',
    offeredAt: START,
    respondBy: START,
    respondedAt: null,
    returnedBecause: null,
    bookingState: 'active',
    customer: { name: 'A Customer', email: 'a@example.com', phone: '07700900000' },
    move: {
      date: date.toISOString(),
      totalHour: hours,
      addresses: [
        { location: from, physicalAddress: '', stair: 0 },
        { location: to, physicalAddress: '', stair: 0 },
      ],
      typeofVan: 'Medium',
      typeOfWorker: 'Driver-Help',
      description: '',
    },
  } as unknown as JobDoc;
}

/** How many answers compared had something in them: the sequence must exercise what it compares. */
const seen = { busy: 0, neighbours: 0, cards: 0 };

/** Asserts the read model answers what today's reads answer: cards, busy time over random windows, neighbours. */
async function expectSameAnswers(h: Harness, rnd: ReturnType<typeof seeded>, now: () => Date, bookings: string[]) {
  await h.settle();
  const clock = { now };
  // The drivers as stored, as pricing reads a card (toCard).
  const today = (await h.drivers.listActive()).map(toCard);
  const model = await new ActiveDriverCards({ drivers: h.cards, clock }).listActive();
  expect(pricingView(model)).toEqual(pricingView(today));
  seen.cards += today.length;
  for (let i = 0; i < 4; i++) {
    const from = new Date(Date.parse(START) + rnd.int(7 * 24 * 4) * QUARTER - 12 * HOUR);
    const to = new Date(from.getTime() + (1 + rnd.int(48)) * QUARTER * (rnd.chance(0.5) ? 1 : 8));
    const options = {
      ...(rnd.chance(0.3) && bookings.length > 0 ? { exceptBookingId: rnd.pick(bookings) } : {}),
      ...(rnd.chance(0.3) ? { driverIds: DEMO_DRIVERS.slice(0, 3).map((d) => d._id) } : {}),
    };
    const busy = sortedBusy(await h.slots.busy(from, to, options));
    expect(sortedBusy(await h.time.busy(from, to, options))).toEqual(busy);
    seen.busy += busy.length;
    const few = [rnd.pick(DEMO_DRIVERS)._id];
    expect(sortedBusy(await h.time.busyOf(few, from, to))).toEqual(sortedBusy(await h.slots.busyOf(few, from, to)));
    const wide = [new Date(from.getTime() - 2 * 24 * HOUR), new Date(to.getTime() + 2 * 24 * HOUR)] as const;
    const near = sortedJobs(await h.jobs.neighboursNear(null, ...wide));
    expect(sortedJobs(await h.time.jobsNear(null, ...wide))).toEqual(near);
    seen.neighbours += near.length;
    const some = DEMO_DRIVERS.slice(0, 2).map((d) => d._id);
    expect(sortedJobs(await h.time.jobsNear(some, ...wide))).toEqual(
      sortedJobs(await h.jobs.neighboursNear(some, ...wide)),
    );
    const one = rnd.pick(DEMO_DRIVERS)._id;
    expect(plainJobs(await h.time.jobsOf(one, ...wide))).toEqual(plainJobs(await h.jobs.neighboursOf(one, ...wide)));
  }
}

const mongo = await mongoStore();

describe('quote reads drivers and their time from its own read model, fed only by the supply events', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  const runs: [number, string, HarnessStore][] = [
    [1, 'embedded', embeddedStore],
    [2, 'embedded', embeddedStore],
    [3, 'embedded', embeddedStore],
    ...(mongo ? ([[4, 'mongodb', mongo]] as [number, string, HarnessStore][]) : []),
  ];
  for (const [seed, storeName, store] of runs) {
    it(`answers exactly what the drivers, slots and jobs answer, over random writes, holds and lapses (seed ${seed}, ${storeName} store)`, async () => {
      const clock = movableClock(START);
      h = await supplyHarness(clock, { store });
      const rnd = seeded(seed);
      Object.assign(seen, { busy: 0, neighbours: 0, cards: 0 });
      const drivers = DEMO_DRIVERS.slice(0, 6);
      for (const d of drivers.slice(0, 4)) await h.drivers.insertIfMissing({ ...d, version: 0 });
      const bookings: string[] = [];
      let reviewsVersion = 0;
      for (let step = 0; step < 120; step++) {
        const d = rnd.pick(drivers);
        const stored = await h.drivers.findById(d._id);
        const op = rnd.int(14);
        if (!stored) {
          await h.drivers.insert({ ...d, version: 0 });
        } else if (op === 0) {
          const set = rnd.pick<Partial<Driver>>([
            { serviceRadiusMiles: 5 + rnd.int(40) },
            { active: !stored.active },
            { photoUrl: rnd.chance(0.5) ? 'data:image/png;base64,AAAA' : `https://example.com/${rnd.int(9)}.jpg` },
            { vanSizes: rnd.chance(0.5) ? ['Small'] : ['Medium', 'Luton'] },
            {
              availability: {
                weekly: { mon: [{ from: '08:00', to: '18:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
                daysOff: ['2026-03-04'],
              },
            },
            { rating: 3 + rnd.int(20) / 10 },
          ]);
          await h.drivers.updateIfVersion(d._id, stored.version ?? 0, set);
        } else if (op === 1) {
          const kind = rnd.pick(['insurance', 'licence'] as const);
          const doc = rnd.chance(0.3)
            ? null
            : { reference: `R${rnd.int(99)}`, expiresOn: `2026-0${3 + rnd.int(3)}-1${rnd.int(9)}` };
          await h.documents.set(d._id, kind, doc, null);
        } else if (op === 2) {
          reviewsVersion++;
          await h.drivers.keepVanhopReviews(d._id, { count: rnd.int(5), sum: rnd.int(25), version: reviewsVersion });
        } else if (op <= 6) {
          const bookingId = rnd.chance(0.3) && bookings.length > 0 ? rnd.pick(bookings) : `b${step}`;
          if (!bookings.includes(bookingId)) bookings.push(bookingId);
          const start = new Date(Date.parse(START) + (4 + rnd.int(5 * 24 * 4)) * QUARTER);
          const window = { start, end: new Date(start.getTime() + (2 + rnd.int(16)) * QUARTER) };
          const expiresAt = rnd.chance(0.6) ? new Date(clock.now().getTime() + (1 + rnd.int(6)) * QUARTER) : null;
          // Sometimes the same customer's earlier checkouts are superseded (closed at the provider).
          const supersedes = rnd.chance(0.2) && bookings.length > 1 ? [rnd.pick(bookings)] : [];
          await h.slots
            .hold(d._id, bookingId, window, expiresAt, `holder${rnd.int(3)}`, supersedes)
            .catch(() => undefined);
        } else if (op === 7 && bookings.length > 0) {
          await h.slots.keep(rnd.pick(bookings));
        } else if (op === 8 && bookings.length > 0) {
          await h.slots.release(rnd.pick(bookings));
        } else if (op === 9 && bookings.length > 0) {
          await h.slots.releaseDriver(rnd.pick(bookings), d._id);
        } else if (op === 10) {
          // Time passes: unpaid holds lapse on their own, no write at all.
          clock.advance((1 + rnd.int(4)) * QUARTER);
        } else if (op === 11 && bookings.length > 0) {
          const bookingId = rnd.pick(bookings);
          const date = new Date(Date.parse(START) + rnd.int(5 * 24) * HOUR);
          await h.jobs.insert(jobDoc(bookingId, d._id, date, 2 + rnd.int(6), rnd.pick(PLACES), rnd.pick(PLACES)));
        } else if (op === 12 && bookings.length > 0) {
          const bookingId = rnd.pick(bookings);
          const date = new Date(Date.parse(START) + rnd.int(5 * 24) * HOUR);
          const set = rnd.pick<Partial<JobDoc>>([
            { bookingState: rnd.pick(['active', 'postponed', 'cancelled'] as const) },
            { move: jobDoc(bookingId, d._id, date, 3, rnd.pick(PLACES), rnd.pick(PLACES)).move },
          ]);
          await h.jobs.follow(bookingId, set);
        } else if (op === 13 && bookings.length > 0) {
          const job = await h.jobs.findById(rnd.pick(bookings));
          if (job) await h.jobs.reassign(job._id, job.driverId, job.status, { driverId: d._id }, []);
        }
        if (step % 10 === 9) await expectSameAnswers(h, rnd, () => clock.now(), bookings);
      }
      await expectSameAnswers(h, rnd, () => clock.now(), bookings);
      expect(seen.busy).toBeGreaterThan(0);
      expect(seen.neighbours).toBeGreaterThan(0);
      expect(seen.cards).toBeGreaterThan(0);
    });
  }
});
