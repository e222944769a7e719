import { describe, expect, it } from 'vitest';
import { fixedClock, type Clock } from '@vanhop/platform';
import { ActiveDriverCards, FULL_READ_MAX_AGE_MS, toCard, type DriverReads } from '../src/adapters/active-driver-cards.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import type { Driver } from '../src/domain/driver.js';
import { NOW } from './support.js';

const PHOTO = `data:image/png;base64,${'A'.repeat(200_000)}`;
const ali = (over: Partial<Driver> = {}): Driver => ({ ...DEMO_DRIVERS[0]!, version: 1, photoUrl: PHOTO, ...over });
const priya = (over: Partial<Driver> = {}): Driver => ({ ...DEMO_DRIVERS[1]!, version: 1, ...over });

/** A drivers' collection in memory that counts its reads; `hold` keeps the next findById waiting until released. */
class FakeDrivers implements DriverReads {
  docs = new Map<string, Driver>();
  fullReads = 0;
  oneReads = 0;
  private held: { release: () => void } | null = null;
  holdNext = false;

  constructor(...drivers: Driver[]) {
    for (const d of drivers) this.docs.set(d._id, d);
  }

  async listActive(): Promise<Driver[]> {
    this.fullReads++;
    return [...this.docs.values()].filter((d) => d.active).map((d) => structuredClone(d));
  }

  async findById(id: string): Promise<Driver | null> {
    this.oneReads++;
    const doc = this.docs.get(id);
    const copy = doc ? structuredClone(doc) : null;
    if (this.holdNext) {
      this.holdNext = false;
      await new Promise<void>((release) => (this.held = { release }));
    }
    return copy;
  }

  release(): void {
    this.held?.release();
    this.held = null;
  }
}

const model = (drivers: DriverReads, clock: Clock = fixedClock(NOW)) => new ActiveDriverCards({ drivers, clock });

describe('ActiveDriverCards (pricing read model of the active drivers)', () => {
  it('cards carry no photo bytes, no outbox and no e-mail key, and are frozen', () => {
    const card = toCard({ ...ali(), outbox: [{ topic: 't' }], emailKey: 'x' });
    expect(card.photoUrl).toBe('data:image/png;base64,');
    expect(card).not.toHaveProperty('outbox');
    expect(card).not.toHaveProperty('emailKey');
    expect(Object.isFrozen(card) && Object.isFrozen(card.card)).toBe(true);
    expect(toCard(priya({ photoUrl: 'https://images.example/p.jpg' })).photoUrl).toBe('https://images.example/p.jpg');
  });

  it('one full read serves every quote until something changes', async () => {
    const store = new FakeDrivers(priya(), ali(), priya({ _id: 'drv-off', active: false }));
    const cards = model(store);
    const [a, b] = await Promise.all([cards.listActive(), cards.listActive()]);
    expect(a.map((d) => d._id)).toEqual(['drv-ali-hassan', 'drv-priya-shah']);
    expect(b).toBe(a);
    await cards.listActive();
    expect([store.fullReads, store.oneReads]).toEqual([1, 0]);
  });

  it('a write in this process shows in the next answer: a new card, then a suspension', async () => {
    const store = new FakeDrivers(ali(), priya());
    const cards = model(store);
    await cards.listActive();
    const card = { ...ali().card, minimumHours: 3 };
    store.docs.set('drv-ali-hassan', ali({ card, version: 2 }));
    cards.changed('drv-ali-hassan');
    expect((await cards.listActive()).find((d) => d._id === 'drv-ali-hassan')!.card.minimumHours).toBe(3);
    store.docs.set('drv-ali-hassan', ali({ card, version: 3, active: false }));
    cards.changed('drv-ali-hassan');
    expect((await cards.listActive()).map((d) => d._id)).toEqual(['drv-priya-shah']);
    expect([store.fullReads, store.oneReads]).toEqual([1, 2]);
  });

  it("another replica's DriverUpdated: read again only when its version is newer than the one held", async () => {
    const store = new FakeDrivers(ali({ version: 4 }));
    const cards = model(store);
    await cards.listActive();
    cards.driverUpdated('drv-ali-hassan', 4);
    cards.driverUpdated('drv-ali-hassan', 3);
    await cards.listActive();
    expect(store.oneReads).toBe(0);
    store.docs.set('drv-ali-hassan', ali({ version: 5, name: 'Ali H.' }));
    cards.driverUpdated('drv-ali-hassan', 5);
    expect((await cards.listActive())[0]!.name).toBe('Ali H.');
    // A driver created there appears too.
    store.docs.set('drv-priya-shah', priya());
    cards.driverUpdated('drv-priya-shah', 1);
    expect((await cards.listActive()).map((d) => d._id)).toEqual(['drv-ali-hassan', 'drv-priya-shah']);
  });

  it('a read that started before a write never puts back the card from before it', async () => {
    const store = new FakeDrivers(ali({ version: 1 }));
    const cards = model(store);
    await cards.listActive();
    cards.changed('drv-ali-hassan');
    store.holdNext = true;
    // This quote's read of Ali starts now, sees version 1 and is held back.
    const slow = cards.listActive();
    await new Promise((r) => setImmediate(r));
    store.docs.set('drv-ali-hassan', ali({ version: 2, active: false }));
    cards.changed('drv-ali-hassan');
    // A quote after the suspension returned does not reuse the older read: it reads again.
    const after = await cards.listActive();
    expect(after).toEqual([]);
    store.release();
    await slow;
    expect(await cards.listActive()).toEqual([]);
  });

  it('a driver asked for by name and not held is read from the store (created on another replica, its event not here yet)', async () => {
    const store = new FakeDrivers(ali());
    const cards = model(store);
    await cards.listActive();
    store.docs.set('drv-priya-shah', priya());
    expect((await cards.listActive()).length).toBe(1);
    expect((await cards.listActive('drv-priya-shah')).map((d) => d._id)).toEqual(['drv-ali-hassan', 'drv-priya-shah']);
    await cards.listActive('drv-ali-hassan');
    expect(store.oneReads).toBe(1);
  });

  it('reads everything again once the full read is older than its bound (changes that carry no event)', async () => {
    let now = new Date(NOW).getTime();
    const clock: Clock = { now: () => new Date(now) };
    const store = new FakeDrivers(ali());
    const cards = model(store, clock);
    await cards.listActive();
    store.docs.set('drv-priya-shah', priya());
    now += FULL_READ_MAX_AGE_MS;
    expect((await cards.listActive()).length).toBe(1);
    now += 1;
    expect((await cards.listActive()).length).toBe(2);
    expect(store.fullReads).toBe(2);
  });
});
