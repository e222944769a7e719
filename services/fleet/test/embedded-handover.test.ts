import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, EmbeddedDocumentStore, fixedClock, MemoryEventBus, startService } from '@vanhop/platform';
import { DriverRepository } from '../src/adapters/driver-repository.js';
import { takeOverFromQuote } from '../src/adapters/embedded-handover.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { fleetService } from '../src/service.js';
import { NOW } from './support.js';

/**
 * An embedded data folder from before the fleet service holds the drivers under quote's store
 * (`DATA_DIR/quote/drivers.db`): the fleet takes them over once, so a demo keeps its drivers.
 */
describe('the fleet takes over the supply collections an embedded quote store held', () => {
  let dataDir = '';
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('moves the drivers to fleet once, leaves quote its own, and the fleet serves them', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-handover-'));
    const old = new EmbeddedDocumentStore(path.join(dataDir, 'quote'));
    await new DriverRepository(old).insert({ ...DEMO_DRIVERS[0]!, version: 1 });
    await old.collection('supply_cards').insertOne({ _id: DEMO_DRIVERS[0]!._id });
    await old.close();

    expect(await takeOverFromQuote(dataDir)).toContain('drivers');
    expect(existsSync(path.join(dataDir, 'fleet', 'drivers.db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'quote', 'drivers.db'))).toBe(false);
    // Quote's read model is its own: it stays.
    expect(existsSync(path.join(dataDir, 'quote', 'supply_cards.db'))).toBe(true);
    // Once: nothing left to move, and what fleet holds is never replaced.
    expect(await takeOverFromQuote(dataDir)).toEqual([]);

    const fleet = await startService(
      fleetService,
      fleetService.loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'false' }),
      { bus: new MemoryEventBus(createLogger('bus', 'silent')), clock: fixedClock(NOW) },
    );
    try {
      const res = await fetch(`${fleet.url}/internal/drivers/${DEMO_DRIVERS[0]!._id}/contact`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe(DEMO_DRIVERS[0]!.name);
    } finally {
      await fleet.stop();
    }
  });
});
