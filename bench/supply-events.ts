/**
 * What publishing driver-time.changed costs a checkout: a hold, its keep at payment and a release,
 * through DriverSlots on the embedded store, first as before the supply events (no time outbox)
 * and then with each change bracketed by DriverTimeOutbox (its ledger's mark before, the state read
 * and the event parked after; the relay is not run, so publishing to a bus is not counted). Prints
 * CPU and wall time per hold + keep + release and the ratios, in one run.
 * Run: npx tsx bench/supply-events.ts [cycles]   (default 300)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, systemClock } from '@vanhop/platform';
import { DriverSlots } from '../services/fleet/src/adapters/driver-slots.js';
import { DriverTimeOutbox } from '../services/fleet/src/adapters/driver-time-outbox.js';

const cycles = Math.min(Math.max(Number(process.argv[2] ?? 300), 10), 10_000);
const QUARTER_HOURS = 12;

async function measure(withOutbox: boolean): Promise<{ cpuUs: number; wallMs: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-bench-supply-'));
  const store = new EmbeddedDocumentStore(dir, 0);
  try {
    const slots = new DriverSlots(store, systemClock);
    await slots.ensureIndexes();
    if (withOutbox) {
      const outbox = new DriverTimeOutbox(store, { relay: { kick: async () => 0 }, clock: systemClock });
      await outbox.ensureIndexes();
      slots.publishTimeWith(outbox);
    }
    const first = Date.parse('2027-01-04T08:00:00.000Z');
    const cycle = async (i: number) => {
      // Each move on its own day and driver: no hold is in another's way.
      const from = new Date(first + i * 86_400_000);
      const window = { start: from, end: new Date(from.getTime() + QUARTER_HOURS * 900_000) };
      const bookingId = `bk-${withOutbox}-${i}`;
      await slots.hold(`drv-${i % 9}`, bookingId, window, new Date(Date.now() + 900_000));
      await slots.keep(bookingId);
      await slots.release(bookingId);
    };
    for (let i = 0; i < 20; i++) await cycle(cycles + i);
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < cycles; i++) await cycle(i);
    const used = process.cpuUsage(cpu);
    return { cpuUs: (used.user + used.system) / cycles, wallMs: (performance.now() - t0) / cycles };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const before = await measure(false);
const after = await measure(true);
console.log(`${cycles} checkouts' driver time (hold ${QUARTER_HOURS} quarter hours, keep, release), embedded store:`);
console.log(
  `  without the time outbox: ${before.cpuUs.toFixed(0)} us CPU, ${before.wallMs.toFixed(2)} ms wall per checkout`,
);
console.log(
  `  with it:                 ${after.cpuUs.toFixed(0)} us CPU, ${after.wallMs.toFixed(2)} ms wall per checkout` +
    ` (CPU ${(after.cpuUs / before.cpuUs).toFixed(2)}x, wall ${(after.wallMs / before.wallMs).toFixed(2)}x)`,
);
