import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../src/errors.js';
import { PENDING_OUTBOX } from '../../src/outbox.js';
import type { Doc, DocumentStore, FindOptions } from '../../src/ports/document-store.js';
import { uniqueSuffix } from './eventually.js';

export interface StoreFixture {
  /** Opens the store; called again after close() to prove what was written is still there. */
  open(): Promise<DocumentStore>;
  cleanup?(): Promise<void>;
}

interface Booking extends Doc {
  status: string;
  price: number;
  customer: { name: string; email: string; address?: { postcode: string } };
  tags: string[];
  outbox?: { eventId: string; topic: string }[];
  version?: number;
  note?: string | null;
  cancelledAt?: string;
}

const booking = (n: number, extra: Partial<Booking> = {}): Booking => ({
  _id: `b${n}`,
  status: n % 2 === 0 ? 'paid' : 'saved',
  price: n * 100,
  customer: { name: `Customer ${n}`, email: `c${n}@example.com`, address: { postcode: n < 3 ? 'NW2' : 'E1' } },
  tags: n % 3 === 0 ? ['stairs', 'fragile'] : ['stairs'],
  ...extra,
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/**
 * The DocumentStore port's behaviour, run unchanged against every adapter: the Mongo-style filters
 * and updates the services use, unique indexes, atomic conditional updates, and durability.
 */
export function documentStoreContract(name: string, fixture: StoreFixture): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    // Every test gets its own collection, so tests neither see nor depend on each other's data.
    const fresh = <T extends Doc = Booking>(label: string) => store.collection<T>(`${label}_${uniqueSuffix()}`);
    const seeded = async (label: string) => {
      const col = fresh(label);
      for (let n = 1; n <= 6; n++) await col.insertOne(booking(n));
      return col;
    };

    beforeAll(async () => {
      store = await fixture.open();
    });
    afterAll(async () => {
      await store?.close().catch(() => undefined);
      await fixture.cleanup?.();
    });

    it('inserts and reads back a deep copy; a missing id reads as null', async () => {
      const col = fresh('insert');
      const doc = booking(1, { note: null });
      const returned = await col.insertOne(doc);
      expect(returned).toEqual(doc);
      const found = await col.findOne({ _id: 'b1' });
      expect(found).toEqual(doc);
      found!.customer.name = 'changed';
      expect((await col.findOne({ _id: 'b1' }))!.customer.name).toBe('Customer 1');
      expect(await col.findOne({ _id: 'nope' })).toBeNull();
    });

    it('rejects a second document with the same _id with DuplicateKeyError', async () => {
      const col = fresh('dupid');
      await col.insertOne(booking(1));
      await expect(col.insertOne(booking(1, { price: 5 }))).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await col.findOne({ _id: 'b1' }))!.price).toBe(100);
    });

    it('enforces unique indexes (idempotently created) and leaves plain indexes permissive', async () => {
      const col = fresh('unique');
      await col.ensureIndex({ fields: { 'customer.email': 1 }, unique: true });
      await col.ensureIndex({ fields: { 'customer.email': 1 }, unique: true });
      await col.ensureIndex({ fields: { status: 1 } });
      await col.insertOne(booking(1));
      await col.insertOne(booking(3)); // same status, different email
      await expect(
        col.insertOne(booking(2, { customer: { name: 'x', email: 'c1@example.com' } })),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await col.updateOne({ _id: 'b3' }, { $set: { 'customer.email': 'new@example.com' } });
      await expect(
        col.updateOne({ _id: 'b3' }, { $set: { 'customer.email': 'c1@example.com' } }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await col.count({})).toBe(2);
    });

    it('inserts in order and stops at the first unique clash, keeping what went in before it', async () => {
      const col = fresh('ordered');
      await col.ensureIndex({ fields: { 'customer.email': 1 }, unique: true });
      await col.insertOne(booking(3));
      const clash = booking(9, { customer: { name: 'x', email: 'c3@example.com' } });
      expect(await col.insertOrdered([booking(1), booking(2), clash, booking(4)])).toBe(2);
      expect((await col.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['b1', 'b2', 'b3']);
      // An `_id` clash stops it the same way; an empty list is no call at all.
      expect(await col.insertOrdered([booking(1, { customer: { name: 'y', email: 'y@example.com' } })])).toBe(0);
      expect(await col.insertOrdered([])).toBe(0);
      expect(await col.insertOrdered([booking(4), booking(5)])).toBe(2);
      expect(await col.count({})).toBe(5);
    });

    it('filters by equality, dotted paths, $exists, $in, $ne and ranges', async () => {
      const col = await seeded('filter');
      const ids = async (filter: Record<string, unknown>) =>
        (await col.find(filter, { sort: { _id: 1 } })).map((d) => d._id);
      expect(await ids({ status: 'paid' })).toEqual(['b2', 'b4', 'b6']);
      expect(await ids({ 'customer.address.postcode': 'NW2' })).toEqual(['b1', 'b2']);
      expect(await ids({ 'customer.email': 'c5@example.com' })).toEqual(['b5']);
      expect(await ids({ _id: { $in: ['b1', 'b4', 'zz'] } })).toEqual(['b1', 'b4']);
      expect(await ids({ status: { $ne: 'paid' } })).toEqual(['b1', 'b3', 'b5']);
      expect(await ids({ price: { $gt: 200, $lte: 500 } })).toEqual(['b3', 'b4', 'b5']);
      expect(await ids({ price: { $gte: 500 } })).toEqual(['b5', 'b6']);
      expect(await ids({ price: { $lt: 200 } })).toEqual(['b1']);
      expect(await ids({ tags: 'fragile' })).toEqual(['b3', 'b6']);
      await col.updateOne({ _id: 'b2' }, { $set: { cancelledAt: '2026-01-01T00:00:00.000Z' } });
      expect(await ids({ cancelledAt: { $exists: true } })).toEqual(['b2']);
      expect(await ids({ cancelledAt: { $exists: false }, status: 'paid' })).toEqual(['b4', 'b6']);
      expect(await ids({ status: 'paid', price: { $gt: 300 } })).toEqual(['b4', 'b6']);
    });

    it("finds documents with a pending outbox through 'outbox.eventId': {$exists: true}, with a sparse index", async () => {
      const col = await seeded('outbox-by-id');
      await col.ensureIndex({ fields: { 'outbox.eventId': 1 }, sparse: true });
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e1', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b5' }, { $set: { outbox: [] } });
      expect((await col.find({ 'outbox.eventId': { $exists: true } })).map((d) => d._id)).toEqual(['b2']);
      await col.updateOne({ _id: 'b2' }, { $pull: { outbox: { eventId: 'e1' } } });
      expect(await col.find({ 'outbox.eventId': { $exists: true } })).toEqual([]);
    });

    it('finds documents with a pending outbox through the sparse index range the relay polls, each once, paged', async () => {
      const col = await seeded('outbox-range');
      await col.ensureIndex({ fields: { 'outbox.eventId': 1 }, sparse: true });
      // Two pending events on b2: an index over an array field holds b2 twice.
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e1', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e2', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b4' }, { $push: { outbox: { eventId: 'e3', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b5' }, { $set: { outbox: [] } });
      const pending = (options?: { limit?: number; skip?: number }) =>
        col.find(PENDING_OUTBOX, { sort: { _id: 1 }, ...options }).then((docs) => docs.map((d) => d._id));
      expect(await pending()).toEqual(['b2', 'b4']);
      expect(await pending({ limit: 2 })).toEqual(['b2', 'b4']);
      expect(await pending({ limit: 1, skip: 1 })).toEqual(['b4']);
      await col.updateOne({ _id: 'b2' }, { $pull: { outbox: { eventId: 'e1' } } });
      await col.updateOne({ _id: 'b2' }, { $pull: { outbox: { eventId: 'e2' } } });
      expect(await pending()).toEqual(['b4']);
    });

    it('finds the documents holding given pending events by their ids through the sparse index, each once', async () => {
      const col = await seeded('outbox-in');
      await col.ensureIndex({ fields: { 'outbox.eventId': 1 }, sparse: true });
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e1', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e2', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b4' }, { $push: { outbox: { eventId: 'e3', topic: 'quote.saved' } } });
      const holding = (eventIds: string[]) =>
        col.find({ 'outbox.eventId': { $in: eventIds } }, { sort: { _id: 1 } }).then((docs) => docs.map((d) => d._id));
      expect(await holding(['e1', 'e2'])).toEqual(['b2']);
      expect(await holding(['e2', 'e3', 'gone'])).toEqual(['b2', 'b4']);
      expect(await holding(['gone'])).toEqual([]);
    });

    it("finds documents with a pending outbox through 'outbox.0': {$exists: true}", async () => {
      const col = await seeded('outbox');
      await col.updateOne({ _id: 'b2' }, { $push: { outbox: { eventId: 'e1', topic: 'quote.saved' } } });
      await col.updateOne({ _id: 'b5' }, { $set: { outbox: [] } });
      expect((await col.find({ 'outbox.0': { $exists: true } })).map((d) => d._id)).toEqual(['b2']);
      await col.updateOne({ _id: 'b2' }, { $pull: { outbox: { eventId: 'e1' } } });
      expect(await col.find({ 'outbox.0': { $exists: true } })).toEqual([]);
    });

    it('sorts (both directions, nested keys), skips and limits', async () => {
      const col = await seeded('sort');
      expect((await col.find({}, { sort: { price: -1 }, limit: 2 })).map((d) => d._id)).toEqual(['b6', 'b5']);
      expect((await col.find({}, { sort: { price: 1 }, skip: 2, limit: 3 })).map((d) => d._id)).toEqual([
        'b3',
        'b4',
        'b5',
      ]);
      expect((await col.find({}, { sort: { 'customer.address.postcode': 1, price: -1 } })).map((d) => d._id)).toEqual([
        'b6',
        'b5',
        'b4',
        'b3',
        'b2',
        'b1',
      ]);
    });

    it('streams what find answers, in the same order: by index, by a field no index orders, with ties, skip and limit', async () => {
      const col = await seeded('stream');
      await col.ensureIndex({ fields: { status: 1 } });
      await col.ensureIndex({ fields: { price: 1 } });
      await col.updateOne({ _id: 'b5' }, { $set: { price: 200 } });
      const cases: [Record<string, unknown>, FindOptions][] = [
        [{}, { sort: { _id: 1 } }],
        [{}, { sort: { _id: -1 }, skip: 1, limit: 3 }],
        // Through the status index, in an order it does not give (price, then the postcode).
        [{ status: 'saved' }, { sort: { price: -1 } }],
        [{ status: { $in: ['paid', 'saved'] } }, { sort: { 'customer.address.postcode': 1, price: -1 } }],
        // In the price index's order, with a tie at 200 the second key settles.
        [{ price: { $gte: 200 } }, { sort: { price: 1, _id: -1 } }],
        [{ price: { $gte: 200 } }, { sort: { price: -1, _id: 1 }, limit: 2 }],
        [{ tags: 'fragile' }, { sort: { _id: 1 } }],
        [{ status: 'none' }, { sort: { _id: 1 } }],
      ];
      for (const [filter, options] of cases) {
        const context = JSON.stringify({ filter, options });
        expect(await collect(col.stream(filter, options)), context).toEqual(await col.find(filter, options));
      }
      // Without a sort: the same documents.
      const ids = (docs: Booking[]) => docs.map((d) => d._id).sort();
      expect(ids(await collect(col.stream({ status: 'paid' })))).toEqual(['b2', 'b4', 'b6']);
      expect(await collect(col.stream({}, { limit: 2 }))).toHaveLength(2);
    });

    it('streams many documents, in order, across batches, and sees the writes done before it', async () => {
      const col = fresh('stream-many');
      await col.ensureIndex({ fields: { price: 1 } });
      const docs = Array.from({ length: 1_200 }, (_, n) => booking(n, { _id: `m${String(n).padStart(5, '0')}` }));
      expect(await col.insertOrdered(docs)).toBe(docs.length);
      await col.updateOne({ _id: 'm00007' }, { $set: { price: -1 } });
      const streamed = await collect(col.stream({ price: { $gte: -1 } }, { sort: { price: 1 } }));
      expect(streamed).toHaveLength(docs.length);
      expect(streamed[0]).toMatchObject({ _id: 'm00007', price: -1 });
      expect(streamed.slice(1).map((d) => d._id)).toEqual(docs.map((d) => d._id).filter((id) => id !== 'm00007'));
      // An order no index gives (saved order by status, then id backwards) across batches too.
      const byStatus = await collect(col.stream({}, { sort: { status: 1, _id: -1 } }));
      expect(byStatus.map((d) => d._id)).toEqual(
        (await col.find({}, { sort: { status: 1, _id: -1 } })).map((d) => d._id),
      );
    });

    it('stops reading when the caller stops early, and the collection goes on serving', async () => {
      const col = fresh('stream-stop');
      expect(await col.insertOrdered(Array.from({ length: 700 }, (_, n) => booking(n)))).toBe(700);
      const taken: string[] = [];
      for await (const doc of col.stream({}, { sort: { price: 1 } })) {
        taken.push(doc._id);
        if (taken.length === 3) break;
      }
      expect(taken).toEqual(['b0', 'b1', 'b2']);
      await col.insertOne(booking(700));
      expect(await col.count({})).toBe(701);
      expect((await col.findOne({ _id: 'b700' }))?.price).toBe(70_000);
    });

    it('applies $set (dotted), $unset, $inc, $push and $pull (value and object query), reporting matches', async () => {
      const col = await seeded('update');
      await col.updateOne({ _id: 'b1' }, { $push: { outbox: { eventId: 'e1', topic: 't' } } });
      await col.updateOne({ _id: 'b1' }, { $push: { outbox: { eventId: 'e2', topic: 't' } } });
      const r = await col.updateOne(
        { _id: 'b1' },
        {
          $set: { status: 'paid', 'customer.address.postcode': 'SW1' },
          $unset: { note: true },
          $inc: { price: 50 },
          $push: { tags: 'piano' },
        },
      );
      expect(r.matched).toBe(1);
      await col.updateOne({ _id: 'b1' }, { $pull: { tags: 'stairs', outbox: { eventId: 'e1' } } });
      const b1 = await col.findOne({ _id: 'b1' });
      expect(b1).toMatchObject({
        status: 'paid',
        price: 150,
        tags: ['piano'],
        outbox: [{ eventId: 'e2', topic: 't' }],
      });
      expect(b1!.customer.address).toEqual({ postcode: 'SW1' });
      expect(b1!.customer.name).toBe('Customer 1');
      await col.updateOne({ _id: 'b1' }, { $unset: { outbox: true } });
      expect('outbox' in (await col.findOne({ _id: 'b1' }))!).toBe(false);
      await col.updateOne({ _id: 'b1' }, { $inc: { version: 1 } }); // $inc on a missing field starts at 0
      expect((await col.findOne({ _id: 'b1' }))!.version).toBe(1);
      expect(await col.updateOne({ _id: 'missing' }, { $set: { status: 'x' } })).toEqual({ matched: 0, modified: 0 });
      expect(await col.count({ status: 'x' })).toBe(0);
    });

    it('updates only the first match of a multi-match filter', async () => {
      const col = await seeded('single');
      expect((await col.updateOne({ status: 'paid' }, { $set: { note: 'touched' } })).matched).toBe(1);
      expect(await col.count({ note: 'touched' })).toBe(1);
    });

    it('findOneAndUpdate returns the document after the update, or null when nothing matched', async () => {
      const col = await seeded('fau');
      const after = await col.findOneAndUpdate(
        { _id: 'b2', status: 'paid' },
        { $set: { status: 'completed' }, $inc: { price: 1 } },
      );
      expect(after).toMatchObject({ _id: 'b2', status: 'completed', price: 201 });
      expect(await col.findOneAndUpdate({ _id: 'b2', status: 'paid' }, { $set: { status: 'again' } })).toBeNull();
      expect((await col.findOne({ _id: 'b2' }))!.status).toBe('completed');
    });

    it('makes a conditional update atomic: of concurrent writers on one version, exactly one wins', async () => {
      const col = fresh('cas');
      await col.insertOne(booking(1, { version: 0 }));
      const attempts = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          col.updateOne({ _id: 'b1', version: 0 }, { $set: { note: `writer ${i}` }, $inc: { version: 1 } }),
        ),
      );
      expect(attempts.filter((a) => a.matched === 1)).toHaveLength(1);
      expect((await col.findOne({ _id: 'b1' }))!.version).toBe(1);
    });

    it('deletes one document and counts by filter', async () => {
      const col = await seeded('delete');
      expect(await col.count({})).toBe(6);
      expect(await col.count({ status: 'saved' })).toBe(3);
      expect(await col.deleteOne({ status: 'saved' })).toBe(1);
      expect(await col.count({ status: 'saved' })).toBe(2);
      expect(await col.deleteOne({ _id: 'missing' })).toBe(0);
    });

    it('rejects an insert after close and keeps every write across close and reopen', async () => {
      const name = `durable_${uniqueSuffix()}`;
      const col = store.collection<Booking>(name);
      await col.ensureIndex({ fields: { 'customer.email': 1 }, unique: true });
      for (let n = 1; n <= 3; n++) await col.insertOne(booking(n));
      await col.updateOne(
        { _id: 'b2' },
        { $set: { status: 'completed' }, $push: { outbox: { eventId: 'e9', topic: 't' } } },
      );
      await col.deleteOne({ _id: 'b3' });
      await store.ping();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
      await expect(col.insertOne(booking(7))).rejects.toThrow();

      store = await fixture.open();
      const again = store.collection<Booking>(name);
      expect((await again.find({}, { sort: { _id: 1 } })).map((d) => [d._id, d.status])).toEqual([
        ['b1', 'saved'],
        ['b2', 'completed'],
      ]);
      expect((await again.findOne({ _id: 'b2' }))!.outbox).toEqual([{ eventId: 'e9', topic: 't' }]);
      // The unique index survives the restart too.
      await expect(
        again.insertOne(booking(5, { customer: { name: 'x', email: 'c1@example.com' } })),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });
}
