import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDocumentStore, type Collection, type Doc, type DocumentStore } from '@vanhop/platform';
import { DriverAccountRepository } from '../src/adapters/driver-account-repository.js';
import { DRIVER_ACCOUNTS } from '../src/domain/driver-account.js';

const dana = (name: string) => ({ name, email: 'Dana@Drivers.example', active: true });

/**
 * The store as another delivery of the same driver would leave it: that delivery stores its copy
 * just before this one's first insert, after this one found nothing.
 */
function racedBy(store: DocumentStore, other: Doc): DocumentStore {
  let raced = false;
  const collection = <T extends Doc>(name: string): Collection<T> => {
    const real = store.collection<T>(name);
    const insertOne = async (doc: T) => {
      if (!raced && name === DRIVER_ACCOUNTS) {
        raced = true;
        await real.insertOne(other as T);
      }
      return real.insertOne(doc);
    };
    return new Proxy(real, { get: (target, key) => (key === 'insertOne' ? insertOne : Reflect.get(target, key, target)) });
  };
  return new Proxy(store, { get: (target, key) => (key === 'collection' ? collection : Reflect.get(target, key, target)) });
}

describe('DriverAccountRepository.applyDriver (newest version wins)', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-driver-accounts-'));
    store = new EmbeddedDocumentStore(dir, 0);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the first copy, takes a newer one and ignores an older one', async () => {
    const repo = new DriverAccountRepository(store);
    await repo.applyDriver('drv-dana', 2, dana('Dana Two'));
    expect(await repo.findById('drv-dana')).toMatchObject({ _id: 'drv-dana', name: 'Dana Two', emailKey: 'dana@drivers.example', version: 2 });
    await repo.applyDriver('drv-dana', 1, dana('Dana One'));
    expect(await repo.findById('drv-dana')).toMatchObject({ name: 'Dana Two', version: 2 });
    await repo.applyDriver('drv-dana', 3, dana('Dana Three'));
    expect(await repo.findById('drv-dana')).toMatchObject({ name: 'Dana Three', version: 3 });
  });

  it('keeps this copy when a concurrent delivery stored an older one first', async () => {
    const older = { _id: 'drv-dana', ...dana('Dana One'), emailKey: 'dana@drivers.example', version: 1 };
    await new DriverAccountRepository(racedBy(store, older)).applyDriver('drv-dana', 2, dana('Dana Two'));
    expect(await new DriverAccountRepository(store).findById('drv-dana')).toMatchObject({ name: 'Dana Two', version: 2 });
  });

  it('keeps the other copy when a concurrent delivery stored a newer one first', async () => {
    const newer = { _id: 'drv-dana', ...dana('Dana Three'), emailKey: 'dana@drivers.example', version: 3 };
    await new DriverAccountRepository(racedBy(store, newer)).applyDriver('drv-dana', 2, dana('Dana Two'));
    expect(await new DriverAccountRepository(store).findById('drv-dana')).toMatchObject({ name: 'Dana Three', version: 3 });
  });
});
