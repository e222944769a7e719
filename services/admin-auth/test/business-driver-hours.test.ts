import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay, TOPICS, type EventEnvelope, type EventPayloads } from '@vanhop/contracts';
import { EmbeddedDocumentStore, type Clock, type Collection, type Filter, type FindOptions } from '@vanhop/platform';
import { BusinessFiguresModel } from '../src/app/business-figures.js';
import { BusinessFiguresRepository } from '../src/adapters/business-figures-repository.js';
import { busiestOf, hoursWindow, type FigureTopic } from '../src/domain/business-figures.js';

/** A clock the test moves by whole days. */
const movableClock = (iso: string) => {
  let at = new Date(iso).getTime();
  const clock: Clock & { days(n: number): void } = {
    now: () => new Date(at),
    days: (n) => {
      at += n * 86_400_000;
    },
  };
  return clock;
};

const START = '2026-11-25T12:00:00.000Z';
const dayMs = 86_400_000;
const move = (daysAhead: number, hours: number) => ({
  date: new Date(new Date(START).getTime() + daysAhead * dayMs).toISOString(),
  addresses: [{ location: 'London NW2, UK', physicalAddress: '', stair: 0 }],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: hours,
  description: '',
});
const driver = (i: number) => ({
  id: `drv-${String(i).padStart(3, '0')}`,
  name: `Driver ${i}`,
  email: `d${i}@example.com`,
});

let seq = 0;
const envelope = <K extends FigureTopic>(topic: K, data: EventPayloads[K]): EventEnvelope<EventPayloads[K]> =>
  ({ eventId: `ev-${++seq}`, topic, occurredAt: START, producer: 'test', data }) as unknown as EventEnvelope<
    EventPayloads[K]
  >;

describe('the hours chart is kept per driver as jobs change, and read a few drivers at a time', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let repo: BusinessFiguresRepository;
  const clock = movableClock(START);
  let model: BusinessFiguresModel;
  /** The drivers each read asked the store for, counted by wrapping the collection's reads. */
  let driverDocsRead = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-driver-hours-'));
    store = new EmbeddedDocumentStore(dir, 0);
    const counting = {
      collection: <T extends { _id: string }>(name: string) => {
        const col = store.collection<T>(name);
        if (name !== 'business_driver_jobs') return col;
        return {
          ...col,
          insertOne: col.insertOne.bind(col),
          insertOrdered: col.insertOrdered.bind(col),
          findOne: col.findOne.bind(col),
          updateOne: col.updateOne.bind(col),
          findOneAndUpdate: col.findOneAndUpdate.bind(col),
          deleteOne: col.deleteOne.bind(col),
          count: col.count.bind(col),
          ensureIndex: col.ensureIndex.bind(col),
          find: async (filter: Filter, options?: FindOptions) => {
            const docs = await col.find(filter, options);
            driverDocsRead += docs.length;
            return docs;
          },
        } as Collection<T>;
      },
      ping: () => store.ping(),
      close: () => store.close(),
    };
    repo = new BusinessFiguresRepository(counting);
    await repo.ensureIndexes();
    model = new BusinessFiguresModel({ store: repo, clock });
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The chart worked out the slow way, from every driver's jobs: what the kept hours must agree with. */
  const fromEveryDriver = async () => {
    const today = londonDay(clock.now());
    const { from, to } = hoursWindow(today);
    const all = await store.collection<{ _id: string; name?: string; jobs?: never }>('business_driver_jobs').find({});
    const { busiest, driversBooked } = busiestOf(all, from, to);
    return {
      drivers: [...busiest].sort((a, b) => a.name.localeCompare(b.name) || a.driverId.localeCompare(b.driverId)),
      driversBooked,
    };
  };

  const offer = (bookingId: string, i: number, daysAhead: number, hours: number) =>
    model.apply(
      TOPICS.jobOffered,
      envelope(TOPICS.jobOffered, {
        bookingId,
        randomNumber: 1000,
        driver: driver(i),
        move: move(daysAhead, hours),
        respondBy: move(daysAhead, hours).date,
      } as EventPayloads['job.offered']),
    );

  it('names the busiest 25 of 60 drivers, as reading every driver would', async () => {
    // Driver i has i hours over two jobs, one inside the window, one 40 days ahead (outside it).
    for (let i = 1; i <= 60; i++) {
      await offer(`bk-${i}-a`, i, 1 + (i % 20), i);
      await offer(`bk-${i}-b`, i, 40, 50);
    }
    const figures = await model.read();
    expect(figures.driversBooked).toBe(60);
    expect(figures.drivers).toHaveLength(25);
    expect(Math.min(...figures.drivers.map((d) => d.bookedHours))).toBe(36);
    expect(Math.max(...figures.drivers.map((d) => d.bookedHours))).toBe(60);
    expect({ drivers: figures.drivers, driversBooked: figures.driversBooked }).toEqual(await fromEveryDriver());
  });

  it('a later read touches about 25 drivers, not the fleet', async () => {
    await model.read();
    driverDocsRead = 0;
    await model.read();
    expect(driverDocsRead).toBeLessThanOrEqual(25);
  });

  it('stays right after a returned job (hours stay), a reassignment (they move) and cancellations (they go)', async () => {
    // Driver 60 gives their job back: their time stays taken until someone else has it.
    await model.apply(
      TOPICS.jobReturned,
      envelope(TOPICS.jobReturned, {
        bookingId: 'bk-60-a',
        randomNumber: 1000,
        driver: driver(60),
        move: move(1, 60),
        because: 'declined',
        at: START,
      } as EventPayloads['job.returned']),
    );
    expect((await model.read()).drivers.find((d) => d.driverId === 'drv-060')?.bookedHours).toBe(60);
    // Driver 2 takes it: 2 + 60 hours, the busiest; driver 60 leaves the chart.
    await model.apply(
      TOPICS.jobReassigned,
      envelope(TOPICS.jobReassigned, {
        bookingId: 'bk-60-a',
        randomNumber: 1000,
        previousDriverId: 'drv-060',
        driver: driver(2),
        move: move(1, 60),
        reassignedBy: 'staff',
      } as unknown as EventPayloads['job.reassigned']),
    );
    let figures = await model.read();
    expect(figures.drivers.find((d) => d.driverId === 'drv-002')?.bookedHours).toBe(62);
    expect(figures.drivers.some((d) => d.driverId === 'drv-060')).toBe(false);
    expect(figures.driversBooked).toBe(59); // driver 60 keeps only the job 40 days ahead, outside the window
    // Cancellations of the ten busiest drivers' jobs in the window: the next ten come onto the chart.
    for (let i = 50; i <= 59; i++)
      await model.apply(
        TOPICS.bookingCancelled,
        envelope(TOPICS.bookingCancelled, {
          bookingId: `bk-${i}-a`,
          randomNumber: 1000,
          driver: { ...driver(i), phone: '1' },
        } as unknown as EventPayloads['booking.cancelled']),
      );
    figures = await model.read();
    expect(figures.driversBooked).toBe(49);
    expect(Math.min(...figures.drivers.map((d) => d.bookedHours))).toBe(26);
    expect({ drivers: figures.drivers, driversBooked: figures.driversBooked }).toEqual(await fromEveryDriver());
  });

  it('moves with the days: jobs leave the window as their day passes and enter it 28 days ahead', async () => {
    clock.days(30); // every job "a" (1 to 20 days ahead) has passed; every job "b" (40 days ahead) is now 10 ahead
    const figures = await model.read();
    expect(figures.drivers.map((d) => d.bookedHours)).toEqual(Array(25).fill(50));
    expect({ drivers: figures.drivers, driversBooked: figures.driversBooked }).toEqual(await fromEveryDriver());
  });
});
