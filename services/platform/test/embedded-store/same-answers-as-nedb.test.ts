import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDocumentStore } from '../../src/adapters/embedded-document-store.js';
import type { Collection, Doc, Filter, FindOptions, Update } from '../../src/ports/document-store.js';

/** A small deterministic random source (mulberry32), so a failure replays. */
function randomSource(seed: number) {
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <X>(xs: readonly X[]): X => xs[int(xs.length)]!;
  return { next, int, pick };
}

interface Row extends Doc {
  a?: number | null;
  s?: string;
  n: number;
  tags: string[];
  day: string;
  nested?: { x: number };
  rank?: number;
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'] as const;
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'] as const;

function rowGen(r: ReturnType<typeof randomSource>) {
  let next = 0;
  return (): Row => {
    const row: Row = {
      _id: `r${String(next++).padStart(4, '0')}`,
      n: r.int(50),
      tags: Array.from({ length: r.int(4) }, () => r.pick(WORDS)),
      day: `${r.pick(DAYS)}T${String(r.int(24)).padStart(2, '0')}:00:00.000Z`,
    };
    const a = r.int(12);
    if (a < 10) row.a = a;
    else if (a === 10) row.a = null;
    if (r.next() < 0.8) row.s = r.pick(WORDS);
    if (r.next() < 0.5) row.nested = { x: r.int(5) };
    return row;
  };
}

function filterGen(r: ReturnType<typeof randomSource>) {
  const parts: (() => Filter)[] = [
    () => ({ a: r.int(10) }),
    () => ({ a: { $in: [r.int(10), r.int(10), r.int(10)] } }),
    () => ({ a: { $gte: r.int(10) } }),
    () => ({ a: { $gt: r.int(5), $lte: 5 + r.int(5) } }),
    () => ({ a: { $ne: r.int(10) } }),
    () => ({ s: r.pick(WORDS) }),
    () => ({ s: { $lt: r.pick(WORDS) } }),
    () => ({ s: { $in: [r.pick(WORDS), r.pick(WORDS)] } }),
    () => ({ n: { $lt: r.int(50) } }),
    () => ({ n: { $gte: r.int(50), $lt: r.int(50) } }),
    () => ({ tags: r.pick(WORDS) }),
    () => ({ tags: { $gte: r.pick(WORDS), $lt: r.pick(WORDS) } }),
    () => ({ tags: { $in: [r.pick(WORDS)] } }),
    () => ({ 'nested.x': r.int(5) }),
    () => ({ 'nested.x': { $exists: r.next() < 0.5 } }),
    () => ({ day: { $gte: `${r.pick(DAYS)}T12:00:00.000Z` } }),
    () => ({ day: { $gte: r.pick(DAYS), $lt: r.pick(DAYS) } }),
    () => ({ rank: { $gte: 0 } }),
    () => ({ $or: [{ a: r.int(10) }, { s: r.pick(WORDS) }] }),
    () => ({ a: { $in: [] } }),
  ];
  return (): Filter => {
    const f: Filter = {};
    const count = r.int(3);
    for (let i = 0; i < count; i++) Object.assign(f, r.pick(parts)());
    return f;
  };
}

function optionsGen(r: ReturnType<typeof randomSource>) {
  const sorts: Record<string, 1 | -1>[] = [
    { _id: 1 },
    { _id: -1 },
    { a: 1, _id: 1 },
    { a: -1, _id: 1 },
    { s: 1, n: -1, _id: 1 },
    { n: 1, _id: -1 },
    { day: -1, _id: 1 },
    { 'nested.x': 1, _id: 1 },
  ];
  return (): FindOptions => {
    const o: FindOptions = {};
    if (r.next() < 0.7) o.sort = r.pick(sorts);
    if (r.next() < 0.5) o.limit = 1 + r.int(20);
    if (r.next() < 0.3) o.skip = r.int(30);
    return o;
  };
}

function updateGen(r: ReturnType<typeof randomSource>) {
  const updates: (() => Update)[] = [
    () => ({ $set: { a: r.int(10) } }),
    () => ({ $set: { s: r.pick(WORDS), day: `${r.pick(DAYS)}T08:00:00.000Z` } }),
    () => ({ $inc: { n: 1 + r.int(5) } }),
    () => ({ $push: { tags: r.pick(WORDS) } }),
    () => ({ $pull: { tags: r.pick(WORDS) } }),
    () => ({ $unset: { s: true } }),
    () => ({ $set: { 'nested.x': r.int(5) } }),
    () => ({ $set: { rank: r.int(3) } }),
  ];
  return () => r.pick(updates)();
}

async function nedbFind(db: Datastore<Row>, filter: Filter, o: FindOptions): Promise<Row[]> {
  let cursor = db.findAsync(filter);
  if (o.sort) cursor = cursor.sort(o.sort);
  if (o.skip) cursor = cursor.skip(o.skip);
  if (o.limit) cursor = cursor.limit(o.limit);
  return (await cursor) as Row[];
}

const byId = (rows: Row[]) => [...rows].sort((x, y) => (x._id < y._id ? -1 : 1));

describe('the embedded store answers as NeDB does (random documents, indexes, queries and writes)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: every find, count and write agrees, through a reopen`, async () => {
      const r = randomSource(seed);
      const newRow = rowGen(r);
      const newFilter = filterGen(r);
      const newOptions = optionsGen(r);
      const newUpdate = updateGen(r);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-store-diff-'));
      dirs.push(dir);
      let store = new EmbeddedDocumentStore(dir, 0);
      let col: Collection<Row> = store.collection<Row>('rows');
      const oracle = new Datastore<Row>({ inMemoryOnly: true });
      const indexes = [{ a: 1 }, { s: 1, n: 1 }, { tags: 1 }, { 'nested.x': 1 }, { day: 1 }, { rank: 1 }] as const;
      for (const [i, fields] of indexes.entries()) {
        await col.ensureIndex({ fields: { ...fields }, sparse: i >= 3 });
      }
      for (let i = 0; i < 300; i++) {
        const row = newRow();
        await col.insertOne(row);
        await oracle.insertAsync(row);
      }
      for (let step = 0; step < 400; step++) {
        if (step === 200) {
          await store.close();
          store = new EmbeddedDocumentStore(dir, 0);
          col = store.collection<Row>('rows');
        }
        const filter = newFilter();
        const roll = r.next();
        const context = JSON.stringify({ seed, step, filter });
        if (roll < 0.15) {
          const update = newUpdate();
          const [mine, theirs] = [await col.findOneAndUpdate(filter, update), null];
          if (mine === null) {
            expect(await oracle.countAsync(filter), context).toBe(0);
          } else {
            // Which of several matches is first may differ: apply the same change to the same document.
            void theirs;
            await oracle.updateAsync({ _id: mine._id }, update, {});
            expect(mine, context).toEqual(await oracle.findOneAsync({ _id: mine._id }));
          }
        } else if (roll < 0.2) {
          const victim = await col.findOne(filter);
          expect(await col.deleteOne(victim ? { _id: victim._id } : filter), context).toBe(victim ? 1 : 0);
          if (victim) await oracle.removeAsync({ _id: victim._id }, {});
        } else if (roll < 0.25) {
          const row = newRow();
          await col.insertOne(row);
          await oracle.insertAsync(row);
        } else if (roll < 0.35) {
          expect(await col.count(filter), context).toBe(await oracle.countAsync(filter));
        } else {
          const options = newOptions();
          const mine = await col.find(filter, options);
          const ctx = `${context} ${JSON.stringify(options)}`;
          // The stream answers what find does, in the same order, a batch at a time.
          const streamed: Row[] = [];
          for await (const row of col.stream(filter, options)) streamed.push(row);
          expect(streamed, `stream ${ctx}`).toEqual(mine);
          if (options.sort) {
            expect(mine, ctx).toEqual(await nedbFind(oracle, filter, options));
          } else {
            // Without a sort the order is the store's own: the same documents, page by page.
            const all = await nedbFind(oracle, filter, {});
            const expected = Math.max(0, Math.min(all.length - (options.skip ?? 0), options.limit ?? all.length));
            expect(mine.length, ctx).toBe(expected);
            const ids = new Set(all.map((x) => x._id));
            for (const m of mine) expect(ids.has(m._id), ctx).toBe(true);
            if (!options.skip && !options.limit) expect(byId(mine), ctx).toEqual(byId(all));
          }
        }
      }
      await store.close();
    });
  }
});
