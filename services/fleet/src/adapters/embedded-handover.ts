import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { DRIVER_AUDIT } from './driver-audit-log.js';
import { DRIVER_PORTAL_ACCOUNTS } from './driver-portal-accounts.js';
import { DRIVERS } from './driver-repository.js';
import { DRIVER_SLOTS } from './driver-slots.js';
import { DRIVER_TIME_LEDGER } from './driver-time-outbox.js';
import { JOB_PROOFS } from './job-proof-repository.js';
import { DRIVER_JOBS } from './job-repository.js';
import { SUPPLY_BACKFILLS } from './supply-backfill-mark.js';

/** The collections the fleet service owns, which the quote service held before the supply side had a service of its own. */
export const FLEET_COLLECTIONS = [
  DRIVERS,
  DRIVER_AUDIT,
  DRIVER_PORTAL_ACCOUNTS,
  DRIVER_SLOTS,
  DRIVER_TIME_LEDGER,
  DRIVER_JOBS,
  JOB_PROOFS,
  SUPPLY_BACKFILLS,
];

/**
 * The embedded store keeps each service's collections in `DATA_DIR/<service>/<collection>.db`. A
 * data folder from before the fleet service has the drivers, their time and jobs under quote's:
 * each one fleet owns that is there and not yet under fleet's is moved (renamed) once, before
 * either store opens, so an existing demo keeps its drivers, jobs and holds. (With MongoDB every
 * service shares one database: nothing to move.)
 */
export async function takeOverFromQuote(dataDir: string): Promise<string[]> {
  const from = path.join(dataDir, 'quote');
  const to = path.join(dataDir, 'fleet');
  const moved: string[] = [];
  for (const name of FLEET_COLLECTIONS) {
    const source = path.join(from, `${name}.db`);
    const target = path.join(to, `${name}.db`);
    if (!existsSync(source) || existsSync(target)) continue;
    await mkdir(to, { recursive: true });
    await rename(source, target);
    moved.push(name);
  }
  return moved;
}
