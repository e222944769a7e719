/**
 * Where the embedded quote path spends its time: starts the embedded product in this process,
 * loads `POST /api/booking` from a load generator in its own process, and prints the busy time by
 * function (self) and by package from a V8 CPU profile taken during the load. The profile is also
 * written for DevTools. Without a fleet size: the demo drivers and the benches' three-stop move.
 * With one: that many drivers of the made-up fleet (bench/support/seed-fleet.ts) and the scale
 * bench's NW2 → SE1 move, so the profile shows what grows with the fleet.
 * Run: npx tsx bench/profile-quote.ts [seconds] [out.cpuprofile] [drivers]   (loopback only; default 8 s)
 */
import './support/raw-text.js';
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { address } from '../test/support/booking-fixtures.js';
import { benchBooking, threeStopBooking } from './support/booking.js';
import { loadRun } from './support/load.js';
import { summariseProfile, type CpuProfile } from './support/cpu-profile.js';
import { seedDrivers } from './support/seed-fleet.js';

const { startEmbedded } = await import('../scripts/embedded/start-embedded.js');

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 8), 1), 60);
const out = process.argv[3] ?? 'quote.cpuprofile';
const fleet = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const booking =
  fleet === undefined
    ? threeStopBooking()
    : benchBooking(
        [address('p', 'London NW2, UK', '12 Example Road', 1), address('d', 'London SE1, UK', '7 Drop Lane', 0)],
        { vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3 },
      );
const post = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(booking),
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-profile-'));
if (fleet !== undefined) await seedDrivers(dataDir, fleet);
const product = await startEmbedded({
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  OPS_PORT: '0',
  DATA_DIR: dataDir,
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
  EMBEDDED_FORWARDING: 'in-process',
  ...(fleet !== undefined ? { SEED_DEMO_DRIVERS: 'false' } : {}),
});
const session = new Session();
try {
  const url = `${product.url}/api/booking`;
  await loadRun({ url, connections: 20, duration: 2, ...post }); // warm-up: JIT and caches
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const r = await loadRun({ url, connections: 20, duration: seconds, ...post });
  const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
  writeFileSync(out, JSON.stringify(profile));
  console.log(`${Math.round(r.requests.average)} req/s while profiled, non-2xx ${r.non2xx}; profile in ${out}\n`);
  console.log(summariseProfile(profile, 30));
} finally {
  session.disconnect();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
