import { describe, expect, it } from 'vitest';
import { TOPICS } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { useTempEmbeddedStore } from '../../platform/test/temp-store.js';
import { DriverAccountRepository } from '../src/adapters/driver-account-repository.js';
import { DriverAccounts, type DriverAccountDeps } from '../src/app/driver-accounts.js';
import { DRIVER_ACCOUNTS } from '../src/domain/driver-account.js';

const AT = '2026-03-01T09:00:00.000Z';

/** Accounts opened before DriverAccountOpened existed are announced once at start, so quote knows every driver who can answer. */
describe('DriverAccounts.announceOpenAccounts', () => {
  const store = useTempEmbeddedStore('driver-account-opened');

  it('announces each account with a password once, and none without', async () => {
    const repo = new DriverAccountRepository(store());
    await repo.ensureIndexes();
    await repo.applyDriver('drv-open', 1, { name: 'Olu Open', email: 'olu@example.com', active: true }, AT);
    await repo.applyDriver('drv-none', 1, { name: 'Nia None', email: 'nia@example.com', active: true }, AT);
    const col = store().collection<{ _id: string; outbox?: { topic: string; event: { data: unknown } }[] }>(
      DRIVER_ACCOUNTS,
    );
    await col.updateOne({ _id: 'drv-open' }, { $set: { passwordHash: 'h', passwordSetAt: AT } });
    const accounts = new DriverAccounts({
      accounts: repo,
      clock: fixedClock('2026-03-02T09:00:00.000Z'),
    } as unknown as DriverAccountDeps);

    expect(await accounts.announceOpenAccounts()).toBe(1);
    expect(await accounts.announceOpenAccounts()).toBe(0);
    const opened = (await col.findOne({ _id: 'drv-open' }))!.outbox!;
    expect(opened.map((e) => [e.topic, e.event.data])).toEqual([
      [TOPICS.driverAccountOpened, { driverId: 'drv-open', at: AT }],
    ]);
    expect((await col.findOne({ _id: 'drv-none' }))!.outbox ?? []).toEqual([]);
  });
});
