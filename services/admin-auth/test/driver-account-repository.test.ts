import { beforeEach, describe, expect, it } from 'vitest';
import type { Collection, Doc, DocumentStore } from '@vanhop/platform';
import { useTempEmbeddedStore } from '../../platform/test/temp-store.js';
import { DriverAccountRepository } from '../src/adapters/driver-account-repository.js';
import { DRIVER_ACCOUNTS } from '../src/domain/driver-account.js';

const dana = (name: string) => ({ name, email: 'Dana@Drivers.example', active: true });
const AT = '2026-03-01T09:00:00.000Z';

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
    return new Proxy(real, {
      get: (target, key) => (key === 'insertOne' ? insertOne : Reflect.get(target, key, target)),
    });
  };
  return new Proxy(store, {
    get: (target, key) => (key === 'collection' ? collection : Reflect.get(target, key, target)),
  });
}

describe('DriverAccountRepository.applyDriver (newest version wins)', () => {
  const store = useTempEmbeddedStore('driver-accounts');

  it('stores the first copy, takes a newer one and ignores an older one', async () => {
    const repo = new DriverAccountRepository(store());
    await repo.applyDriver('drv-dana', 2, dana('Dana Two'), AT);
    expect(await repo.findById('drv-dana')).toMatchObject({
      _id: 'drv-dana',
      name: 'Dana Two',
      emailKey: 'dana@drivers.example',
      version: 2,
    });
    await repo.applyDriver('drv-dana', 1, dana('Dana One'), AT);
    expect(await repo.findById('drv-dana')).toMatchObject({ name: 'Dana Two', version: 2 });
    await repo.applyDriver('drv-dana', 3, dana('Dana Three'), AT);
    expect(await repo.findById('drv-dana')).toMatchObject({ name: 'Dana Three', version: 3 });
  });

  it('keeps this copy when a concurrent delivery stored an older one first', async () => {
    const older = { _id: 'drv-dana', ...dana('Dana One'), emailKey: 'dana@drivers.example', version: 1 };
    await new DriverAccountRepository(racedBy(store(), older)).applyDriver('drv-dana', 2, dana('Dana Two'), AT);
    expect(await new DriverAccountRepository(store()).findById('drv-dana')).toMatchObject({
      name: 'Dana Two',
      version: 2,
    });
  });

  it('keeps the other copy when a concurrent delivery stored a newer one first', async () => {
    const newer = { _id: 'drv-dana', ...dana('Dana Three'), emailKey: 'dana@drivers.example', version: 3 };
    await new DriverAccountRepository(racedBy(store(), newer)).applyDriver('drv-dana', 2, dana('Dana Two'), AT);
    expect(await new DriverAccountRepository(store()).findById('drv-dana')).toMatchObject({
      name: 'Dana Three',
      version: 3,
    });
  });
});

/** Two drivers could share one sign-in e-mail. */
describe('DriverAccountRepository: one e-mail signs in to one account', () => {
  const store = useTempEmbeddedStore('driver-accounts');
  let repo: DriverAccountRepository;
  const signsIn = async (email: string) => (await repo.findByEmail(email)).map((a) => a._id);
  const at = (day: number) => `2026-03-0${day}T09:00:00.000Z`;
  beforeEach(async () => {
    repo = new DriverAccountRepository(store());
    await repo.ensureIndexes();
  });

  it('the driver whose e-mail changed last holds the address, whatever order the events arrive in', async () => {
    const driver = (email: string) => ({ name: 'Someone', email, active: true });
    await repo.applyDriver('drv-a', 1, driver('shared@drivers.example'), at(1));
    expect(await signsIn('shared@drivers.example')).toEqual(['drv-a']);
    // B took the address on day 2; A's own change (day 2 too) arrives after B's.
    await repo.applyDriver('drv-b', 1, driver('Shared@Drivers.example'), at(2));
    expect(await signsIn('SHARED@drivers.example')).toEqual(['drv-b']);
    expect((await repo.findById('drv-a'))!.signInKey).toBeUndefined();
    await repo.applyDriver('drv-a', 2, driver('a.new@drivers.example'), at(2));
    expect(await signsIn('a.new@drivers.example')).toEqual(['drv-a']);
    expect(await signsIn('shared@drivers.example')).toEqual(['drv-b']);

    // An out-of-date copy (C gave the address up on day 5, D took it on day 6) never takes it back.
    await repo.applyDriver('drv-d', 1, driver('moving@drivers.example'), at(6));
    await repo.applyDriver('drv-c', 1, driver('moving@drivers.example'), at(4));
    expect(await signsIn('moving@drivers.example')).toEqual(['drv-d']);
    await repo.applyDriver('drv-c', 2, driver('c.new@drivers.example'), at(5));
    expect(await signsIn('c.new@drivers.example')).toEqual(['drv-c']);
    // A change that keeps the e-mail keeps its date: an edit of D's name does not move the claim.
    await repo.applyDriver('drv-d', 2, { ...driver('moving@drivers.example'), name: 'Renamed' }, at(9));
    expect((await repo.findById('drv-d'))!.emailSince).toBe(at(6));
    expect(await store().collection(DRIVER_ACCOUNTS).count({ signInKey: 'moving@drivers.example' })).toBe(1);
  });

  it('copies stored before sign-in keys get one each, a driver who already has a password first', async () => {
    const old = {
      active: true,
      version: 1,
      name: 'Old copy',
      email: 'twice@drivers.example',
      emailKey: 'twice@drivers.example',
    };
    const col = store().collection<Doc & Record<string, unknown>>(DRIVER_ACCOUNTS);
    await col.insertOne({ _id: 'drv-no-password', ...old });
    await col.insertOne({ _id: 'drv-with-password', ...old, passwordHash: 'scrypt$...' });
    await col.insertOne({
      _id: 'drv-alone',
      ...old,
      email: 'alone@drivers.example',
      emailKey: 'alone@drivers.example',
    });
    await repo.ensureIndexes();
    expect(await signsIn('twice@drivers.example')).toEqual(['drv-with-password']);
    expect(await signsIn('alone@drivers.example')).toEqual(['drv-alone']);
    expect((await repo.findById('drv-no-password'))!.signInKey).toBeUndefined();
  });
});
