import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedDocumentStore, fixedClock, type Clock } from '@vanhop/platform';
import {
  ActiveDriverCards,
  FULL_READ_MAX_AGE_MS,
  toCard,
  type DriverReads,
  type StoredDriver,
} from '../src/adapters/active-driver-cards.js';
import { SupplyCards } from '../src/adapters/supply-cards.js';
import { cardWireOf } from '../../fleet/src/adapters/driver-card-wire.js';
import { DEMO_DRIVERS } from '../../fleet/src/domain/demo-drivers.js';
import type { Driver } from '@vanhop/contracts';
import { NOW } from './support.js';

const PHOTO = `data:image/png;base64,${'A'.repeat(200_000)}`;
const ali = (over: Partial<StoredDriver> = {}): StoredDriver => ({
  ...DEMO_DRIVERS[0]!,
  version: 1,
  photoUrl: PHOTO,
  ...over,
});
const priya = (over: Partial<StoredDriver> = {}): StoredDriver => ({ ...DEMO_DRIVERS[1]!, version: 1, ...over });

/** A drivers' collection in memory that counts its reads; `hold` keeps the next findById waiting until released. */
class FakeDrivers implements DriverReads {
  docs = new Map<string, StoredDriver>();
  fullReads = 0;
  oneReads = 0;
  /** What each poll answered, by id. */
  polled: string[][] = [];
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

  async listRevNotIn(known: string[]): Promise<StoredDriver[]> {
    const found = [...this.docs.values()]
      .filter((d) => d.rev !== undefined && !known.includes(d.rev))
      .map((d) => structuredClone(d));
    this.polled.push(found.map((d) => d._id));
    return found;
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

  it("another replica's writes: the poll reads only the drivers whose rev it does not hold, a suspended one once", async () => {
    const store = new FakeDrivers(
      ali({ rev: 'a1' }),
      priya({ rev: 'p1' }),
      priya({ _id: 'drv-off', active: false, rev: 'o1' }),
    );
    const cards = model(store);
    // Nothing to compare before the first full read.
    await cards.pollChanges();
    expect(store.polled).toEqual([]);
    await cards.listActive();
    await cards.pollChanges();
    // The suspended driver is not in the full read: the first poll meets it, the next knows its rev.
    await cards.pollChanges();
    expect(store.polled).toEqual([['drv-off'], []]);
    store.docs.set('drv-ali-hassan', ali({ rev: 'a2', name: 'Ali H.' }));
    store.docs.set('drv-new', priya({ _id: 'drv-new', rev: 'n1' }));
    store.docs.set('drv-priya-shah', priya({ rev: 'p2', active: false }));
    await cards.pollChanges();
    expect(store.polled.at(-1)!.sort()).toEqual(['drv-ali-hassan', 'drv-new', 'drv-priya-shah']);
    const now = await cards.listActive();
    expect(now.map((d) => [d._id, d.name])).toEqual([
      ['drv-ali-hassan', 'Ali H.'],
      ['drv-new', priya().name],
    ]);
    expect(now[0]).not.toHaveProperty('rev');
    await cards.pollChanges();
    expect(store.polled.at(-1)).toEqual([]);
    expect([store.fullReads, store.oneReads]).toEqual([1, 0]);
  });

  it('over the embedded store: a card another quote replica applied is priced here after one poll', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-driver-cards-'));
    const db = new EmbeddedDocumentStore(dir, 0);
    try {
      const cards = new SupplyCards(db);
      await cards.ensureIndexes();
      const applied = (d: Driver, revision: number) =>
        cards.apply({ driverId: d._id, revision, active: d.active, card: cardWireOf({ ...d, version: revision }) });
      for (const d of DEMO_DRIVERS.slice(0, 2)) await applied(d, 1);
      // This replica's model; the events below are applied by another replica, so nothing tells it of them.
      const here = model(cards);
      expect((await here.listActive()).map((d) => d._id)).toEqual(['drv-ali-hassan', 'drv-priya-shah']);
      const insurance = { reference: 'POL-1', expiresOn: '2026-01-10' };
      await cards.apply({
        driverId: 'drv-ali-hassan',
        revision: 2,
        active: true,
        card: cardWireOf({ ...DEMO_DRIVERS[0]!, version: 2, documents: { insurance } }),
      });
      expect((await here.listActive()).find((d) => d._id === 'drv-ali-hassan')).not.toHaveProperty('documents');
      await here.pollChanges();
      expect((await here.listActive()).find((d) => d._id === 'drv-ali-hassan')).toMatchObject({
        documents: { insurance: { expiresOn: '2026-01-10' } },
      });
      // An edit of a card, and a driver added there.
      await applied({ ...DEMO_DRIVERS[1]!, name: 'Priya S.' }, 2);
      await applied(DEMO_DRIVERS[2]!, 1);
      await here.pollChanges();
      expect((await here.listActive()).map((d) => d.name)).toEqual(['Ali Hassan', 'Priya S.', 'Tom Okafor']);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
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

  it('reads everything again once the full read is older than its bound (drivers stored before revs)', async () => {
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
