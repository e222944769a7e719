import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../src/errors.js';
import { claimLease, StoreLeases, type LeaseDoc } from '../src/store-leases.js';
import { useTempEmbeddedStore } from './temp-store.js';

/** Store leases on the embedded store (the same conditional writes every DocumentStore adapter passes its contract with). */
describe('StoreLeases', () => {
  const store = useTempEmbeddedStore('leases', 'block');
  let now = Date.parse('2026-03-01T09:00:00.000Z');
  const clock = { now: () => new Date(now) };
  let n = 0;
  const leases = (waitMs = 5_000) =>
    new StoreLeases(store().collection<LeaseDoc>(`leases_${++n}`), { clock, ttlMs: 30_000, waitMs, pollMs: 5 });

  it('runs the work of callers sharing a name one at a time, and those with other names alongside', async () => {
    // A generous wait: on a loaded machine four turns can take a while; a broken lease fails on `most`.
    const l = leases(20_000);
    let inside = 0;
    let most = 0;
    const order: string[] = [];
    const work = (label: string) => async () => {
      inside++;
      most = Math.max(most, inside);
      order.push(`${label} in`);
      // Another caller gets every chance to start meanwhile.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      order.push(`${label} out`);
      inside--;
      return label;
    };
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((x) => l.withLeases(['client:1'], work(x))));
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
    // Each caller's work ends before the next one's starts.
    for (let i = 0; i < order.length; i += 2) expect(order[i]!.slice(0, 1)).toBe(order[i + 1]!.slice(0, 1));

    // Other names run alongside: each work waits until the other has started, which only ends if
    // neither waits for the other's lease (else the waiting one is refused after its wait).
    const signal = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    const started = { e: signal(), f: signal() };
    const meet = (me: 'e' | 'f', other: 'e' | 'f') => async () => {
      started[me].resolve();
      await started[other].promise;
      return me;
    };
    expect(
      await Promise.all([l.withLeases(['client:1'], meet('e', 'f')), l.withLeases(['client:2'], meet('f', 'e'))]),
    ).toEqual(['e', 'f']);
  });

  it('takes several names in one order, so callers with overlapping names never wait on each other in a circle', async () => {
    const l = leases(2_000);
    const done = await Promise.all([
      l.withLeases(['client:x', 'holder:y'], async () => 'first'),
      l.withLeases(['holder:y', 'client:x'], async () => 'second'),
    ]);
    expect(done).toEqual(['first', 'second']);
  });

  it('gives the lease back when the work throws', async () => {
    const l = leases(200);
    await expect(
      l.withLeases(['client:3'], async () => {
        throw new Error('the provider failed');
      }),
    ).rejects.toThrow('the provider failed');
    expect(await l.withLeases(['client:3'], async () => 'free again')).toBe('free again');
  });

  it("wakes this process's waiter as soon as the lease is given back, without waiting for the next poll", async () => {
    // A poll that never comes: only the wake-up on give-back can let the second caller in.
    const l = new StoreLeases(store().collection<LeaseDoc>('leases_wake'), {
      clock,
      ttlMs: 30_000,
      waitMs: 60_000,
      sleep: () => new Promise<void>(() => undefined),
    });
    let release!: () => void;
    const firstStarted = new Promise<void>((started) => {
      void l.withLeases(['client:5'], () => {
        started();
        return new Promise<void>((r) => {
          release = r;
        });
      });
    });
    await firstStarted;
    const second = l.withLeases(['client:5'], async () => 'second ran');
    release();
    expect(await second).toBe('second ran');
  });

  it('refuses with a 503 a caller that waited its whole wait, and lets a lapsed lease (a crashed holder) be taken', async () => {
    const col = store().collection<LeaseDoc>('leases_crashed');
    // A holder that died holding the lease: nobody will give it back.
    await col.insertOne({ _id: 'client:4', owner: 'gone', until: new Date(now + 30_000).toISOString() });
    const l = new StoreLeases(col, { clock, ttlMs: 30_000, waitMs: 50, pollMs: 5 });
    const refused = await l.withLeases(['client:4'], async () => 'ran').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).status).toBe(503);
    now += 31_000;
    expect(await l.withLeases(['client:4'], async () => 'ran')).toBe('ran');
    expect(await col.findOne({ _id: 'client:4' })).toBeNull();
  });

  it('says whether a claim renewed the lease its owner held, took a free or lapsed one, or was refused', async () => {
    const col = store().collection<LeaseDoc>('leases_claims');
    const claim = (owner: string, renew = true) =>
      claimLease(col, { name: 'outbox:x', owner, now: new Date(now), ttlMs: 30_000, renew });
    expect(await claim('a')).toBe('took');
    expect(await claim('a')).toBe('renewed');
    expect(await claim('b')).toBe('refused');
    // Without `renew` even the holder is refused: a second caller of the same work waits.
    expect(await claim('a', false)).toBe('refused');
    now += 30_000;
    expect(await claim('b')).toBe('took');
    expect(await claim('a')).toBe('refused');
    expect((await col.findOne({ _id: 'outbox:x' }))?.owner).toBe('b');
  });
});
