import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type DriverCardChanged, type DriverTimeChanged } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { cardWireOf } from '../../fleet/src/adapters/driver-card-wire.js';
import { DRIVERS } from '../../fleet/src/adapters/driver-repository.js';
import { DRIVER_SLOTS, DriverSlots } from '../../fleet/src/adapters/driver-slots.js';
import { SupplyBackfillMark } from '../../fleet/src/adapters/supply-backfill-mark.js';
import { DEMO_DRIVERS } from '../../fleet/src/domain/demo-drivers.js';
import { movableClock, supplyHarness } from './supply-harness.js';

const NOW = '2026-03-02T08:00:00.000Z';
const ALI = DEMO_DRIVERS[0]!;
const window = { start: new Date('2026-03-03T10:00:00.000Z'), end: new Date('2026-03-03T12:00:00.000Z') };
const DAY = { from: new Date('2026-03-03T00:00:00.000Z'), to: new Date('2026-03-04T00:00:00.000Z') };

type Harness = Awaited<ReturnType<typeof supplyHarness>>;

const cardEvent = (revision: number, radius: number): DriverCardChanged => ({
  driverId: ALI._id,
  revision,
  active: true,
  card: cardWireOf({ ...ALI, serviceRadiusMiles: radius }),
});

const timeEvent = (revision: number, state: DriverTimeChanged['state']): DriverTimeChanged => ({
  bookingId: 'b1',
  driverId: ALI._id,
  revision,
  state,
  ...(state === 'given-back' ? {} : { from: window.start.toISOString(), to: window.end.toISOString() }),
  job: null,
});

async function deliver<T extends typeof TOPICS.driverCardChanged | typeof TOPICS.driverTimeChanged>(
  h: Harness,
  topic: T,
  data: unknown,
  eventId?: string,
) {
  const event = await createEvent(topic, data as never, { producer: 'test', ...(eventId ? { eventId } : {}) });
  await h.bus.publish(topic, event, 'k');
  await h.bus.idle();
}

describe('the supply events', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('a late or replayed event never takes the read model back', async () => {
    h = await supplyHarness(movableClock(NOW));
    await deliver(h, TOPICS.driverCardChanged, cardEvent(2, 20));
    await deliver(h, TOPICS.driverCardChanged, cardEvent(1, 5));
    await deliver(h, TOPICS.driverCardChanged, cardEvent(2, 7));
    expect((await h.cards.findById(ALI._id))?.serviceRadiusMiles).toBe(20);
    expect(await h.cards.revisionOf(ALI._id)).toBe(2);

    await deliver(h, TOPICS.driverTimeChanged, timeEvent(3, 'given-back'));
    await deliver(h, TOPICS.driverTimeChanged, timeEvent(2, 'kept'));
    expect(await h.time.busy(DAY.from, DAY.to)).toEqual(new Map());
    await deliver(h, TOPICS.driverTimeChanged, timeEvent(4, 'kept'));
    await deliver(h, TOPICS.driverTimeChanged, timeEvent(3, 'given-back'));
    expect((await h.time.busy(DAY.from, DAY.to)).get(ALI._id)?.size).toBe(8);
  });

  it('a bad payload is parked on the dead-letter topic, and the next event is applied', async () => {
    h = await supplyHarness(movableClock(NOW));
    const good = await createEvent(TOPICS.driverCardChanged, cardEvent(1, 12), { producer: 'test' });
    await h.bus.publish(TOPICS.driverCardChanged, { ...good, eventId: 'bad-1', data: { driverId: ALI._id } }, 'k');
    await h.bus.publish(TOPICS.driverTimeChanged, { ...good, eventId: 'bad-2', type: TOPICS.driverTimeChanged }, 'k');
    await h.bus.publish(TOPICS.driverCardChanged, good, 'k');
    await h.bus.idle();
    expect(
      h.bus
        .deadLettered()
        .map((d) => d.topic)
        .sort(),
    ).toEqual([TOPICS.driverTimeChanged, TOPICS.driverCardChanged].sort());
    expect((await h.cards.findById(ALI._id))?.serviceRadiusMiles).toBe(12);
  });

  it('every driver write publishes a higher revision, and the model holds the card as written', async () => {
    h = await supplyHarness(movableClock(NOW));
    await h.drivers.insert({ ...ALI, version: 0 });
    await h.settle();
    expect(await h.cards.revisionOf(ALI._id)).toBe(1);
    await h.drivers.updateIfVersion(ALI._id, 0, { active: false });
    await h.documents.set(ALI._id, 'insurance', { reference: 'INS1', expiresOn: '2026-05-01' }, null);
    await h.drivers.keepVanhopReviews(ALI._id, { count: 2, sum: 10, version: 1 });
    await h.settle();
    expect(await h.cards.revisionOf(ALI._id)).toBe(4);
    const held = await h.cards.findById(ALI._id);
    expect(held).toMatchObject({ active: false, documents: { insurance: { expiresOn: '2026-05-01' } } });
    expect(held?.vanhopReviews).toEqual({ count: 2, sum: 10, version: 1 });
    expect(await h.cards.listActive()).toEqual([]);
  });

  it('a hold carries its expiry: it stops counting when it lapses, with no event written', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    await h.slots.hold(ALI._id, 'b1', window, new Date(Date.parse(NOW) + 15 * 60_000), 'c1');
    await h.settle();
    expect((await h.time.busy(DAY.from, DAY.to)).get(ALI._id)?.size).toBe(8);
    const applied = h.bus.handled('quote');
    clock.advance(15 * 60_000);
    expect(await h.time.busy(DAY.from, DAY.to)).toEqual(new Map());
    expect(await h.slots.busy(DAY.from, DAY.to)).toEqual(new Map());
    expect(h.bus.handled('quote')).toEqual(applied);
  });

  it("a hold that gives way (superseded by its customer's new checkout, or lapsed and cleared by another) is published as given back", async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    const soon = new Date(Date.parse(NOW) + 15 * 60_000);
    const holder = 'a'.repeat(32);
    await h.slots.hold(ALI._id, 'b1', window, soon, holder);
    await h.slots.hold(ALI._id, 'b2', window, soon, holder, ['b1']);
    await h.settle();
    // Revisions come from fleet's clock (ms), a counter past it within one millisecond: the second publication.
    expect(await h.time.revisionOf('b1', ALI._id)).toBe(Date.parse(NOW) + 1);
    expect([...((await h.time.busy(DAY.from, DAY.to, { exceptBookingId: 'b2' })).get(ALI._id) ?? [])]).toEqual([]);
    clock.advance(15 * 60_000);
    await h.slots.hold(ALI._id, 'b3', window, null);
    await h.settle();
    expect(await h.time.revisionOf('b2', ALI._id)).toBe(Date.parse(NOW) + 15 * 60_000);
    expect(await h.time.busy(DAY.from, DAY.to)).toEqual(await h.slots.busy(DAY.from, DAY.to));
    expect((await h.time.busy(DAY.from, DAY.to, { exceptBookingId: 'b3' })).get(ALI._id)).toBeUndefined();
  });

  it('a process stopped between a write and its publication: the sweep publishes what it left', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock, { publish: false });
    // The writes land with their marks; the process "stops" before publishing (no publisher wired).
    await h.drivers.insert({ ...ALI, version: 0 });
    await h.timeOutbox.mark('b1');
    await h.slots.hold(ALI._id, 'b1', window, null);
    await h.settle();
    expect(await h.cards.revisionOf(ALI._id)).toBe(0);
    expect(await h.time.busy(DAY.from, DAY.to)).toEqual(new Map());
    // The next start (or the interval) sweeps.
    expect(await h.cardOutbox.sweep()).toBe(1);
    expect(await h.timeOutbox.sweep()).toBe(1);
    await h.settle();
    expect(await h.cards.revisionOf(ALI._id)).toBe(1);
    expect((await h.time.busy(DAY.from, DAY.to)).get(ALI._id)?.size).toBe(8);
    expect(await h.cardOutbox.sweep()).toBe(0);
    expect(await h.timeOutbox.sweep()).toBe(0);
  });

  it('drivers and holds stored before these events are published once by the backfill', async () => {
    const clock = movableClock(NOW);
    h = await supplyHarness(clock);
    // As an older version stored them: no marks, no revisions.
    for (const d of DEMO_DRIVERS.slice(0, 3))
      await h.store.collection<typeof d & { rev: string }>(DRIVERS).insertOne({ ...d, rev: 'old' });
    await new DriverSlots(h.store, clock).hold(ALI._id, 'b-old', window, null);
    expect(await h.store.collection(DRIVER_SLOTS).count({})).toBe(8);
    expect(await h.cardOutbox.backfill(2)).toBe(3);
    expect(await h.timeOutbox.backfill(new Date(NOW))).toBe(1);
    await h.settle();
    expect((await h.cards.listActive()).map((d) => d._id).sort()).toEqual(
      DEMO_DRIVERS.slice(0, 3)
        .map((d) => d._id)
        .sort(),
    );
    expect((await h.time.busy(DAY.from, DAY.to)).get(ALI._id)?.size).toBe(8);
    // Idempotent: a second start publishes nothing.
    expect(await h.cardOutbox.backfill(2)).toBe(0);
    expect(await h.timeOutbox.backfill(new Date(NOW))).toBe(0);
  });

  it('the backfill runs once per store: later starts skip it, and a start that failed midway runs it again', async () => {
    h = await supplyHarness(movableClock(NOW));
    const mark = new SupplyBackfillMark(h.store);
    const at = () => new Date(NOW);
    let runs = 0;
    await expect(
      mark.once(at, async () => {
        runs++;
        throw new Error('store away');
      }),
    ).rejects.toThrow('store away');
    expect(await mark.once(at, async () => void runs++)).toBe(true);
    expect(await new SupplyBackfillMark(h.store).once(at, async () => void runs++)).toBe(false);
    expect(runs).toBe(2);
  });
});
