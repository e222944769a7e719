import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, EmbeddedDocumentStore } from '@vanhop/platform';
import { DRIVERS, DriverRepository } from '../src/adapters/driver-repository.js';
import type { DriverDoc } from '../src/domain/ports.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';

const stored = (id: string, email: string): DriverDoc => ({ ...DEMO_DRIVERS[0]!, _id: id, email, version: 1 });

/** Two drivers could share one sign-in e-mail. The store's unique index is what holds under races. */
describe('DriverRepository: one e-mail, one driver', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let repo: DriverRepository;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-driver-email-'));
    store = new EmbeddedDocumentStore(dir, 0);
    repo = new DriverRepository(store);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second driver with the e-mail, whatever its case, on insert and on update', async () => {
    await repo.ensureIndexes();
    await repo.insert(stored('drv-one', 'Same@Drivers.example'));
    await expect(repo.insert(stored('drv-two', 'same@drivers.EXAMPLE'))).rejects.toBeInstanceOf(DuplicateKeyError);
    await repo.insert(stored('drv-three', 'three@drivers.example'));
    await expect(repo.updateIfVersion('drv-three', 1, { email: 'SAME@drivers.example' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    expect((await repo.findById('drv-three'))!.email).toBe('three@drivers.example');
    // Two simultaneous additions of one address: exactly one is stored.
    const results = await Promise.allSettled([
      repo.insert(stored('drv-four', 'race@drivers.example')),
      repo.insert(stored('drv-five', 'Race@drivers.example')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('gives drivers stored before the index their key; of two sharing an address the first keeps it and both stay readable', async () => {
    const col = store.collection<DriverDoc>(DRIVERS);
    await col.insertOne(stored('drv-a-old', 'shared@drivers.example'));
    await col.insertOne(stored('drv-b-old', 'Shared@Drivers.example'));
    await col.insertOne(stored('drv-c-old', 'own@drivers.example'));
    await repo.ensureIndexes();
    expect(await col.count({ emailKey: 'shared@drivers.example' })).toBe(1);
    expect((await col.findOne({ _id: 'drv-a-old' }))!.emailKey).toBe('shared@drivers.example');
    expect((await col.findOne({ _id: 'drv-c-old' }))!.emailKey).toBe('own@drivers.example');
    expect((await repo.listAll()).map((d) => d._id).sort()).toEqual(['drv-a-old', 'drv-b-old', 'drv-c-old']);
    // A new driver cannot take the shared address; the leftover duplicate can still be edited.
    await expect(repo.insert(stored('drv-new', 'SHARED@drivers.example'))).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await repo.updateIfVersion('drv-b-old', 1, { phone: '07700900111' })).toMatchObject({
      phone: '07700900111',
    });
    expect(await repo.updateIfVersion('drv-b-old', 2, { email: 'b.own@drivers.example' })).toMatchObject({
      email: 'b.own@drivers.example',
    });
    expect((await col.findOne({ _id: 'drv-b-old' }))!.emailKey).toBe('b.own@drivers.example');
  });
});
