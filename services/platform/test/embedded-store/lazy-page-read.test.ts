import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedDocumentStore } from '../../src/adapters/embedded-document-store.js';
import { KEY_MAX, KEY_MIN, SortedEntries } from '../../src/adapters/embedded-store/sorted-entries.js';
import { compareKeyParts } from '../../src/adapters/embedded-store/store-index.js';
import type { Doc } from '../../src/ports/document-store.js';

const ALL = { from: { key: KEY_MIN, no: -Infinity }, to: { key: KEY_MAX, no: Infinity } };

/** Entries keyed `k0000`… with document numbers 0…, across several chunks. */
function entriesOf(count: number): SortedEntries {
  const entries = new SortedEntries(compareKeyParts);
  for (let no = 0; no < count; no++) entries.insert(`k${String(no).padStart(4, '0')}`, no);
  return entries;
}

describe('the embedded index walked a batch at a time', () => {
  it('gives every entry once, in order, forwards and backwards, the last batch short', () => {
    const entries = entriesOf(2500);
    for (const backwards of [false, true]) {
      const batches = [...entries.batches(ALL.from, ALL.to, backwards, 300)];
      expect(batches.map((b) => b.nos.length)).toEqual([300, 300, 300, 300, 300, 300, 300, 300, 100]);
      const nos = batches.flatMap((b) => b.nos);
      const inOrder = Array.from({ length: 2500 }, (_, no) => no);
      expect(nos).toEqual(backwards ? inOrder.reverse() : inOrder);
    }
  });

  it('stays in place when writes between batches split and empty chunks: the entries kept throughout come once each', () => {
    for (const backwards of [false, true]) {
      const entries = entriesOf(3000);
      const seen: number[] = [];
      let extra = 10_000;
      for (const batch of entries.batches(ALL.from, ALL.to, backwards, 250)) {
        seen.push(...batch.nos);
        // Ahead of the walk and behind it: a thousand new entries (splitting chunks), and the
        // removal of documents numbered 1000…1999 as the walk reaches them.
        for (let i = 0; i < 100; i++, extra++) entries.insert(`k${String(extra % 3000).padStart(4, '0')}x`, extra);
        for (let no = 1000; no < 2000; no++) entries.remove(`k${String(no).padStart(4, '0')}`, no);
      }
      const kept = seen.filter((no) => no < 1000 || (no >= 2000 && no < 3000));
      const expected = [
        ...Array.from({ length: 1000 }, (_, no) => no),
        ...Array.from({ length: 1000 }, (_, i) => 2000 + i),
      ];
      expect(kept).toEqual(backwards ? expected.reverse() : expected);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

interface Row extends Doc {
  day: string;
  n: number;
}

describe('a page read on the embedded store', () => {
  const dirs: string[] = [];
  const stores: EmbeddedDocumentStore[] = [];
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('walks the index only as far as the page (and its last key’s ties) when the index gives the order', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-store-page-'));
    dirs.push(dir);
    const store = new EmbeddedDocumentStore(dir, 0);
    stores.push(store);
    const rows = store.collection<Row>('rows');
    await rows.ensureIndex({ fields: { day: 1 } });
    const day = (n: number) => `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    await rows.insertOrdered(Array.from({ length: 3000 }, (_, n) => ({ _id: `r${n}`, day: day(n), n })));

    // Counts the index entries every walk visits.
    let visited = 0;
    const scan = SortedEntries.prototype.scan;
    vi.spyOn(SortedEntries.prototype, 'scan').mockImplementation(function (this: SortedEntries, from, to, back, visit) {
      return scan.call(this, from, to, back, (key, no) => {
        visited++;
        return visit(key, no);
      });
    });

    const page = await rows.find({ day: { $gte: '2026-03-01' } }, { sort: { day: 1 }, limit: 10 });
    const all = (await rows.find({})).filter((r) => r.day >= '2026-03-01').sort((a, b) => a.day.localeCompare(b.day));
    expect(page.map((r) => r.day)).toEqual(all.slice(0, 10).map((r) => r.day));
    visited = 0;
    await rows.find({ day: { $gte: '2026-03-01' } }, { sort: { day: 1 }, limit: 10 });
    // The page, the ties of its last day (a day is shared by at most a handful) and one batch to spare.
    expect(visited).toBeLessThan(200);

    // The same through a backward walk (newest first).
    visited = 0;
    const latest = await rows.find({}, { sort: { day: -1 }, limit: 5 });
    expect(latest.map((r) => r.day)).toEqual(
      all
        .reverse()
        .slice(0, 5)
        .map((r) => r.day),
    );
    expect(visited).toBeLessThan(200);
  });
});
