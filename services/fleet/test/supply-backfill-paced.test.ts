import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createInfrastructure,
  createLogger,
  EmbeddedDocumentStore,
  fixedClock,
  MemoryEventBus,
  type Infrastructure,
} from '@vanhop/platform';
import { DriverRepository } from '../src/adapters/driver-repository.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { fleetService } from '../src/service.js';
import { PacedSupplyBackfill } from '../src/supply-backfill.js';
import { NOW } from './support.js';

const clock = fixedClock(NOW);

/** A store of `ids` seen through pages of `limit`, as the outboxes' backfillPage reads them. */
const pagesOf = (ids: string[]) => {
  const read: string[][] = [];
  const backfillPage = async (after: string, limit: number) => {
    const page = ids.filter((id) => id > after).slice(0, limit);
    read.push(page);
    return { published: page.length, next: page.length < limit ? null : page.at(-1)! };
  };
  return { read, backfillPage };
};

describe('the supply backfill runs after the fleet serves, a page at a time', () => {
  it('reads a page, gives way, reads the next, and records the store done only at the end', async () => {
    const cards = pagesOf(['a', 'b', 'c', 'd', 'e']);
    const slots = pagesOf(['s1']);
    const jobs = pagesOf([]);
    let recorded = 0;
    const gates: (() => void)[] = [];
    const backfill = new PacedSupplyBackfill({
      cards,
      time: { backfillPage: (of, _since, after, limit) => (of === 'slots' ? slots : jobs).backfillPage(after, limit) },
      mark: { done: async () => false, record: async () => void recorded++ },
      clock,
      page: 2,
      pause: () => new Promise<void>((r) => gates.push(r)),
    });
    backfill.start();
    // One page, then it waits: nothing more is read until it is let go.
    await new Promise((r) => setImmediate(r));
    expect(cards.read).toEqual([['a', 'b']]);
    gates.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(cards.read).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(recorded).toBe(0);
    gates.shift()!();
    await backfill.settled();
    expect(cards.read.at(-1)).toEqual(['e']);
    expect(slots.read).toEqual([['s1']]);
    expect(jobs.read).toEqual([[]]);
    expect(recorded).toBe(1);
  });

  it('a stop midway records nothing (the next start runs it again); a store already done is not read', async () => {
    const cards = pagesOf(['a', 'b', 'c']);
    let recorded = 0;
    const gates: (() => void)[] = [];
    const deps = {
      cards,
      time: { backfillPage: async () => ({ published: 0, next: null }) },
      clock,
      page: 1,
      pause: () => new Promise<void>((r) => gates.push(r)),
    };
    const stopped = new PacedSupplyBackfill({
      ...deps,
      mark: { done: async () => false, record: async () => void recorded++ },
    });
    stopped.start();
    await new Promise((r) => setImmediate(r));
    const stopping = stopped.stop();
    gates.shift()!();
    await stopping;
    expect(cards.read).toEqual([['a']]);
    expect(recorded).toBe(0);

    const done = pagesOf(['a']);
    const skipped = new PacedSupplyBackfill({
      ...deps,
      cards: done,
      mark: { done: async () => true, record: async () => void recorded++ },
    });
    skipped.start();
    await skipped.settled();
    expect(done.read).toEqual([]);
  });

  describe('in the fleet service', () => {
    let dataDir = '';
    let infra: Infrastructure | undefined;
    afterAll(async () => {
      await infra?.store.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('its start publishes nothing stored before the events; once it serves, every card is published and the store marked', async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-paced-backfill-'));
      const before = new EmbeddedDocumentStore(path.join(dataDir, 'fleet'));
      for (const d of DEMO_DRIVERS.slice(0, 3)) await new DriverRepository(before).insert({ ...d, version: 1 });
      // As stored before the supply events: no card ever published.
      for (const d of DEMO_DRIVERS.slice(0, 3))
        await before.collection('drivers').updateOne({ _id: d._id }, { $unset: { cardUnpublished: true } });
      await before.close();

      const config = fleetService.loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'false' });
      const bus = new MemoryEventBus(createLogger('bus', 'silent'));
      infra = await createInfrastructure(config.platform, { bus, clock });
      const built = await fleetService.build(infra, config);
      const published = () => infra!.store.collection('drivers').count({ cardRevision: { $exists: true } });
      const marked = () => infra!.store.collection('supply_backfills').count({});

      await built.start?.();
      expect(await published()).toBe(0);
      expect(await marked()).toBe(0);

      built.serving?.();
      for (let i = 0; i < 500 && (await marked()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await marked()).toBe(1);
      expect(await published()).toBe(3);
      await built.stop?.();
    });
  });
});
