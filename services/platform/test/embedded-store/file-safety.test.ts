import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDocumentStore } from '../../src/adapters/embedded-document-store.js';
import { DuplicateKeyError } from '../../src/errors.js';
import type { Doc } from '../../src/ports/document-store.js';

interface Item extends Doc {
  n: number;
  body?: string;
  at?: Date;
  tag?: string;
}

describe('the embedded store on disk', () => {
  const dirs: string[] = [];
  const stores: EmbeddedDocumentStore[] = [];
  const folder = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-store-file-'));
    dirs.push(dir);
    return dir;
  };
  const open = (dir: string, compactEveryMs = 0) => {
    const s = new EmbeddedDocumentStore(dir, compactEveryMs);
    stores.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('drops a last line a crash cut short and goes on appending after the last whole one', async () => {
    const dir = await folder();
    const first = open(dir).collection<Item>('items');
    for (let n = 0; n < 5; n++) await first.insertOne({ _id: `i${n}`, n });
    await stores[0]!.close();
    await appendFile(path.join(dir, 'items.db'), '{"_id":"i9","n":9,"bo');

    const items = open(dir).collection<Item>('items');
    expect((await items.find({}, { sort: { n: 1 } })).map((i) => i._id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    await items.insertOne({ _id: 'i5', n: 5 });
    await stores[1]!.close();
    const again = open(dir).collection<Item>('items');
    expect(await again.count({})).toBe(6);
    expect(await again.findOne({ _id: 'i5' })).toEqual({ _id: 'i5', n: 5 });
  });

  it('refuses a file most of whose lines cannot be read, naming it, rather than start empty', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, 'items.db'), '{"_id":"a","n":1}\nnot json\nnot json either\n');
    const items = open(dir).collection<Item>('items');
    await expect(items.count({})).rejects.toThrow(/items\.db: 2 of 3 lines cannot be read/);
  });

  it('reads a file NeDB wrote (dates, deletions, its index lines) and builds the indexes asked for', async () => {
    const dir = await folder();
    await writeFile(
      path.join(dir, 'items.db'),
      [
        '{"_id":"a","n":1,"tag":"x","at":{"$$date":1764000000000}}',
        '{"_id":"b","n":2,"tag":"y"}',
        '{"$$indexCreated":{"fieldName":"tag","unique":false,"sparse":false}}',
        '{"_id":"a","n":3,"tag":"x","at":{"$$date":1764000000000}}',
        '{"$$deleted":true,"_id":"b"}',
        '{"_id":"c","n":4,"tag":"x"}',
        '',
      ].join('\n'),
    );
    const items = open(dir).collection<Item>('items');
    await items.ensureIndex({ fields: { tag: 1 } });
    const xs = await items.find({ tag: 'x' }, { sort: { n: 1 } });
    expect(xs.map((i) => [i._id, i.n])).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    expect(xs[0]!.at).toEqual(new Date(1764000000000));
    expect(await items.findOne({ _id: 'b' })).toBeNull();
  });

  it('refuses a unique index over documents that already clash', async () => {
    const dir = await folder();
    const items = open(dir).collection<Item>('items');
    await items.insertOne({ _id: 'a', n: 1, tag: 'same' });
    await items.insertOne({ _id: 'b', n: 2, tag: 'same' });
    await expect(items.ensureIndex({ fields: { tag: 1 }, unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('rewrites a file whose replaced lines outweigh the live ones, on load and on its timer, keeping every document', async () => {
    const dir = await folder();
    const file = path.join(dir, 'items.db');
    const items = open(dir).collection<Item>('items');
    await items.ensureIndex({ fields: { n: 1 } });
    const body = 'x'.repeat(20_000);
    for (let n = 0; n < 10; n++) await items.insertOne({ _id: `i${n}`, n, body });
    for (let round = 1; round <= 12; round++) {
      for (let n = 0; n < 10; n++) await items.updateOne({ _id: `i${n}` }, { $set: { n: n + round * 100 } });
    }
    await stores[0]!.close();
    const grown = (await stat(file)).size;
    expect(grown).toBeGreaterThan(2_000_000);

    const reopened = open(dir).collection<Item>('items');
    expect(await reopened.count({ n: { $gte: 1200 } })).toBe(10);
    const compacted = (await stat(file)).size;
    expect(compacted).toBeLessThan(grown / 5);
    // The index declaration comes first, so the next load needs one read of the file.
    expect((await readFile(file, 'utf8')).split('\n')[0]).toBe(
      '{"$$index":{"fields":["n"],"unique":false,"sparse":false}}',
    );

    await stores[1]!.close();
    const timed = open(dir, 25).collection<Item>('items');
    const before = (await stat(file)).ino;
    for (let round = 13; round <= 25; round++) {
      for (let n = 0; n < 10; n++) await timed.updateOne({ _id: `i${n}` }, { $set: { n: n + round * 100 } });
    }
    // The timer rewrites the file (a new file renamed over it) once the dead lines outweigh the
    // live ones, during the updates or after them; readers see whole, current documents meanwhile.
    let rewritten = false;
    while (!rewritten) {
      const page = await timed.find({ n: { $gte: 2500 } }, { sort: { n: 1 } });
      expect(page.map((i) => i.n)).toEqual(Array.from({ length: 10 }, (_, n) => n + 2500));
      expect(page.every((i) => i.body === body)).toBe(true);
      rewritten = (await stat(file)).ino !== before;
    }
    await stores[2]!.close();
    expect(await open(dir).collection<Item>('items').count({})).toBe(10);
  });
});
