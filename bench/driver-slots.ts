/**
 * The busy-drivers read every dated quote makes (DriverSlots.busy: which quarter hours of the move's
 * day are taken), on an embedded store holding a year of booked moves for the nine demo drivers,
 * first with only the indexes the collection had before the slotStart index, then with all of
 * DriverSlots' own indexes. Prints microseconds of CPU per read and the ratio, in one run.
 * Run: npx tsx bench/driver-slots.ts [days]   (default 365)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, systemClock } from '@vanhop/platform';
import { DRIVER_SLOTS, DriverSlots } from '../services/fleet/src/adapters/driver-slots.js';

const days = Math.min(Math.max(Number(process.argv[2] ?? 365), 1), 3650);
const drivers = 9;
const quarterHoursPerMove = 12;

const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-bench-slots-'));
const store = new EmbeddedDocumentStore(dir, 0);
try {
  const col = store.collection<{ _id: string; driverId: string; slotStart: string; bookingId: string; holdId: string }>(
    DRIVER_SLOTS,
  );
  // The indexes before the slotStart one: (driverId, slotStart) unique, and bookingId.
  await col.ensureIndex({ fields: { driverId: 1, slotStart: 1 }, unique: true });
  await col.ensureIndex({ fields: { bookingId: 1 } });
  const first = Date.parse('2026-01-05T08:00:00.000Z');
  const docs = [];
  for (let day = 0; day < days; day++)
    for (let d = 0; d < drivers; d++)
      for (let q = 0; q < quarterHoursPerMove; q++) {
        const slotStart = new Date(first + day * 86_400_000 + q * 900_000).toISOString();
        docs.push({
          _id: `drv-${d}:${slotStart}:h`,
          driverId: `drv-${d}`,
          slotStart,
          bookingId: `bk-${day}-${d}`,
          holdId: 'h',
        });
      }
  for (let i = 0; i < docs.length; i += 1000) await col.insertOrdered(docs.slice(i, i + 1000));

  const slots = new DriverSlots(store, systemClock);
  const from = new Date(first + Math.floor(days / 2) * 86_400_000);
  const to = new Date(from.getTime() + 86_400_000);
  const cpuPerRead = async (reads: number) => {
    for (let i = 0; i < 10; i++) await slots.busy(from, to);
    const before = process.cpuUsage();
    for (let i = 0; i < reads; i++) await slots.busy(from, to);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / reads;
  };
  const without = await cpuPerRead(50);
  await slots.ensureIndexes();
  const withIndex = await cpuPerRead(500);
  console.log(
    `${docs.length} slots held (${days} days, ${drivers} drivers, ${quarterHoursPerMove} quarter hours a day each)`,
  );
  console.log(
    `busy() for one day, CPU per read: ${without.toFixed(0)} us before the slotStart index, ${withIndex.toFixed(0)} us with it (${(withIndex / without).toFixed(4)})`,
  );
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
