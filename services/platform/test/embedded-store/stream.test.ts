import { describe, expect, it } from 'vitest';
import type { Collection, Doc, FindOptions } from '../../src/ports/document-store.js';
import { useTempEmbeddedStore } from '../temp-store.js';

interface Item extends Doc {
  n: number;
  group: string;
}

const item = (n: number): Item => ({ _id: `i${String(n).padStart(4, '0')}`, n, group: n % 2 === 0 ? 'even' : 'odd' });

/** Inserts 600 items (more than two of the stream's batches) with an index on `n`. */
async function filled(col: Collection<Item>): Promise<void> {
  await col.ensureIndex({ fields: { n: 1 } });
  expect(await col.insertOrdered(Array.from({ length: 600 }, (_, n) => item(n)))).toBe(600);
}

describe("the embedded store's stream", () => {
  const store = useTempEmbeddedStore('store-stream');

  it('waits for the writes asked for before it starts, as find does', async () => {
    const col = store().collection<Item>('items');
    await filled(col);
    const written = col.updateOne({ _id: 'i0003' }, { $set: { n: -1 } });
    const first = await col
      .stream({}, { sort: { n: 1 } })
      [Symbol.asyncIterator]()
      .next();
    await written;
    expect(first.value).toMatchObject({ _id: 'i0003', n: -1 });
  });

  // In the index's order (one pass) and in an order no index gives (a second pass reads in order).
  const orders: [string, FindOptions][] = [
    ['in an index order', { sort: { n: 1 } }],
    ['in an order no index gives', { sort: { group: 1, n: 1 } }],
  ];
  for (const [label, options] of orders) {
    it(`${label}: reads a batch at a time, so writes done while the caller holds it show, and a deletion is left out`, async () => {
      const col = store().collection<Item>('items');
      await filled(col);
      const seen: Item[] = [];
      for await (const doc of col.stream({}, options)) {
        seen.push(doc);
        // Writes go on while the stream is held, and documents not read yet are read as they are now.
        if (seen.length === 1) {
          expect(await col.deleteOne({ _id: 'i0598' })).toBe(1);
          expect((await col.updateOne({ _id: 'i0596' }, { $set: { seen: 'late' } })).matched).toBe(1);
        }
      }
      expect(seen).toHaveLength(599);
      expect(seen.some((d) => d._id === 'i0598')).toBe(false);
      expect(seen.find((d) => d._id === 'i0596')).toMatchObject({ seen: 'late' });
    });
  }

  it('fails, rather than ends short, when the store is closed during the read', async () => {
    const s = store();
    const col = s.collection<Item>('items');
    await filled(col);
    const reading = async () => {
      let n = 0;
      for await (const _ of col.stream({}, { sort: { n: 1 } })) if (++n === 1) await s.close();
    };
    await expect(reading()).rejects.toThrow(/closed/);
  });
});
